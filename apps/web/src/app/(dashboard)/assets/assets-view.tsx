"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { RouterInputs } from "@ems/core";
import { DataTable, Field, PageHeader, SeverityBadge, StatusPill, buttonVariants } from "@ems/ui";
import { useMe } from "@/components/use-me";
import { useTRPC } from "@/trpc/client";

export const STATUS_TONE = { pending: "info", reachable: "success", unreachable: "warning", error: "danger" } as const;
type Filters = Pick<RouterInputs["assets"]["list"], "projectId" | "type" | "status">;
const TYPES = ["domain", "subdomain", "ipv4", "ipv6", "bucket"] as const satisfies Filters["type"][];
const STATUSES = ["pending", "reachable", "unreachable", "error"] as const satisfies Filters["status"][];

export function AssetsView() {
  const trpc = useTRPC();
  const router = useRouter();
  const { canWrite } = useMe();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({});
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  const summary = useQuery(trpc.assets.summary.queryOptions({}));
  const list = useQuery({
    ...trpc.assets.list.queryOptions({ page, limit: 50, ...filters }),
    // Fresh assets are being checked: refresh until none is pending.
    refetchInterval: (q) => (q.state.data?.items.some((a) => a.status === "pending") ? 2000 : false),
  });
  const counts = summary.data;
  const set = (k: keyof typeof filters) => (e: { target: { value: string } }) => {
    const v = e.target.value;
    setFilters((f) => ({ ...f, [k]: v ? (k === "projectId" ? Number(v) : v) : undefined }));
    setPage(1);
  };

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
      <DataTable
        label="Assets"
        toolbar={
          <div className="flex flex-wrap items-end gap-3" data-testid="asset-filters">
            <Field label="Project">
              <select value={filters.projectId ?? ""} onChange={set("projectId")} data-testid="filter-project">
                <option value="">All projects</option>
                {projects.data?.items.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Type">
              <select value={filters.type ?? ""} onChange={set("type")} data-testid="filter-type">
                <option value="">All types ({counts?.total ?? 0})</option>
                {TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t} ({counts?.byType[t] ?? 0})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Status">
              <select value={filters.status ?? ""} onChange={set("status")} data-testid="filter-status">
                <option value="">Any status</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s} ({counts?.byStatus[s] ?? 0})
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
            render: (a) => <Link href={`/assets/${a.id}`}>{a.name ? `${a.name} (${a.value})` : a.value}</Link>,
          },
          { key: "type", header: "Type" },
          { key: "project", header: "Project", render: (a) => a.project.name },
          {
            key: "status",
            header: "Reachability",
            render: (a) => <StatusPill status={a.status} tone={STATUS_TONE[a.status]} />,
          },
          {
            key: "ownership",
            header: "Ownership",
            render: (a) => <StatusPill status={a.ownership} tone={a.ownership === "proven" ? "success" : "warning"} />,
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
          { key: "scanStatus", header: "Last scan", render: (a) => a.scanStatus ?? "never" },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(a) => a.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={setPage}
        onRowClick={(a) => router.push(`/assets/${a.id}`)}
        loading={list.isLoading}
      />
    </div>
  );
}
