"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsInteger, parseAsStringLiteral } from "nuqs";
import { useState } from "react";
import type { RouterInputs } from "@ems/core";
import {
  Button,
  DataTable,
  EmptyState,
  Field,
  PageHeader,
  RelativeTime,
  SEVERITIES,
  SeverityBadge,
  StatusPill,
  toast,
  NativeSelect,
  plural,
  type RowSelectionState,
} from "@ems/ui";
import { label } from "@/components/labels";
import { ISSUE_TONE } from "@/components/progress";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { ScanFirst } from "@/components/scan-first";
import { PriorityBadge, SlaCell } from "@/components/issue-sla";
import { LabelOptions, MemberOptions, ProjectOptions } from "@/components/options";
import { BulkRetest } from "./bulk-retest";

type Filters = Pick<
  RouterInputs["issues"]["list"],
  "projectId" | "assetId" | "severity" | "status" | "assigneeUserId" | "assignee" | "slaStatus" | "kev"
>;
const SLA_STATUSES = ["on_track", "at_risk", "breached", "paused", "met", "missed"] as const satisfies NonNullable<
  Filters["slaStatus"]
>[];
const STATUSES = ["open", "in-progress", "resolved", "dismissed"] as const satisfies Filters["status"][];
const SORTS = [
  "priority",
  "severity",
  "status",
  "title",
  "dueAt",
  "firstSeenAt",
  "lastSeenAt",
] as const satisfies NonNullable<RouterInputs["issues"]["list"]["sort"]>[];
const FILTERS = {
  projectId: parseAsInteger,
  // Set by links from an asset's page (its severity pills); shown as a removable filter.
  assetId: parseAsInteger,
  severity: parseAsStringLiteral(SEVERITIES),
  // The default view: what still needs work. "any" shows every status.
  status: parseAsStringLiteral(["unresolved", ...STATUSES, "any"] as const).withDefault("unresolved"),
  assigneeUserId: parseAsInteger,
  // "Assigned to me": the API's assignee=me, the signed-in person.
  assignee: parseAsStringLiteral(["me"] as const),
  slaStatus: parseAsStringLiteral(SLA_STATUSES),
  kev: parseAsStringLiteral(["true", "false"] as const),
};
/** Opened sorted by priority, what a lead triages by (the API's own default stays severity: docs/api.md, Issues). */
const DEFAULT_SORT = { key: "priority", dir: "desc" } as const;

