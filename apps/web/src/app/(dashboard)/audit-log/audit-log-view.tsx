"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { DataTable, Field, PageHeader, StatusPill, buttonVariants } from "@ems/ui";
import { useTRPC } from "@/trpc/client";
import { formatDate } from "@/components/use-me";

type Entry = RouterOutputs["auditLog"]["list"]["items"][number];
/** The filters that the list and the export share. */
type AuditQuery = Omit<RouterInputs["auditLog"]["export"], "format">;
/** The form's state: the procedure's filters, with the actor as one "type:id" choice. */
type Filters = Pick<AuditQuery, "action" | "resourceType" | "resourceId" | "from" | "to"> & { actor?: string };

const show = (v: unknown) =>
  v === null || v === undefined ? "∅" : v === "" ? '""' : typeof v === "string" ? v : JSON.stringify(v);

/** The filters as the procedure's (and the export's) query parameters. */
function toQuery(f: Filters): AuditQuery {
  const q: AuditQuery = {};
  if (f.actor) {
    const [type, id] = f.actor.split(":") as [NonNullable<AuditQuery["actorType"]>, string | undefined];
    q.actorType = type;
    if (id) q.actorId = id;
  }
  for (const k of ["action", "resourceType", "resourceId", "from", "to"] as const) if (f[k]) q[k] = f[k];
  return q;
}

export function AuditLogView() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(50);
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const query = useMemo(() => toQuery(filters), [filters]);
  const options = useQuery(trpc.auditLog.filters.queryOptions({}));
  const list = useQuery(trpc.auditLog.list.queryOptions({ ...query, page, limit, order }));
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => (
    setFilters((f) => ({ ...f, [k]: e.target.value || undefined })),
    setPage(1)
  );
  const exportUrl = (format: "csv" | "json") => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    params.set("format", format);
    return `/api/audit-log/export?${params}`;
  };
  const data = list.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Audit log"
        description="Every change in this workspace: who, through what, and what changed."
        actions={
          <span className="flex flex-wrap items-center gap-2">
            <a className={buttonVariants()} href={exportUrl("csv")} data-testid="export-csv" download>
              Export CSV
            </a>
            <a className={buttonVariants()} href={exportUrl("json")} data-testid="export-json" download>
              Export JSON
            </a>
          </span>
        }
      />
      <DataTable<Entry>
        toolbar={
          <div className="flex flex-wrap items-end gap-3" data-testid="audit-filters">
            <Field label="Actor">
              <select value={filters.actor ?? ""} onChange={set("actor")} data-testid="filter-actor">
                <option value="">Anyone</option>
                {options.data?.actors.map((a) => (
                  <option key={`${a.type}:${a.id}`} value={a.id === null ? a.type : `${a.type}:${a.id}`}>
                    {a.name} ({a.type})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Action">
              <select value={filters.action ?? ""} onChange={set("action")} data-testid="filter-action">
                <option value="">Any action</option>
                {options.data?.actions.map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            </Field>
            <Field label="Resource">
              <select value={filters.resourceType ?? ""} onChange={set("resourceType")} data-testid="filter-resource">
                <option value="">Any resource</option>
                {options.data?.resourceTypes.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </Field>
            <Field label="Resource id">
              <input value={filters.resourceId ?? ""} onChange={set("resourceId")} size={8} />
            </Field>
            <Field label="From">
              <input type="date" value={filters.from ?? ""} onChange={set("from")} />
            </Field>
            <Field label="To">
              <input type="date" value={filters.to ?? ""} onChange={set("to")} />
            </Field>
          </div>
        }
        columns={[
          { key: "createdAt", header: "When", sortable: true, render: (e) => formatDate(e.createdAt) },
          {
            key: "actor",
            header: "Who",
            render: (e) => (
              <>
                {e.actorName} <span className="text-sm text-muted-foreground">({e.actorType})</span>
              </>
            ),
          },
          { key: "channel", header: "Through", render: (e) => <StatusPill status={e.channel} tone="info" /> },
          { key: "action", header: "Action", render: (e) => <code>{e.action}</code> },
          {
            key: "resource",
            header: "Resource",
            render: (e) => `${e.resourceType}${e.resourceId ? ` #${e.resourceId}` : ""}`,
          },
          {
            key: "changes",
            header: "Changes",
            render: (e) => (
              <span className="text-sm text-muted-foreground">
                {Object.entries(e.changes).map(([f, c]) => (
                  <span key={f} className="block break-all">
                    {f}: {show(c.before)} → {show(c.after)}
                  </span>
                ))}
              </span>
            ),
          },
          { key: "ip", header: "IP", render: (e) => e.ip ?? "—" },
        ]}
        rows={data?.items ?? []}
        rowKey={(e) => e.id}
        total={data?.total ?? 0}
        page={page}
        limit={limit}
        onPageChange={setPage}
        limitOptions={[25, 50, 100]}
        onLimitChange={(l) => (setLimit(l), setPage(1))}
        sort={{ key: "createdAt", dir: order }}
        onSortChange={(s) => (setOrder(s.dir), setPage(1))}
        loading={list.isLoading}
      />
    </div>
  );
}
