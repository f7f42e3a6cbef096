"use client";
// The audit log. Its filters, search, sort and page live in the URL (useListState): a filtered view can be
// shared, survives a reload, and the export links take the same filters.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsString } from "nuqs";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import { DataTable, EmptyState, Field, PageHeader, RelativeTime, StatusPill, buttonVariants } from "@ems/ui";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { useTRPC } from "@/trpc/client";
import { AuditChanges } from "./audit-changes";

type Entry = RouterOutputs["auditLog"]["list"]["items"][number];
/** The filters that the list and the export share. */
type AuditQuery = Omit<RouterInputs["auditLog"]["export"], "format">;
type ActorType = NonNullable<AuditQuery["actorType"]>;

const SORTS = ["createdAt", "action"] as const satisfies NonNullable<RouterInputs["auditLog"]["list"]["sort"]>[];
/** The actor is one URL key, "type:id" (or just the type, e.g. "system"), as the actor select offers it. */
const FILTERS = {
  actor: parseAsString,
  action: parseAsString,
  resourceType: parseAsString,
  resourceId: parseAsString,
  from: parseAsString,
  to: parseAsString,
};
type FilterKey = keyof typeof FILTERS;

/** Where a resource lives in the dashboard (by its type and id), for the log to link to it. */
const RESOURCE_PAGES: Record<string, (id: string, name: string | null) => string> = {
  asset: (id) => `/assets/${id}`,
  issue: (id) => `/issues/${id}`,
  scan: (id) => `/scans/${id}`,
  project: (_, name) => `/projects${name ? `?q=${encodeURIComponent(name)}` : ""}`,
  "scan-schedule": () => "/schedules",
  assessment: () => "/assessments",
  "discovered-host": (_, name) => `/discovery${name ? `?q=${encodeURIComponent(name)}` : ""}`,
  webhook: () => "/settings/webhooks",
  "api-key": () => "/settings/api-keys",
  "oauth-app": () => "/settings/oauth-apps",
  user: () => "/settings/members",
  invitation: () => "/settings/members",
  "slot-purchase": () => "/settings/plan",
};

/** "asset exposed.lab.test", linked to the asset while it exists; "project Doomed (deleted)" once it is gone. */
function Resource({ e }: { e: Entry }) {
  const kind = label("resourceType", e.resourceType).toLowerCase();
  const name = e.resource.name ?? (e.resourceId ? `#${e.resourceId}` : null);
  const page = e.resourceId && e.resource.exists ? RESOURCE_PAGES[e.resourceType] : undefined;
  return (
    <span className="wrap-break-word" data-testid="audit-resource">
      {kind}{" "}
      {name &&
        (page ? (
          <Link href={page(e.resourceId!, e.resource.name)}>{name}</Link>
        ) : (
          <span>
            {name}
            {!e.resource.exists && e.resourceId && <span className="text-muted-foreground"> (deleted)</span>}
          </span>
        ))}
    </span>
  );
}

/** The URL's filters as the procedure's (and the export's) query parameters. */
function toQuery(f: Partial<Record<FilterKey, string | null>>, q: string): AuditQuery {
  const query: AuditQuery = q ? { q } : {};
  if (f.actor) {
    const [type, id] = f.actor.split(":") as [ActorType, string | undefined];
    query.actorType = type;
    if (id) query.actorId = id;
  }
  for (const k of ["action", "resourceType", "resourceId", "from", "to"] as const) if (f[k]) query[k] = f[k];
  return query;
}

const humanizeFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AuditLogView() {
  const trpc = useTRPC();
  const state = useListState(FILTERS, SORTS);
  const query = toQuery(state.filters, state.q);
  const options = useQuery(trpc.auditLog.filters.queryOptions({}));
  const list = useQuery(trpc.auditLog.list.queryOptions({ ...query, ...state.query }));
  const set = (k: FilterKey) => (e: { target: { value: string } }) => state.setFilters({ [k]: e.target.value || null });
  const exportUrl = (format: "csv" | "json") => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    params.set("format", format);
    return `/api/audit-log/export?${params}`;
  };
  const filtered = Object.keys(query).length > 0;
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
        label="Audit log"
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Action or who" />}
        activeFilters={Object.keys(query).filter((k) => k !== "q" && k !== "actorId").length}
        filters={
          <div className="contents" data-testid="audit-filters">
            <Field label="Actor">
              <select value={state.filters.actor ?? ""} onChange={set("actor")} data-testid="filter-actor">
                <option value="">Anyone</option>
                {options.data?.actors.map((a) => (
                  <option key={`${a.type}:${a.id}`} value={a.id === null ? a.type : `${a.type}:${a.id}`}>
                    {a.name} ({label("actorType", a.type)})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Action">
              <select value={state.filters.action ?? ""} onChange={set("action")} data-testid="filter-action">
                <option value="">Any action</option>
                {options.data?.actions.map((a) => (
                  <option key={a} value={a}>
                    {label("auditAction", a)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Resource">
              <select
                value={state.filters.resourceType ?? ""}
                onChange={set("resourceType")}
                data-testid="filter-resource"
              >
                <option value="">Any resource</option>
                {options.data?.resourceTypes.map((r) => (
                  <option key={r} value={r}>
                    {humanizeFirst(label("resourceType", r))}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Resource id">
              <input value={state.filters.resourceId ?? ""} onChange={set("resourceId")} size={8} />
            </Field>
            <Field label="From">
              <input type="date" value={state.filters.from ?? ""} onChange={set("from")} data-testid="filter-from" />
            </Field>
            <Field label="To">
              <input type="date" value={state.filters.to ?? ""} onChange={set("to")} data-testid="filter-to" />
            </Field>
          </div>
        }
        columns={[
          { key: "createdAt", header: "When", sortable: true, render: (e) => <RelativeTime date={e.createdAt} /> },
          {
            key: "action",
            header: "Action",
            sortable: true,
            card: "title",
            render: (e) => (
              <span title={e.action} data-action={e.action}>
                {label("auditAction", e.action)}
              </span>
            ),
          },
          { key: "resource", header: "About", render: (e) => <Resource e={e} /> },
          {
            key: "actor",
            header: "Who",
            render: (e) => (
              <span className="wrap-break-word">
                {e.actorName} <span className="text-sm text-muted-foreground">({label("actorType", e.actorType)})</span>
              </span>
            ),
          },
          {
            key: "channel",
            header: "Through",
            render: (e) => <StatusPill status={label("channel", e.channel)} tone="info" />,
          },
          {
            key: "changes",
            header: "Changes",
            render: (e) => <AuditChanges changes={e.changes} action={e.action} resourceType={e.resourceType} />,
          },
          { key: "ip", header: "IP", render: (e) => e.ip ?? "—" },
        ]}
        rows={data?.items ?? []}
        rowKey={(e) => e.id}
        total={data?.total ?? 0}
        {...state.table}
        empty={
          <EmptyState
            title={filtered ? "No entry matches" : "Nothing recorded yet"}
            description={
              filtered ? "Try another search, or clear a filter." : "Changes in this workspace are recorded here."
            }
          />
        }
        loading={list.isLoading}
      />
    </div>
  );
}
