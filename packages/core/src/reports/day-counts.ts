// The summary's rollup, "IssueDayCount" (migration 20261123182537_report_rollups): per UTC day, severity and
// dismissed-now flag, what the issue events did. Triggers on "IssueEvent" insert signed rows in the writer's own
// transaction; this file reads them (a workspace's rows: at most days × 5 × 2 once folded); rollups.ts folds them.
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import type { Period } from "./period.ts";
import type { ReportFilters, ReportSeverity } from "./report-sql.ts";

export interface DayRow {
  day: string;
  severity: ReportSeverity;
  opened: number;
  resolved: number;
  reopened: number;
  dismissed: number;
  delta: number;
}

/**
 * The workspace's flow per day and severity from the period's start on, and the issues open now per severity (the
 * sum of every day's change of the open count). Dismissed issues as in the events: left out unless asked for.
 */
export async function dayCounts(sc: ServiceContext, period: Period, f: ReportFilters) {
  const delta = f.includeDismissed ? `"openDeltaWithDismissed"` : `"openDelta"`;
  const rows = await workspaceRows<DayRow & { day: string | null }>(
    sc,
    `report-day-counts${f.includeDismissed ? "-d" : ""}`,
    // Days before the period fold into one row per severity (day null): only their change of the open count counts.
    `select case when day >= $2 then day::text end as day, severity::text as severity,
       sum(opened)::int as opened, sum(resolved)::int as resolved, sum(reopened)::int as reopened,
       sum(dismissed)::int as dismissed, sum(${delta})::int as delta
     from "IssueDayCount"
     where "workspaceId" = $1 ${f.includeDismissed ? "" : `and not "issueDismissed"`}
     group by 1, 2`,
    [period.from],
  );
  const open = new Map<ReportSeverity, number>();
  for (const r of rows) open.set(r.severity, (open.get(r.severity) ?? 0) + r.delta);
  return {
    days: rows.filter((r): r is DayRow => r.day !== null),
    open: [...open].map(([severity, n]) => ({ severity, n })),
  };
}
