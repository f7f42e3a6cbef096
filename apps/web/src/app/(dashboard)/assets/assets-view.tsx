"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { parseAsInteger, parseAsStringLiteral } from "nuqs";
import type { RouterInputs } from "@ems/core";
import { useState } from "react";
import {
  Button,
  DataTable,
  EmptyState,
  Field,
  PageHeader,
  SeverityBadge,
  StatusPill,
  buttonVariants,
  type RowSelectionState,
} from "@ems/ui";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { ASSET_TONE } from "@/components/progress";
import { SearchBox } from "@/components/search-box";
import { useMe } from "@/components/use-me";
import { useTRPC } from "@/trpc/client";
import { ProjectFilter } from "@/components/project-filter";
import { ScanManyAnswer, useScanMany } from "@/components/scan-many";

type Filters = Pick<RouterInputs["assets"]["list"], "projectId" | "type" | "status">;
const TYPES = ["domain", "subdomain", "ipv4", "ipv6", "bucket"] as const satisfies Filters["type"][];
const STATUSES = ["pending", "reachable", "unreachable", "error"] as const satisfies Filters["status"][];
const SORTS = ["createdAt", "value", "status", "lastCheckedAt"] as const satisfies NonNullable<
  RouterInputs["assets"]["list"]["sort"]
>[];
const FILTERS = {
  projectId: parseAsInteger,
  type: parseAsStringLiteral(TYPES),
  status: parseAsStringLiteral(STATUSES),
};

export function AssetsView() {
  const trpc = useTRPC();
  const router = useRouter();
  const { canWrite } = useMe();
  const state = useListState(FILTERS, SORTS);
  const filters: Filters = {
    projectId: state.filters.projectId ?? undefined,
    type: state.filters.type ?? undefined,
    status: state.filters.status ?? undefined,
  };
  const filtered = Boolean(state.q) || Object.values(filters).some((v) => v !== undefined);
  const summary = useQuery(trpc.assets.summary.queryOptions({}));
  const list = useQuery({
    ...trpc.assets.list.queryOptions({ ...state.query, ...filters }),
    // Fresh assets are being checked: refresh until none is pending.
    refetchInterval: (q) => (q.state.data?.items.some((a) => a.status === "pending") ? 2000 : false),
  });
  const counts = summary.data;
  // The selection belongs to one view: a new filter or page empties it.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection).map(Number);
  const scanMany = useScanMany(() => setSelection({}));
  const set = (k: "type" | "status") => (e: { target: { value: string } }) => (
    state.setFilters({ [k]: e.target.value || null }),
    setSelection({})
  );
  const rows = list.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Assets"
        description={
          "Domains, subdomains, IP addresses and cloud buckets. Nothing is scanned until its ownership is proven."
        }
        actions={
          canWrite && (
            <Link className={buttonVariants({ variant: "primary" })} href="/assets/new">
              Add asset
            </Link>
          )
        }
      />
      {canWrite && selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-3" data-testid="bulk-actions">
          <span>{selected.length} selected:</span>
          <Button
            size="sm"
            variant="primary"
            disabled={scanMany.pending}
            onClick={() => scanMany.start({ assetIds: selected })}
            data-testid="bulk-scan"
          >
            Scan
          </Button>
        </div>
      )}
      <ScanManyAnswer scan={scanMany} />
      <DataTable
        label="Assets"
        search={
          <SearchBox
            value={state.q}
            onSearch={(q) => (state.setSearch(q), setSelection({}))}
            placeholder="Name or address"
          />
        }
        activeFilters={Object.values(filters).filter((v) => v !== undefined).length}
        filters={
          <div className="contents" data-testid="asset-filters">
            <ProjectFilter
              value={state.filters.projectId}
              onChange={(id) => (state.setFilters({ projectId: id }), setSelection({}))}
            />
            <Field label="Type">
              <select value={filters.type ?? ""} onChange={set("type")} data-testid="filter-type">
                <option value="">All types ({counts?.total ?? 0})</option>
                {TYPES.map((t) => (
                  <option key={t} value={t}>
                    {label("assetType", t)} ({counts?.byType[t] ?? 0})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Status">
              <select value={filters.status ?? ""} onChange={set("status")} data-testid="filter-status">
                <option value="">Any status</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {label("assetStatus", s)} ({counts?.byStatus[s] ?? 0})
                  </option>
                ))}
              </select>
            </Field>
          </div>
        }
        columns={[
          {
            key: "value",
            header: "Asset",
            sortable: true,
            render: (a) => (
              <Link href={`/assets/${a.id}`} className="wrap-break-word">
                {a.name ? `${a.name} (${a.value})` : a.value}
              </Link>
            ),
          },
          { key: "type", header: "Type", render: (a) => label("assetType", a.type) },
          { key: "project", header: "Project", render: (a) => a.project.name },
          {
            key: "status",
            header: "Reachability",
            sortable: true,
            card: "badge",
            render: (a) => <StatusPill status={label("assetStatus", a.status)} tone={ASSET_TONE[a.status]} />,
          },
          {
            key: "ownership",
            header: "Ownership",
            card: "badge",
            render: (a) => (
              <StatusPill
                status={label("ownership", a.ownership)}
                tone={a.ownership === "proven" ? "success" : "warning"}
              />
            ),
          },
          {
            key: "issues",
            header: "Open issues",
            render: (a) =>
              a.issueCounts.open === 0 ? (
                "0"
              ) : (
                <span className="flex flex-wrap items-center gap-1">
                  {(["critical", "high", "medium", "low"] as const)
                    .filter((s) => a.issueCounts[s] > 0)
                    .map((s) => (
                      <SeverityBadge key={s} severity={s} label={`${a.issueCounts[s]} ${s}`} />
                    ))}
                </span>
              ),
          },
          {
            key: "scanStatus",
            header: "Last scan",
            render: (a) => (a.scanStatus ? label("scanStatus", a.scanStatus) : "Not scanned yet"),
          },
        ]}
        rows={rows}
        rowKey={(a) => a.id}
        total={list.data?.total ?? 0}
        {...state.table}
        onPageChange={(p) => (state.table.onPageChange(p), setSelection({}))}
        {...(canWrite && {
          rowSelection: selection,
          onRowSelectionChange: setSelection,
          selectLabel: (a: (typeof rows)[number]) => `Select ${a.value}`,
        })}
        empty={
          <EmptyState
            title={filtered ? "No asset matches" : "No assets yet"}
            description={
              filtered ? "Nothing matches the current filters." : "Add a domain, IP address or bucket to monitor it."
            }
          />
        }
        onRowClick={(a) => router.push(`/assets/${a.id}`)}
        loading={list.isLoading}
      />
    </div>
  );
}
