// The SLA report (docs/api.md, SLA). An issue's deadline is its first sighting
// plus the days its project's policy (else the workspace's, else the defaults)
// gives its severity; info issues have none.
//   - open issues now: breached (past the deadline), at risk (due within
//     atRiskDays), within SLA (the rest);
//   - resolutions in the period: within SLA or late;
//   - breach rate per week (periods up to 92 days) or month: of the issues whose
//     deadline fell in the bucket (and has passed), the share not resolved by it;
//   - the oldest breaches: the 10 open issues longest past their deadline.
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../service-context.ts";
import { SLA_SEVERITIES, type SlaSeverity } from "../sla-policy/sla-policy.schemas.ts";
import { workspaceSlaDays } from "../sla-policy/sla-policy.service.ts";
import { resolvePeriod, type PeriodInput } from "./period.ts";
import { breachRateByRanges, oldestBreachesByRanges, openByRanges } from "./sla-ranges.ts";
import {
  aliasOf,
  checkProject,
  issueFilter,
  openStatuses,
  round,
  variant,
  type ReportFilters,
  type Source,
} from "./report-sql.ts";

export const DEFAULT_AT_RISK_DAYS = 7;

/** Joins giving each issue (or event) its deadline as `due` (needs the asset when projects have their own policy). */
function deadline(f: ReportFilters, overrides: boolean, projectParam: number, source: Source = "issues") {
  const t = aliasOf(source);
  const filter = issueFilter({ ...f, projectId: overrides ? undefined : f.projectId }, projectParam, source);
  const join = overrides
    ? `join "Asset" a on a.id = ${t}."assetId" left join "ProjectSlaPolicy" ps on ps."projectId" = a."projectId"`
    : filter.join;
  const days = overrides
    ? `case ${t}.severity when 'critical' then coalesce(ps."criticalDays", $2::int)
         when 'high' then coalesce(ps."highDays", $3::int)
         when 'medium' then coalesce(ps."mediumDays", $4::int) else coalesce(ps."lowDays", $5::int) end`
    : `case ${t}.severity when 'critical' then $2::int when 'high' then $3::int when 'medium' then $4::int else ` +
      `$5::int end`;
  return {
    join,
    where:
      `and ${t}.severity <> 'info' ${overrides && f.projectId ? `and a."projectId" = $${projectParam}` : ""} ` +
      `${filter.where}`,
    due: `(${t}."firstSeenAt" + (${days}) * interval '1 day')`,
  };
}

