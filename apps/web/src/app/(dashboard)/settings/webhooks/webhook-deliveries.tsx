"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, DataTable, RelativeTime, StatusPill, toast } from "@ems/ui";
import { errorMessage, useTRPC } from "@/trpc/client";
import { label } from "@/components/labels";

type Endpoint = RouterOutputs["webhooks"]["list"]["items"][number];
type Delivery = RouterOutputs["webhooks"]["deliveries"]["items"][number];

const TONE = { pending: "info", delivered: "success", failed: "danger" } as const;

/** The delivery log of one endpoint, newest first; refreshed while messages are pending. */
export function WebhookDeliveries({ endpoint }: { endpoint: Endpoint }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const input = { id: endpoint.id, page, limit: 25 };
  const log = useQuery({
    ...trpc.webhooks.deliveries.queryOptions(input),
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === "pending") ? 1500 : false),
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: () => (
        toast.success("Sent again"),
        qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() })
      ),
      onError: (err) => toast.error(errorMessage(err)),
    }),
  );

  return (
    <Card title={`Delivery log: ${endpoint.channel === "email" ? endpoint.recipients.join(", ") : endpoint.url}`}>
      <DataTable<Delivery>
        data-testid="webhook-deliveries"
        label="Deliveries"
        columns={[
          { key: "createdAt", header: "Time", render: (d) => <RelativeTime date={d.createdAt} /> },
          {
            key: "eventType",
            header: "Event",
            render: (d) => (
              <span title={d.eventType}>
                {d.eventType === "webhook.test" ? "Test event" : label("webhookEvent", d.eventType)}
              </span>
            ),
          },
          {
            key: "status",
            header: "Status",
            card: "badge",
            render: (d) => <StatusPill status={label("deliveryStatus", d.status)} tone={TONE[d.status]} />,
          },
          { key: "lastStatusCode", header: "HTTP", render: (d) => d.lastStatusCode ?? "—", align: "right" },
          {
            key: "latencyMs",
            header: "Latency",
            render: (d) => (d.latencyMs === null ? "—" : `${d.latencyMs} ms`),
            align: "right",
          },
          { key: "attempts", header: "Attempts", align: "right" },
          {
            key: "lastError",
            header: "Last error / next attempt",
            render: (d) => (
              <span className="text-sm text-muted-foreground">
                {d.lastError ?? ""}
                {d.nextAttemptAt && d.status === "pending" && d.attempts > 0 && (
                  <>
                    {" "}
                    (retry <RelativeTime date={d.nextAttemptAt} />)
                  </>
                )}
              </span>
            ),
          },
          {
            key: "actions",
            header: "",
            render: (d) =>
              d.status !== "pending" && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => redeliver.mutate({ id: endpoint.id, deliveryId: d.id })}
                >
                  Redeliver
                </Button>
              ),
          },
        ]}
        rows={log.data?.items ?? []}
        rowKey={(d) => d.id}
        total={log.data?.total ?? 0}
        page={page}
        limit={25}
        onPageChange={setPage}
        loading={log.isLoading}
        empty="No messages yet. Send a test event to see one here."
      />
    </Card>
  );
}
