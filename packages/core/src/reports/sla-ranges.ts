// The SLA report's reads (sla.ts). An issue's deadline is its first sighting plus its severity's days, so the issues
// near their deadline now, and those whose deadline falls in a period, are first seen in one range per severity of
// the index (workspaceId, severity, firstSeenAt, status, resolvedAt), from the shortest to the longest days any
// policy gives that severity; the open counts come from the rollups (no deadline needed). Every read is such a
// range, never every open issue, whatever the scope:
//   - the workspace, no project override: the days are the workspace's, read from the index alone;
//   - one project: its own days (override or the workspace's) for all its issues, which are kept to the
//     project's assets by a semi-join;
//   - the workspace with project overrides: each issue in the range looks its asset up among the override projects'
//     assets (a small hash), and takes that project's days, else the workspace's.
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../service-context.ts";
import { SLA_SEVERITIES, type SlaDays, type SlaSeverity } from "../sla-policy/sla-policy.schemas.ts";
import { dayCounts } from "./day-counts.ts";
import type { Period } from "./period.ts";
import { openStatuses, variant, type ReportFilters } from "./report-sql.ts";

export interface SlaRangeInput {
  filters: ReportFilters;
  /** The workspace's days. */
  days: SlaDays;
  /** Every project override of the workspace. */
  overrides: { projectId: number; days: SlaDays }[];
  now: Date;
  atRiskDays: number;
  period: Period;
  bucket: "week" | "month";
}

/** Per severity ($2-$5): the days of issues with no override of their own, and the longest and shortest of any. */
const SEVERITY_DAYS = `unnest($2::"Severity"[], $3::int[], $4::int[], $5::int[]) p(severity, days, longest, shortest)`;
/** The override projects' assets and their days (alias `o`). */
const OVERRIDDEN = `(select a.id, ps."criticalDays", ps."highDays", ps."mediumDays", ps."lowDays"
  from "Asset" a join "ProjectSlaPolicy" ps on ps."projectId" = a."projectId" where a."workspaceId" = $1) o`;
const OVERRIDDEN_DAYS = `coalesce(case p.severity when 'critical' then o."criticalDays" when 'high' then o."highDays"
  when 'medium' then o."mediumDays" else o."lowDays" end, p.days)`;

/** How a read finds each issue's (alias `i`) or event's (alias `e`) days, and keeps to the project asked for. */
function scope(x: SlaRangeInput) {
  const { projectId } = x.filters;
  const overridden = !projectId && x.overrides.length > 0;
  const days = (projectId && x.overrides.find((o) => o.projectId === projectId)?.days) || x.days;
  const policies = overridden ? [days, ...x.overrides.map((o) => o.days)] : [days];
  const daysOf = overridden ? OVERRIDDEN_DAYS : "p.days";
  return {
    policies,
    name: (n: string) => variant(n, x.filters, overridden),
    severities: [
      SLA_SEVERITIES,
      SLA_SEVERITIES.map((s) => days[s]),
      SLA_SEVERITIES.map((s) => Math.max(...policies.map((p) => p[s]))),
      SLA_SEVERITIES.map((s) => Math.min(...policies.map((p) => p[s]))),
    ],
    daysOf,
    due: (t: "i" | "e") => `(${t}."firstSeenAt" + ${daysOf} * interval '1 day')`,
    join: (t: "i" | "e") => (overridden ? `left join ${OVERRIDDEN} on o.id = ${t}."assetId"` : ""),
    /** The project filter as parameter `$${param}` (appended to the values by `values`). */
    where: (t: "i" | "e", param: number) =>
      projectId
        ? `and ${t}."assetId" in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $${param})`
        : "",
    values: projectId ? [projectId] : [],
  };
}

/** Open issues per severity now, from the rollups: the summary's for the workspace, the risk score's for a project. */
async function openCounts(sc: ServiceContext, x: SlaRangeInput) {
  if (!x.filters.projectId) return (await dayCounts(sc, x.period, x.filters)).open;
  const [row] = await workspaceRows<Record<SlaSeverity, number>>(
    sc,
    variant("report-sla-open-project", x.filters),
    `select ${SLA_SEVERITIES.map((s) => `coalesce(sum(c.${s}), 0)::int as ${s}`).join(", ")}
     from "AssetIssueCount" c
     where c."workspaceId" = $1 ${x.filters.includeDismissed ? "" : `and not c."issueDismissed"`}
       and c."assetId" in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $2)`,
    [x.filters.projectId],
  );
  return SLA_SEVERITIES.map((severity) => ({ severity, n: row![severity] }));
}

