"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsStringLiteral } from "nuqs";
import type { RouterInputs } from "@ems/core";
import { Button, DataTable, EmptyState, Field, PageHeader, RelativeTime, StatusPill, toast } from "@ems/ui";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { Progress, SCAN_TONE } from "@/components/progress";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { ScanFirst } from "@/components/scan-first";
import { LabelOptions } from "@/components/options";

type Status = RouterInputs["scans"]["list"]["status"];
const STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const satisfies Status[];
const SORTS = ["createdAt", "status", "finishedAt"] as const satisfies NonNullable<
  RouterInputs["scans"]["list"]["sort"]
>[];
const FILTERS = { status: parseAsStringLiteral(STATUSES) };

export function ScansView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const state = useListState(FILTERS, SORTS);
  const status = state.filters.status ?? undefined;
  const list = useQuery({
    ...trpc.scans.list.queryOptions({ ...state.query, status }),
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
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Asset name or address" />}
        activeFilters={status ? 1 : 0}
        filters={
          <>
            <Field label="Status">
              <select
                value={status ?? ""}
                onChange={(e) => state.setFilters({ status: (e.target.value || null) as NonNullable<Status> })}
              >
                <option value="">Any</option>
                <LabelOptions kind="scanStatus" />
              </select>
            </Field>
          </>
        }
        columns={[
          { key: "id", header: "Scan", render: (s) => <Link href={`/scans/${s.id}`}>#{s.id}</Link> },
          {
            key: "asset",
            header: "Asset",
            card: "title",
            render: (s) => (
              <Link href={`/assets/${s.asset.id}`} className="wrap-break-word">
                {s.asset.value}
              </Link>
            ),
          },
          {
            key: "status",
            header: "Status",
            sortable: true,
            card: "badge",
            render: (s) => (
              <span className="flex flex-wrap gap-1">
                <StatusPill status={label("scanStatus", s.status)} tone={SCAN_TONE[s.status]} />
                {s.completeness === "partial" && (
                  <StatusPill
                    status="Partial"
                    tone="warning"
                    title={s.caps.map((c) => c.reason).join("\n")}
                    data-testid="scan-partial"
                  />
                )}
              </span>
            ),
          },
          {
            key: "progress",
            header: "Progress",
            render: (s) =>
              s.status === "running" || s.status === "queued" ? (
                <Progress value={s.progress} label={s.stage ? label("scanStage", s.stage) : undefined} />
              ) : (
                (s.error ?? `${s.progress}%`)
              ),
          },
          { key: "findingsCount", header: "Findings" },
          {
            key: "createdAt",
            header: "Started",
            sortable: true,
            render: (s) => <RelativeTime date={s.startedAt ?? s.createdAt} />,
          },
          {
            key: "finishedAt",
            header: "Finished",
            sortable: true,
            render: (s) => <RelativeTime date={s.finishedAt} />,
          },
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
        {...state.table}
        empty={
          <EmptyState
            title={status || state.q ? "No scan matches" : "No scans yet"}
            description={
              status || state.q ? "Nothing matches the current filters." : <ScanFirst lead="No scan has run yet" />
            }
          />
        }
        loading={list.isLoading}
      />
    </div>
  );
}
