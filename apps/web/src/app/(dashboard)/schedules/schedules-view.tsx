"use client";
// Every scan schedule of the workspace. The filters and the page live in the
// URL query, so a filtered list survives a reload and can be shared.
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { RouterInputs } from "@ems/core";
import { EmptyState, Field, PageHeader } from "@ems/ui";
import { SchedulesTable } from "@/components/schedules/schedules-table";
import { useTRPC } from "@/trpc/client";

type Filters = Pick<RouterInputs["scanSchedules"]["list"], "projectId" | "assetId" | "enabled">;
const LIMIT = 50;
const ENABLED = { true: "Enabled", false: "Disabled" } as const;
const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export function SchedulesView() {
  const trpc = useTRPC();
  const router = useRouter();
  const path = usePathname();
  const query = useSearchParams();
  const enabled = query.get("enabled");
  const filters: Filters = {
    projectId: id(query.get("projectId")),
    assetId: id(query.get("assetId")),
    enabled: enabled === "true" || enabled === "false" ? enabled : undefined,
  };
  const page = id(query.get("page")) ?? 1;
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  const assets = useQuery(trpc.assets.list.queryOptions({ limit: 500, projectId: filters.projectId }));
  const list = useQuery(trpc.scanSchedules.list.queryOptions({ page, limit: LIMIT, ...filters }));

  /** Changes the URL query; a filter change goes back to page 1. */
  function go(change: Record<string, string | number | undefined>) {
    const next = new URLSearchParams(query);
    if (!("page" in change)) next.delete("page");
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined || v === "") next.delete(k);
      else next.set(k, String(v));
    }
    const qs = next.toString();
    router.replace(qs ? `${path}?${qs}` : path, { scroll: false });
  }
  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Scan schedules"
        description={
          "Every schedule of the workspace; add one from its asset's page. " +
          "Times are in your time zone; hover for UTC."
        }
      />
      <SchedulesTable
        showAsset
        rows={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        limit={LIMIT}
        onPageChange={(p) => go({ page: p })}
        loading={list.isLoading}
        toolbar={
          <div className="flex flex-wrap items-end gap-3" data-testid="schedule-filters">
            <Field label="Project">
              <select
                value={filters.projectId ?? ""}
                // The asset filter belongs to a project: a new project clears it.
                onChange={(e) => go({ projectId: e.target.value, assetId: undefined })}
              >
                <option value="">All projects</option>
                {projects.data?.items.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Asset">
              <select value={filters.assetId ?? ""} onChange={(e) => go({ assetId: e.target.value })}>
                <option value="">All assets</option>
                {assets.data?.items.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name ? `${a.name} (${a.value})` : a.value}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="State">
              <select value={filters.enabled ?? ""} onChange={(e) => go({ enabled: e.target.value })}>
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
            description="Open an asset whose ownership is proven and add a schedule there."
          />
        }
      />
    </div>
  );
}