export async function slaReport(
  sc: ServiceContext,
  filters: PeriodInput & ReportFilters & { atRiskDays?: number },
  now = new Date(),
) {
  const period = resolvePeriod(filters, now);
  await checkProject(sc, filters);
  const [days, longest] = await Promise.all([
    workspaceSlaDays(sc),
    sc.db.projectSlaPolicy.aggregate({
      _count: true,
      _max: { criticalDays: true, highDays: true, mediumDays: true, lowDays: true },
    }),
  ]);
  const overrides = longest._count;
  // How far back an issue can be first seen and still fall due in the period.
  const lookbackDays = Math.max(
    days.critical,
    days.high,
    days.medium,
    days.low,
    ...Object.values(longest._max).map(Number),
  );
  const atRiskDays = filters.atRiskDays ?? DEFAULT_AT_RISK_DAYS;
  // $1 workspace, $2-$5 days per severity, then each query's own, the project last (when asked for).
  const d = (projectParam: number, source?: Source) => deadline(filters, overrides > 0, projectParam, source);
  const bucket: "week" | "month" = period.days <= 92 ? "week" : "month";
  const name = (n: string) => variant(n, filters, overrides > 0);
  const base = [days.critical, days.high, days.medium, days.low];
  const project = filters.projectId ? [filters.projectId] : [];
  const open = openStatuses(filters);
  // Every issue on the workspace's policy: index ranges per severity (sla-ranges.ts); else the joins below.
  const ranges = overrides === 0 && !filters.projectId ? { filters, days, now, atRiskDays, period, bucket } : null;
  const [openRows, resolvedRows, rateRows, oldest] = await Promise.all([
    ranges
      ? openByRanges(sc, ranges)
      : workspaceRows<{ severity: SlaSeverity; open: number; breached: number; atRisk: number }>(
          sc,
          name("report-sla-open"),
          `select i.severity::text as severity, count(*)::int as open,
         count(*) filter (where ${d(8).due} < $6)::int as breached,
         count(*) filter (where ${d(8).due} >= $6 and ${d(8).due} < $6::timestamptz + $7::int * interval '1 day')::int
           as "atRisk"
       from "Issue" i ${d(8).join}
       where i."workspaceId" = $1 and i.status in ${open} ${d(8).where}
       group by 1`,
          [...base, now, atRiskDays, ...project],
        ),
    workspaceRows<{ severity: SlaSeverity; resolved: number; late: number }>(
      sc,
      name("report-sla-resolved"),
      `select e.severity::text as severity, count(*)::int as resolved,
         count(*) filter (where e.at > ${d(8, "events").due})::int as late
       from "IssueEvent" e ${d(8, "events").join}
       where e."workspaceId" = $1 and e."toStatus" = 'resolved' and e.at >= $6 and e.at < $7 ${d(8, "events").where}
       group by 1`,
      [...base, period.start, period.end, ...project],
    ),
    // Issues first seen up to the longest deadline before the period can fall due in it.
    ranges
      ? breachRateByRanges(sc, ranges)
      : workspaceRows<{ bucket: string; due: number; breached: number }>(
          sc,
          name(`report-sla-rate-${bucket}`),
          `select to_char(date_trunc('${bucket}', x.due at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
         count(*)::int as due,
         count(*) filter (where not (x.status = 'resolved' and x."resolvedAt" <= x.due))::int as breached
       from (select i.status, i."resolvedAt", ${d(10).due} as due
             from "Issue" i ${d(10).join}
             where i."workspaceId" = $1 and i."firstSeenAt" >= $6::timestamptz - $8::int * interval '1 day'
               and i."firstSeenAt" < $7 ${d(10).where}) x
       where x.due >= $6 and x.due < $7 and x.due <= $9
       group by 1`,
          [...base, period.start, period.end, lookbackDays, now, ...project],
        ),
    ranges
      ? oldestBreachesByRanges(sc, ranges)
      : workspaceRows<{
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
          name("report-sla-oldest"),
          `select i.id as "issueId", i.title, i.severity::text as severity, i."assetId", ast.value as "assetValue",
         ast.name as "assetName", i."firstSeenAt", ${d(7).due} as "dueAt",
         floor(extract(epoch from $6::timestamptz - ${d(7).due}) / 86400)::int as "daysOver"
       from "Issue" i ${d(7).join} join "Asset" ast on ast.id = i."assetId"
       where i."workspaceId" = $1 and i.status in ${open} and ${d(7).due} < $6 ${d(7).where}
       order by 8, i.id limit 10`,
          [...base, now, ...project],
        ),
  ]);
  const bySeverity = SLA_SEVERITIES.map((severity) => {
    const o = openRows.find((r) => r.severity === severity);
    const r = resolvedRows.find((x) => x.severity === severity);
    const openCount = o?.open ?? 0;
    const resolved = r?.resolved ?? 0;
    return {
      severity,
      slaDays: days[severity],
      open: openCount,
      withinSla: openCount - (o?.breached ?? 0) - (o?.atRisk ?? 0),
      atRisk: o?.atRisk ?? 0,
      breached: o?.breached ?? 0,
      resolvedInPeriod: resolved,
      resolvedWithinSla: resolved - (r?.late ?? 0),
      resolvedLate: r?.late ?? 0,
    };
  });
  return {
    period: { from: period.from, to: period.to, days: period.days },
    projectId: filters.projectId ?? null,
    includeDismissed: filters.includeDismissed ?? false,
    atRiskDays,
    policy: days,
    bySeverity,
    breachRate: {
      bucket,
      points: rateRows
        .sort((a, b) => a.bucket.localeCompare(b.bucket))
        .map((r) => ({ start: r.bucket, due: r.due, breached: r.breached, rate: round(r.breached / r.due, 4)! })),
    },
    oldestBreaches: oldest,
  };
}
