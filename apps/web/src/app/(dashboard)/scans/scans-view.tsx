"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterInputs } from "@ems/core";
import { Button, DataTable, Field, PageHeader, StatusPill, toast } from "@ems/ui";
import { Progress, SCAN_TONE } from "@/components/progress";
import { formatDate, useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

type Status = RouterInputs["scans"]["list"]["status"];
const STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const satisfies Status[];

export function ScansView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>();
  const list = useQuery({
    ...trpc.scans.list.queryOptions({ page, limit: 50, status }),
    // Live progress while anything is queued or running.
    refetchInterval: (q) =>
      q.state.data?.items.some((s) => s.status === "queued" || s.status === "running") ? 1500 : false,
  });
  const cancel = useMutation(
    trpc.scans.delete.mutationOptions({
      onSuccess: (r) => (toast.info(r.message), qc.invalidateQueries({ queryKey: trpc.scans.pathKey() })),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Scans"
        description={
          "Scans of proven assets: ports, TLS, HTTP, technologies and templates. Start one from an asset's page."
        }
      />
      <DataTable
        label="Scans"
        toolbar={
          <Field label="Status">
            <select
              value={status ?? ""}
              onChange={(e) => (setStatus((e.target.value || undefined) as Status), setPage(1))}
            >
              <option value="">Any</option>
              {STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
        }
        columns={[
          { key: "id", header: "Scan", render: (s) => <Link href={`/scans/${s.id}`}>#{s.id}</Link> },
          { key: "asset", header: "Asset", render: (s) => <Link href={`/assets/${s.asset.id}`}>{s.asset.value}</Link> },
          {
            key: "status",
            header: "Status",
            render: (s) => <StatusPill status={s.status} tone={SCAN_TONE[s.status]} />,
          },
          {
            key: "progress",
            header: "Progress",
            render: (s) =>
              s.status === "running" || s.status === "queued" ? (
                <Progress value={s.progress} label={s.stage ?? undefined} />
              ) : (
                (s.error ?? `${s.progress}%`)
              ),
          },
          { key: "findingsCount", header: "Findings" },
          { key: "createdAt", header: "Started", render: (s) => formatDate(s.startedAt ?? s.createdAt) },
          { key: "finishedAt", header: "Finished", render: (s) => formatDate(s.finishedAt) },
          {
            key: "actions",
            header: "",
            render: (s) =>
              canWrite &&
              (s.status === "queued" || s.status === "running") && (
                <Button size="sm" variant="secondary" onClick={() => cancel.mutate({ id: s.id })}>
                  Cancel
                </Button>
              ),
          },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(s) => s.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={setPage}
        loading={list.isLoading}
      />
    </div>
  );
}
