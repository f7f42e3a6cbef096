"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/intent-link";
import { Button, DataTable, EmptyState, Field, PageHeader, RelativeTime, SeverityBadge, plural } from "@ems/ui";
import { LabelOptions } from "@/components/options";
import { useListState } from "@/components/list-state";
import { ProjectFilter } from "@/components/project-filter";
import { ScanFirst } from "@/components/scan-first";
import { SearchBox } from "@/components/search-box";
import { useTRPC } from "@/trpc/client";
import { PROBLEM_FILTERS, PROBLEM_SORTS, problemsInput } from "./issues-query";

/** Open issues grouped by problem: the assets each affects, linked names counted once as exposures. */
export function ProblemsView() {
  const trpc = useTRPC();
  const state = useListState(PROBLEM_FILTERS, PROBLEM_SORTS);
  const { projectId, assetId, severity } = state.filters;
  const activeFilters = [projectId, assetId, severity].filter((v) => v !== null && v !== undefined).length;
  const filtered = Boolean(state.q) || activeFilters > 0;
  const list = useQuery(trpc.problems.list.queryOptions(problemsInput(state.list, state.filters)));
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Issues"
        description={
          "Open issues by problem: the assets each affects. Names that reach the same address and port are one " +
          "exposure."
        }
      />
      <DataTable
        label="Problems"
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Problem" />}
        activeFilters={activeFilters}
        filters={
          <div className="contents" data-testid="problem-filters">
            {assetId && (
              <Button size="sm" onClick={() => state.setFilters({ assetId: null })}>
                Asset #{assetId} only · show all assets
              </Button>
            )}
            <ProjectFilter value={projectId} onChange={(p) => state.setFilters({ projectId: p })} />
            <Field label="Severity">
              <select
                value={severity ?? ""}
                onChange={(e) => state.setFilters({ severity: (e.target.value || null) as typeof severity })}
                data-testid="filter-severity"
              >
                <option value="">Any</option>
                <LabelOptions kind="severity" />
              </select>
            </Field>
          </div>
        }
        columns={[
          {
            key: "severity",
            header: "Worst",
            sortable: true,
            card: "badge",
            render: (p) => <SeverityBadge severity={p.severity} />,
          },
          {
            key: "title",
            header: "Problem",
            render: (p) => <Link href={`/problems/${encodeURIComponent(p.kind)}`}>{p.title}</Link>,
          },
          {
            key: "count",
            header: "Assets",
            sortable: true,
            render: (p) => (
              <span data-testid="problem-assets">
                {plural(p.assets, "asset")}: {p.assetNames.join(", ")}
                {p.assets > p.assetNames.length ? ` and ${p.assets - p.assetNames.length} more` : ""}
              </span>
            ),
          },
          {
            key: "exposures",
            header: "Exposures",
            render: (p) => <span data-testid="problem-exposures">{plural(p.exposures, "exposure")}</span>,
          },
          { key: "oldest", header: "Oldest", sortable: true, render: (p) => <RelativeTime date={p.firstSeenAt} /> },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(p) => p.kind}
        total={list.data?.total ?? 0}
        {...state.table}
        empty={
          <EmptyState
            title={filtered ? "No problem matches" : "No open problems"}
            description={
              filtered ? (
                "Nothing matches the current filters."
              ) : (
                <ScanFirst lead="Scans file issues for what they find" />
              )
            }
          />
        }
        loading={list.isLoading}
      />
    </div>
  );
}
