"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseAsInteger, useQueryState } from "nuqs";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Button, Card, ConfirmDialog, DataTable, PageHeader, StatusPill, toast } from "@ems/ui";
import { SecretValue } from "@/components/secret-value";
import { errorMessage, useTRPC } from "@/trpc/client";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm } from "./webhook-form";
import { label } from "@/components/labels";

type Endpoint = RouterOutputs["webhooks"]["list"]["items"][number];

/** A secret shown once, with a copy button. */
function Secret({ value, onDone }: { value: string; onDone: () => void }) {
  return (
    <div className="mt-3 flex flex-col gap-2">
      <p>
        Copy this signing secret now. It will not be shown again; receivers verify the webhook-signature header with it.
      </p>
      <SecretValue value={value} label="Copy signing secret" testId="new-webhook-secret" />
      <div>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

export function WebhooksView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [secret, setSecret] = useState<string | null>(null);
  // The endpoint whose delivery log shows, in the URL: a digest's "delivery log" link opens it (?endpoint=<id>).
  const [selectedId, setSelectedId] = useQueryState("endpoint", parseAsInteger);
  const setSelected = (e: Endpoint | null) => void setSelectedId(e?.id ?? null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const list = useQuery(trpc.webhooks.list.queryOptions({ page, limit: 25 }));
  const selected = useQuery({
    ...trpc.webhooks.get.queryOptions({ id: selectedId ?? 0 }),
    enabled: selectedId !== null,
  }).data;
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const refreshLog = () => qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
  const onError = (err: unknown) => toast.error(errorMessage(err));

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({ onSuccess: (e) => (setSecret(e.secret), setSelected(e), refresh()) }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: (e) => (toast.success(e.enabled ? "Endpoint enabled" : "Endpoint disabled"), refresh()),
      onError,
    }),
  );
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: () => (toast.success("Test event queued"), refreshLog()),
      onError,
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: (e) => (setSecret(e.secret), setRotating(null)) }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: (r) => (toast.success(r.message), setDeleting(null), setSelected(null), refresh()),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Webhooks"
        description={
          "Alerts when something changes: new, reopened and resolved issues, newly open ports, failed scans, " +
          "unreachable assets, by webhook or e-mail, each at once or as an hourly or daily digest. Messages are " +
          "signed (Standard Webhooks) and retried; nothing is sent when nothing changed."
        }
      />
      <Card title="New endpoint">
        <WebhookForm onSubmit={(input) => create.mutate(input)} pending={create.isPending} error={create.error} />
        {secret && <Secret value={secret} onDone={() => setSecret(null)} />}
      </Card>
      <DataTable<Endpoint>
        data-testid="webhook-endpoints"
        label="Webhook endpoints"
        columns={[
          {
            key: "url",
            header: "Endpoint",
            render: (e) => (
              <div>
                <code>{e.channel === "email" ? `E-mail: ${e.recipients.join(", ")}` : e.url}</code>
                {e.urlMasked && (
                  <div className="text-sm text-muted-foreground">
                    The URL is a secret: admins and owners see it whole.
                  </div>
                )}
                {e.description && <div className="text-sm text-muted-foreground">{e.description}</div>}
              </div>
            ),
          },
          {
            key: "format",
            header: "Format",
            render: (e) => (e.channel === "email" ? "E-mail" : label("webhookFormat", e.format)),
          },
          {
            key: "delivery",
            header: "Delivery",
            render: (e) => (
              <div data-testid="webhook-delivery-mode">
                {label("webhookDelivery", e.delivery)}
                <div className="text-sm text-muted-foreground">{label("minSeverity", e.minSeverity)}</div>
              </div>
            ),
          },
          {
            key: "events",
            header: "Sent when",
            render: (e) => (
              <span className="text-sm text-muted-foreground" title={e.events.join(", ")}>
                {e.events.map((v) => label("webhookEvent", v)).join("; ")}
              </span>
            ),
          },
          {
            key: "enabled",
            header: "Status",
            render: (e) => (
              <div>
                <StatusPill status={e.enabled ? "Enabled" : "Disabled"} tone={e.enabled ? "success" : "danger"} />
                {e.disabledReason && (
                  <div className="text-sm text-muted-foreground" data-testid="webhook-disabled-reason">
                    {e.disabledReason}
                  </div>
                )}
              </div>
            ),
          },
          {
            key: "actions",
            header: "",
            render: (e) => (
              <div className="flex flex-wrap items-center gap-1">
                <Button size="sm" variant="secondary" onClick={() => setSelected(e)}>
                  Deliveries
                </Button>
                <Button size="sm" variant="secondary" onClick={() => (setSelected(e), test.mutate({ id: e.id }))}>
                  Send test event
                </Button>
                <Button size="sm" variant="ghost" onClick={() => update.mutate({ id: e.id, enabled: !e.enabled })}>
                  {e.enabled ? "Disable" : "Enable"}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setRotating(e)}>
                  Rotate secret
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(e)}>
                  Delete
                </Button>
              </div>
            ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(e) => e.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={25}
        onPageChange={setPage}
        loading={list.isLoading}
        empty="No endpoints yet."
      />
      {selected && selectedId === selected.id && <WebhookDeliveries endpoint={selected} />}
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        onCancel={() => setRotating(null)}
        onConfirm={() => rotate.mutateAsync({ id: rotating!.id })}
      >
        Messages from now on are signed with the new secret; the receiver stops accepting them until it has it.
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the endpoint ${deleting?.url ?? ""}?`}
        danger
        confirmLabel="Delete endpoint"
        onCancel={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync({ id: deleting!.id })}
      >
        Its delivery log is deleted with it and messages waiting for a retry are dropped. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
