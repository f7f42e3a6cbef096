"use client";
// Every scan schedule of the workspace. The filters and the page live in the
// URL query, so a filtered list survives a reload and can be shared.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsInteger, parseAsStringLiteral } from "nuqs";
import type { RouterInputs } from "@ems/core";
import { EmptyState, Field, PageHeader } from "@ems/ui";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { SchedulesTable } from "@/components/schedules/schedules-table";
import { useTRPC } from "@/trpc/client";
import { ProjectFilter } from "@/components/project-filter";

const ENABLED = { true: "Enabled", false: "Disabled" } as const;
const SORTS = ["name", "nextRunAt", "lastRunAt"] as const satisfies NonNullable<
  RouterInputs["scanSchedules"]["list"]["sort"]
>[];
const FILTERS = {
  projectId: parseAsInteger,
  assetId: parseAsInteger,
  enabled: parseAsStringLiteral(["true", "false"] as const),
};

export function SchedulesView() {
  const trpc = useTRPC();
  const list = useListState(FILTERS, SORTS);
  const filters = {
    projectId: list.filters.projectId ?? undefined,
    assetId: list.filters.assetId ?? undefined,
    enabled: list.filters.enabled ?? undefined,
  };
  const assets = useQuery(trpc.assets.list.queryOptions({ limit: 500, projectId: filters.projectId }));
  const rows = useQuery(trpc.scanSchedules.list.queryOptions({ ...list.query, ...filters }));
  const id = (v: string) => (v ? Number(v) : null);
  const filtered = Boolean(list.q) || Object.values(filters).some((v) => v !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Scan schedules"
        description={
          "Every schedule of the workspace; add one from its asset's page, or for a whole project from Projects. " +
          "Hover a time for the exact instant (UTC)."
        }
      />
      <SchedulesTable
        showAsset
        rows={rows.data?.items ?? []}
        total={rows.data?.total ?? 0}
        {...list.table}
        loading={rows.isLoading}
        search={<SearchBox value={list.q} onSearch={list.setSearch} placeholder="Schedule or asset" />}
        activeFilters={Object.values(filters).filter((v) => v !== undefined).length}
        filters={
          <div className="contents" data-testid="schedule-filters">
            <ProjectFilter
              value={filters.projectId}
              // The asset filter belongs to a project: a new project clears it.
              onChange={(projectId) => list.setFilters({ projectId, assetId: null })}
            />
            <Field label="Asset">
              <select value={filters.assetId ?? ""} onChange={(e) => list.setFilters({ assetId: id(e.target.value) })}>
                <option value="">All assets</option>
                {assets.data?.items.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name ? `${a.name} (${a.value})` : a.value}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="State">
              <select
                value={filters.enabled ?? ""}
                onChange={(e) => list.setFilters({ enabled: (e.target.value || null) as "true" | "false" | null })}
              >
                <option value="">Enabled and disabled</option>
                {(["true", "false"] as const).map((v) => (
                  <option key={v} value={v}>
                    {ENABLED[v]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        }
        empty={
          <EmptyState
            title={filtered ? "No schedule matches these filters" : "No schedules yet"}
            description={
              <>
                Open an asset whose ownership is proven in <Link href="/assets">Assets</Link> and add a schedule there.
              </>
            }
          />
        }
      />
    </div>
  );
}
