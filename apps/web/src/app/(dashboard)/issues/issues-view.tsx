"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterInputs } from "@ems/core";
import {
  Button,
  DataTable,
  Field,
  PageHeader,
  SeverityBadge,
  StatusPill,
  toast,
  NativeSelect,
  type RowSelectionState,
} from "@ems/ui";
import { ISSUE_TONE } from "@/components/progress";
import { formatDate, useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";

type Filters = Pick<RouterInputs["issues"]["list"], "projectId" | "severity" | "status" | "assigneeUserId">;
const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const satisfies Filters["severity"][];
const STATUSES = ["open", "in-progress", "resolved", "dismissed"] as const satisfies Filters["status"][];

export function IssuesView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ status: "open" });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection).map(Number);
  const list = useQuery(trpc.issues.list.queryOptions({ page, limit: 50, ...filters }));
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 500 }));
  const members = useQuery(trpc.members.list.queryOptions({ limit: 500 }));
  const setStatus = useMutation(trpc.issues.setStatus.mutationOptions());
  const setAssignee = useMutation(trpc.issues.setAssignee.mutationOptions());
  const set =
    (k: keyof Filters, numeric = false) =>
    (e: { target: { value: string } }) => {
      const v = e.target.value;
      setFilters((f) => ({ ...f, [k]: v ? (numeric ? Number(v) : v) : undefined }));
      setPage(1);
      setSelection({});
    };
  const rows = list.data?.items ?? [];

  /** Bulk changes: one procedure call per issue, each audited on its own. */
  async function bulk(label: string, run: (id: number) => Promise<unknown>) {
    const ids = selected;
    const results = await Promise.allSettled(ids.map(run));
    const failed = results.filter((r) => r.status === "rejected");
    if (failed.length)
      toast.error(
        `${label}: ${failed.length} of ${ids.length} failed ` +
          `(${errorMessage((failed[0] as PromiseRejectedResult).reason)})`,
      );
    else toast.success(`${label}: ${ids.length} issue${ids.length === 1 ? "" : "s"}`);
    setSelection({});
    await qc.invalidateQueries({ queryKey: trpc.issues.pathKey() });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Issues"
        description="One issue per kind of problem and asset. Rescans resolve what is gone and reopen what comes back."
      />
      <DataTable
        label="Issues"
        toolbar={
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-end gap-3" data-testid="issue-filters">
              <Field label="Project">
                <select value={filters.projectId ?? ""} onChange={set("projectId", true)}>
                  <option value="">All</option>
                  {projects.data?.items.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Severity">
                <select value={filters.severity ?? ""} onChange={set("severity")} data-testid="filter-severity">
                  <option value="">Any</option>
                  {SEVERITIES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </Field>
              <Field label="Status">
                <select value={filters.status ?? ""} onChange={set("status")} data-testid="filter-issue-status">
                  <option value="">Any</option>
                  {STATUSES.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </Field>
              <Field label="Assignee">
                <select value={filters.assigneeUserId ?? ""} onChange={set("assigneeUserId", true)}>
                  <option value="">Anyone</option>
                  {members.data?.items.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.email}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            {canWrite && selected.length > 0 && (
              <div className="flex flex-wrap items-end gap-3" data-testid="bulk-actions">
                <span>{selected.length} selected:</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    void bulk("Marked in progress", (id) => setStatus.mutateAsync({ id, status: "in-progress" }))
                  }
                >
                  In progress
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void bulk("Resolved", (id) => setStatus.mutateAsync({ id, status: "resolved" }))}
                >
                  Resolve
                </Button>
                <NativeSelect
                  className="h-8 w-auto"
                  aria-label="Assign selected to"
                  defaultValue=""
                  onChange={(e) =>
                    e.target.value &&
                    void bulk("Assigned", (id) =>
                      setAssignee.mutateAsync({
                        id,
                        userId: e.target.value === "none" ? null : Number(e.target.value),
                      }),
                    )
                  }
                >
                  <option value="">Assign to…</option>
                  <option value="none">Nobody</option>
                  {members.data?.items.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.email}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
          </div>
        }
        columns={[
          { key: "severity", header: "Severity", render: (i) => <SeverityBadge severity={i.severity} /> },
          { key: "title", header: "Issue", render: (i) => <Link href={`/issues/${i.id}`}>{i.title}</Link> },
          { key: "asset", header: "Asset", render: (i) => i.asset.value },
          {
            key: "status",
            header: "Status",
            render: (i) => <StatusPill status={i.status} tone={ISSUE_TONE[i.status]} />,
          },
          { key: "assignee", header: "Assignee", render: (i) => i.assignee?.email ?? "—" },
          { key: "lastSeenAt", header: "Last seen", render: (i) => formatDate(i.lastSeenAt) },
        ]}
        rows={rows}
        rowKey={(i) => i.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={(p) => (setPage(p), setSelection({}))}
        {...(canWrite && {
          rowSelection: selection,
          onRowSelectionChange: setSelection,
          selectLabel: (i: (typeof rows)[number]) => `Select issue ${i.id}`,
        })}
        loading={list.isLoading}
      />
    </div>
  );
}
