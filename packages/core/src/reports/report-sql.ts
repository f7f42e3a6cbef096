// SQL pieces the reports share. Every report is SQL aggregates over indexed
// columns (docs/benchmarks.md, Reports); rows never come into JS. Filters are
// spliced as fixed fragments (no user text), values are bound parameters.
import { notFound } from "../errors.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";

export interface ReportFilters {
  projectId?: number;
  /** Count dismissed issues (false positives, accepted risks) as open ones; default false. */
  includeDismissed?: boolean;
}

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type ReportSeverity = (typeof SEVERITIES)[number];

/** The statuses that count as "open" (not remediated). */
export const openStatuses = (f: ReportFilters) =>
  f.includeDismissed ? `('open', 'in-progress', 'dismissed')` : `('open', 'in-progress')`;

/** What a query reads: issues (alias `i`) or issue events (alias `e`, which carry severity, asset, first sighting). */
type Source = "issues" | "events";
const aliasOf = (source: Source) => (source === "issues" ? "i" : "e");

/**
 * Joins and conditions on the source's rows (and asset alias `a` when a project is asked for): the project
 * filter as parameter `$${projectParam}`, and dismissed issues left out unless asked for (for events: the events
 * of issues dismissed now, which the trigger flags as such, rather than a join with every issue).
 */
export function issueFilter(f: ReportFilters, projectParam: number, source: Source = "issues") {
  const t = aliasOf(source);
  const dismissed = source === "issues" ? ` and i.status <> 'dismissed'` : ` and not e."issueDismissed"`;
  return {
    join: f.projectId ? `join "Asset" a on a.id = ${t}."assetId"` : "",
    where: (f.projectId ? ` and a."projectId" = $${projectParam}` : "") + (f.includeDismissed ? "" : dismissed),
    values: f.projectId ? [f.projectId] : [],
  };
}

/** A statement name that differs per SQL variant (pg caches prepared statements by name). */
export const variant = (name: string, f: ReportFilters, ...more: boolean[]) =>
  [name, f.projectId ? "p" : "", f.includeDismissed ? "d" : "", ...more.map((m) => (m ? "1" : "0"))].join("-");

/** 404 unless the project is in the caller's workspace. */
export async function checkProject(sc: ServiceContext, f: ReportFilters) {
  if (!f.projectId) return;
  const rows = await workspaceRows(
    sc,
    "report-project",
    `select id from "Project" where "workspaceId" = $1 and id = $2`,
    [f.projectId],
  );
  if (!rows.length) throw notFound("Project");
}

export const round = (n: number | null, digits = 2) => (n === null ? null : Number(Number(n).toFixed(digits)));