/** Open issues per severity: breached, at risk (due within atRiskDays), from the not breached ones only. */
export async function openByRanges(sc: ServiceContext, x: SlaRangeInput) {
  const s = scope(x);
  const [open, near] = await Promise.all([
    openCounts(sc, x),
    workspaceRows<{ severity: SlaSeverity; notBreached: number; atRisk: number }>(
      sc,
      s.name("report-sla-open-ranges"),
      `select p.severity::text as severity, n."notBreached", n."atRisk"
       from ${SEVERITY_DAYS}
       cross join lateral (
         select count(*)::int as "notBreached",
           count(*) filter (where ${s.due("i")} < $6::timestamptz + $7::int * interval '1 day')::int as "atRisk"
         from "Issue" i ${s.join("i")}
         where i."workspaceId" = $1 and i.severity = p.severity and i.status in ${openStatuses(x.filters)}
           and i."firstSeenAt" >= $6::timestamptz - (p.longest + 1) * interval '1 day' and ${s.due("i")} >= $6
           ${s.where("i", 8)}
       ) n`,
      [...s.severities, x.now, x.atRiskDays, ...s.values],
    ),
  ]);
  return near.map((r) => {
    const n = open.find((o) => o.severity === r.severity)?.n ?? 0;
    return { severity: r.severity, open: n, breached: n - r.notBreached, atRisk: r.atRisk };
  });
}

/** Resolutions in the period per severity, and how many came after the deadline. */
export function resolvedInPeriod(sc: ServiceContext, x: SlaRangeInput) {
  const s = scope(x);
  return workspaceRows<{ severity: SlaSeverity; resolved: number; late: number }>(
    sc,
    s.name("report-sla-resolved"),
    `select e.severity::text as severity, count(*)::int as resolved,
       count(*) filter (where e.at > ${s.due("e")})::int as late
     from "IssueEvent" e join ${SEVERITY_DAYS} on p.severity = e.severity ${s.join("e")}
     where e."workspaceId" = $1 and e."toStatus" = 'resolved' and e.at >= $6 and e.at < $7
       ${x.filters.includeDismissed ? "" : `and not e."issueDismissed"`} ${s.where("e", 8)}
     group by 1`,
    [...s.severities, x.period.start, x.period.end, ...s.values],
  );
}

/** Of the issues whose deadline fell in each bucket of the period (and has passed), how many were not resolved by
 * it. */
export function breachRateByRanges(sc: ServiceContext, x: SlaRangeInput) {
  const s = scope(x);
  return workspaceRows<{ bucket: string; due: number; breached: number }>(
    sc,
    s.name(`report-sla-rate-ranges-${x.bucket}`),
    // Grouped on the bucket's timestamp (a text key sorts far slower), named after.
    `select to_char(b.bucket, 'YYYY-MM-DD') as bucket, b.due, b.breached from (
     select date_trunc('${x.bucket}', r.due at time zone 'UTC') as bucket, count(*)::int as due,
       count(*) filter (where not (r.status = 'resolved' and r."resolvedAt" <= r.due))::int as breached
     from ${SEVERITY_DAYS}
     cross join lateral (
       select i.status, i."resolvedAt", ${s.due("i")} as due
       from "Issue" i ${s.join("i")}
       where i."workspaceId" = $1 and i.severity = p.severity
         and i."firstSeenAt" >= $6::timestamptz - (p.longest + 1) * interval '1 day'
         and i."firstSeenAt" < $7::timestamptz - (p.shortest - 1) * interval '1 day'
         ${x.filters.includeDismissed ? "" : `and i.status <> 'dismissed'`} ${s.where("i", 9)}
     ) r
     where r.due >= $6 and r.due < $7 and r.due <= $8
     group by 1) b`,
    [...s.severities, x.period.start, x.period.end, x.now, ...s.values],
  );
}

/**
 * The 10 open issues longest past their deadline. Among the issues of one severity that have the same days, the
 * oldest first seen are the longest past due: the oldest 10 of each (severity, days), then the oldest of those.
 */
export function oldestBreachesByRanges(sc: ServiceContext, x: SlaRangeInput) {
  const s = scope(x);
  const groups = SLA_SEVERITIES.flatMap((severity) =>
    [...new Set(s.policies.map((p) => p[severity]))].map((days) => ({ severity, days })),
  );
  const [severities, days] = s.severities;
  return workspaceRows<{
    issueId: number;
    title: string;
    severity: SlaSeverity;
    assetId: number;
    assetValue: string;
    assetName: string | null;
    firstSeenAt: Date;
    dueAt: Date;
    daysOver: number;
  }>(
    sc,
    s.name("report-sla-oldest-ranges"),
    `select b.id as "issueId", b.title, b.severity::text as severity, b."assetId", ast.value as "assetValue",
       ast.name as "assetName", b."firstSeenAt", b.due as "dueAt",
       floor(extract(epoch from $6::timestamptz - b.due) / 86400)::int as "daysOver"
     from (select p.severity, p.days, g.days as "groupDays"
           from unnest($2::"Severity"[], $3::int[]) p(severity, days)
           join unnest($4::"Severity"[], $5::int[]) g(severity, days) on g.severity = p.severity) p
     cross join lateral (
       select i.id, i.title, i.severity, i."assetId", i."firstSeenAt", ${s.due("i")} as due
       from "Issue" i ${s.join("i")}
       where i."workspaceId" = $1 and i.severity = p.severity and i.status in ${openStatuses(x.filters)}
         and i."firstSeenAt" < $6::timestamptz - p."groupDays" * interval '1 day' and ${s.daysOf} = p."groupDays"
         ${s.where("i", 7)}
       order by i."firstSeenAt", i.id limit 10
     ) b
     join "Asset" ast on ast.id = b."assetId"
     order by b.due, b.id limit 10`,
    [severities, days, groups.map((g) => g.severity), groups.map((g) => g.days), x.now, ...s.values],
  );
}