export function IssuesView() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const state = useListState(FILTERS, SORTS);
  const { projectId, assetId, severity, status, assigneeUserId, assignee, slaStatus, kev } = state.filters;
  const filters: Filters = {
    projectId: projectId ?? undefined,
    assetId: assetId ?? undefined,
    severity: severity ?? undefined,
    status: status === "any" ? undefined : status,
    assigneeUserId: assigneeUserId ?? undefined,
    assignee: assignee ?? undefined,
    slaStatus: slaStatus ?? undefined,
    kev: kev ?? undefined,
  };
  const sort = state.table.sort ?? DEFAULT_SORT;
  const activeFilters = [
    slaStatus,
    kev,
    projectId,
    assetId,
    severity,
    status !== "unresolved" || null,
    assigneeUserId ?? assignee,
  ].filter((v) => v !== null && v !== undefined).length;
  const filtered = Boolean(state.q) || activeFilters > 0;
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selected = Object.keys(selection).map(Number);
  const list = useQuery(
    trpc.issues.list.queryOptions({
      ...state.query,
      sort: sort.key as (typeof SORTS)[number],
      order: sort.dir,
      ...filters,
    }),
  );
  const setStatus = useMutation(trpc.issues.setStatus.mutationOptions());
  const setAssignee = useMutation(trpc.issues.setAssignee.mutationOptions());
  const set =
    (k: keyof typeof FILTERS, numeric = false) =>
    (e: { target: { value: string } }) => {
      const v = e.target.value;
      state.setFilters({ [k]: v ? (numeric ? Number(v) : v) : null });
      setSelection({});
    };
  const rows = list.data?.items ?? [];

  /** Bulk changes: one procedure call per issue, each audited on its own. */
  async function bulk(done: string, run: (id: number) => Promise<unknown>) {
    const ids = selected;
    const results = await Promise.allSettled(ids.map(run));
    const failed = results.filter((r) => r.status === "rejected");
    if (failed.length)
      toast.error(
        `${done}: ${failed.length} of ${ids.length} failed ` +
          `(${errorMessage((failed[0] as PromiseRejectedResult).reason)})`,
      );
    else toast.success(`${done}: ${plural(ids.length, "issue")}`);
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
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Title or asset" />}
        activeFilters={activeFilters}
        filters={
          <div className="contents" data-testid="issue-filters">
            {assetId && (
              <Button size="sm" onClick={() => state.setFilters({ assetId: null })}>
                Asset #{assetId} only · show all assets
              </Button>
            )}
            <Field label="Project">
              <select value={projectId ?? ""} onChange={set("projectId", true)}>
                <option value="">All</option>
                <ProjectOptions />
              </select>
            </Field>
            <Field label="Severity">
              <select value={severity ?? ""} onChange={set("severity")} data-testid="filter-severity">
                <option value="">Any</option>
                <LabelOptions kind="severity" />
              </select>
            </Field>
            <Field label="Status">
              <select value={status} onChange={set("status")} data-testid="filter-issue-status">
                <option value="unresolved">Unresolved (open, in progress)</option>
                <option value="any">Any</option>
                <LabelOptions kind="issueStatus" />
              </select>
            </Field>
            <Field label="SLA">
              <select value={slaStatus ?? ""} onChange={set("slaStatus")} data-testid="filter-sla">
                <option value="">Any</option>
                <LabelOptions kind="slaStatus" />
              </select>
            </Field>
            <Field label="Known exploited">
              <select value={kev ?? ""} onChange={set("kev")} data-testid="filter-kev">
                <option value="">Any</option>
                <option value="true">In the KEV catalogue</option>
                <option value="false">Not in it</option>
              </select>
            </Field>
            <Field label="Assignee">
              <select
                value={assignee ?? assigneeUserId ?? ""}
                onChange={(e) => {
                  const v = e.target.value;
                  state.setFilters({
                    assignee: v === "me" ? "me" : null,
                    assigneeUserId: v && v !== "me" ? Number(v) : null,
                  });
                  setSelection({});
                }}
                data-testid="filter-assignee"
              >
                <option value="">Anyone</option>
                <option value="me">Me</option>
                <MemberOptions />
              </select>
            </Field>
          </div>
        }
        toolbar={
          <div className="flex flex-col gap-2">
            <div>
              <Button
                size="sm"
                variant={assignee === "me" ? "primary" : "secondary"}
                aria-pressed={assignee === "me"}
                onClick={() => state.setFilters({ assignee: assignee === "me" ? null : "me", assigneeUserId: null })}
                data-testid="assigned-to-me"
              >
                Assigned to me
              </Button>
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
                <BulkRetest ids={selected} onDone={() => setSelection({})} />
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
                  <MemberOptions />
                </NativeSelect>
              </div>
            )}
          </div>
        }
        columns={[
          {
            key: "priority",
            header: "Priority",
            sortable: true,
            card: "badge",
            render: (i) => <PriorityBadge priority={i.priority} />,
          },
          {
            key: "severity",
            header: "Severity",
            sortable: true,
            card: "badge",
            render: (i) => <SeverityBadge severity={i.severity} />,
          },
          {
            key: "title",
            header: "Issue",
            sortable: true,
            render: (i) => <Link href={`/issues/${i.id}`}>{i.title}</Link>,
          },
          {
            key: "asset",
            header: "Asset",
            render: (i) => (
              <Link href={`/assets/${i.asset.id}`} className="wrap-break-word">
                {i.asset.value}
              </Link>
            ),
          },
          {
            key: "status",
            header: "Status",
            sortable: true,
            card: "badge",
            render: (i) => <StatusPill status={label("issueStatus", i.status)} tone={ISSUE_TONE[i.status]} />,
          },
          {
            key: "dueAt",
            header: "SLA",
            sortable: true,
            // Two lines: on a phone the card keeps to severity, title and status (the issue page has the SLA).
            card: "hidden",
            render: (i) => <SlaCell issue={i} />,
          },
          { key: "assignee", header: "Assignee", render: (i) => i.assignee?.email ?? "—" },
          {
            key: "lastSeenAt",
            header: "Last seen",
            sortable: true,
            render: (i) => <RelativeTime date={i.lastSeenAt} />,
          },
        ]}
        rows={rows}
        rowKey={(i) => i.id}
        total={list.data?.total ?? 0}
        {...state.table}
        sort={sort}
        onPageChange={(p) => (state.table.onPageChange(p), setSelection({}))}
        empty={
          <EmptyState
            title={filtered ? "No issue matches" : "No issues"}
            description={
              filtered ? (
                "Nothing matches the current filters."
              ) : (
                <ScanFirst lead="Scans file issues for what they find" />
              )
            }
          />
        }
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
