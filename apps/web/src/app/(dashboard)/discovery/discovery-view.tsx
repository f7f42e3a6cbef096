"use client";
// Discovered hosts. Filters, search, sort and page live in the URL (useListState): the asset page links here
// filtered on its domain, and a view survives a reload. The selection belongs to one view: it empties when the
// view changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import Link from "next/link";
import { useState } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  PageHeader,
  RelativeTime,
  plural,
  toast,
  type RowSelectionState,
} from "@ems/ui";
import { BarChart } from "@/components/charts";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { ProjectFilter } from "@/components/project-filter";
import { hostAnswer } from "./host-answer";
import { HostStatus } from "./host-status";
import { Refusal } from "./refusal";
import { RunButton } from "./run-button";
import { LabelOptions } from "@/components/options";

type ListInput = RouterInputs["discovery"]["hosts"];
type Host = RouterOutputs["discovery"]["hosts"]["items"][number];
type AddResult = RouterOutputs["discovery"]["add"];
const STATUSES = ["new", "ignored", "added"] as const satisfies ListInput["status"][];
const SOURCES = [
  "crtsh",
  "certspotter",
  "bruteforce",
  "certificate",
  "cname",
  "redirect",
] as const satisfies ListInput["source"][];
const SORTS = ["createdAt", "host", "status", "lastSeenAt"] as const satisfies NonNullable<ListInput["sort"]>[];
const FILTERS = {
  projectId: parseAsInteger,
  domain: parseAsString,
  status: parseAsStringLiteral(STATUSES),
  source: parseAsStringLiteral(SOURCES),
  resolves: parseAsStringLiteral(["true", "false"] as const),
};
export function DiscoveryView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const state = useListState(FILTERS, SORTS);
  const f = state.filters;
  const filters = {
    projectId: f.projectId ?? undefined,
    domain: f.domain ?? undefined,
    status: f.status ?? undefined,
    source: f.source ?? undefined,
    resolves: f.resolves ?? undefined,
  };
  const input: ListInput = { ...state.query, ...filters };
  const filtered = Boolean(state.q) || Object.values(filters).some((v) => v !== undefined);
  // The selection is kept with the view it was made in; another view starts with none.
  const view = JSON.stringify(input);
  const [picked, setPicked] = useState<{ view: string; rows: RowSelectionState }>({ view, rows: {} });
  const selection = picked.view === view ? picked.rows : {};
  const setSelection = (rows: RowSelectionState) => setPicked({ view, rows });
  const selected = Object.keys(selection).map(Number);
  const [result, setResult] = useState<AddResult | null>(null);
  const setFilter = (k: Exclude<keyof typeof FILTERS, "projectId">) => (e: { target: { value: string } }) =>
    state.setFilters({ [k]: e.target.value || null });

  const summary = useQuery(trpc.discovery.summary.queryOptions({ projectId: filters.projectId }));
  const list = useQuery(trpc.discovery.hosts.queryOptions(input));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.discovery.pathKey() });
  const add = useMutation(
    trpc.discovery.add.mutationOptions({
      onSuccess: (r) => {
        setResult(r);
        setSelection({});
        void refresh();
        void qc.invalidateQueries({ queryKey: trpc.assets.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const ignore = useMutation(trpc.discovery.ignore.mutationOptions());
  const restore = useMutation(
    trpc.discovery.restore.mutationOptions({
      onSuccess: () => void refresh(),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  async function ignoreSelected() {
    const ids = selected;
    const outcomes = await Promise.allSettled(ids.map((id) => ignore.mutateAsync({ id })));
    const failed = outcomes.filter((o) => o.status === "rejected").length;
    if (failed) toast.error(`${failed} of ${ids.length} could not be ignored`);
    else toast.success(`${plural(ids.length, "host")} ignored`);
    setSelection({});
    void refresh();
  }

  const rows = list.data?.items ?? [];
  const s = summary.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Discovery"
        description={
          "Hostnames that certificate logs, DNS and what we already saw know under your proven domains. " +
          "Add them as assets or ignore them."
        }
        actions={canWrite && <RunButton projectId={filters.projectId} domain={filters.domain} />}
      />
      <div
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,3fr)]"
        data-testid="discovery-summary"
      >
        {STATUSES.map((k) => (
          <Card key={k} title={label("hostStatus", k)}>
            <strong className="text-3xl font-semibold" data-testid={`count-${k}`}>
              {s?.[k] ?? "—"}
            </strong>
          </Card>
        ))}
        <Card title="By source" className="col-span-2 sm:col-span-3 lg:col-span-1">
          <BarChart
            title="Hosts by source"
            data={(s?.bySource ?? []).map((b) => ({ label: label("discoverySource", b.source), value: b.count }))}
            data-testid="by-source"
          />
        </Card>
      </div>
      {result && (
        <Card
          title="Add result"
          data-testid="add-result"
          actions={<Button onClick={() => setResult(null)}>Dismiss</Button>}
        >
          <p>{plural(result.added.length, "host")} added as assets.</p>
          {result.added.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1" data-testid="add-added">
              {result.added.map((a) => (
                <li key={a.id} className="wrap-break-word">
                  <Link href={`/assets/${a.asset.id}`}>{a.host}</Link>
                </li>
              ))}
            </ul>
          )}
          {result.refused.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1" data-testid="add-refusals">
              {result.refused.map((r) => (
                <li key={r.id} className="wrap-break-word" title={`${r.code}: ${r.message}`}>
                  <Refusal r={r} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <DataTable
        label="Discovered hosts"
        data-testid="discovered-hosts"
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Part of a host" />}
        activeFilters={Object.values(filters).filter((v) => v !== undefined).length}
        filters={
          <div className="contents" data-testid="discovery-filters">
            <ProjectFilter value={filters.projectId} onChange={(id) => state.setFilters({ projectId: id })} />
            <Field label="Domain">
              <select value={filters.domain ?? ""} onChange={setFilter("domain")}>
                <option value="">All domains</option>
                {s?.byDomain.map((d) => (
                  <option key={d.domain} value={d.domain}>
                    {d.domain}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Status">
              <select value={filters.status ?? ""} onChange={setFilter("status")} data-testid="filter-status">
                <option value="">Any status</option>
                <LabelOptions kind="hostStatus" />
              </select>
            </Field>
            <Field label="Source">
              <select value={filters.source ?? ""} onChange={setFilter("source")} data-testid="filter-source">
                <option value="">Any source</option>
                <LabelOptions kind="discoverySource" />
              </select>
            </Field>
            <Field label="Resolving">
              <select value={filters.resolves ?? ""} onChange={setFilter("resolves")}>
                <option value="">Either</option>
                <option value="true">Resolving</option>
                <option value="false">Not resolving</option>
              </select>
            </Field>
          </div>
        }
        toolbar={
          canWrite && (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="primary"
                  disabled={!selected.length || add.isPending}
                  onClick={() => add.mutate({ ids: selected })}
                  data-testid="bulk-add"
                >
                  Add {selected.length || ""} as assets
                </Button>
                <Button disabled={!selected.length} onClick={() => void ignoreSelected()} data-testid="bulk-ignore">
                  Ignore {selected.length || ""}
                </Button>
              </div>
            </div>
          )
        }
        columns={[
          {
            key: "host",
            header: "Host",
            sortable: true,
            render: (h: Host) => <span className="wrap-break-word">{h.host}</span>,
          },
          { key: "answer", header: "Points at", render: (h: Host) => hostAnswer(h) },
          {
            key: "sources",
            header: "Sources",
            render: (h: Host) => h.sources.map((s) => label("discoverySource", s)).join(", "),
          },
          {
            key: "status",
            header: "Status",
            sortable: true,
            card: "badge" as const,
            render: (h: Host) => <HostStatus host={h} />,
          },
          { key: "project", header: "Project", render: (h: Host) => h.project.name },
          {
            key: "lastSeenAt",
            header: "Last seen",
            sortable: true,
            render: (h: Host) => <RelativeTime date={h.lastSeenAt} />,
          },
          ...(canWrite
            ? [
                {
                  key: "actions",
                  header: "",
                  render: (h: Host) =>
                    h.status === "ignored" && !h.assetId ? (
                      <Button size="sm" onClick={() => restore.mutate({ id: h.id })}>
                        Restore
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
        rows={rows}
        rowKey={(h) => h.id}
        total={list.data?.total ?? 0}
        {...state.table}
        empty={
          <EmptyState
            title={filtered ? "No host matches" : "Nothing discovered yet"}
            description={
              filtered
                ? "Try another search, or clear a filter."
                : "Prove a domain's ownership and run discovery to find the hosts under it."
            }
          />
        }
        {...(canWrite && {
          rowSelection: selection,
          onRowSelectionChange: setSelection,
          canSelectRow: (h: Host) => h.assetId === null,
          selectLabel: (h: Host) => `Select ${h.host}`,
        })}
        loading={list.isLoading}
      />
    </div>
  );
}
