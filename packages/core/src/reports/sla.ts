// The SLA report (docs/api.md, SLA). An issue's deadline is its first sighting
// plus the days its project's policy (else the workspace's, else the defaults)
// gives its severity; info issues have none.
//   - open issues now: breached (from the deadline on), at risk (under 20 % of
//     their time left: the issues' own rule, issues.sla.ts), within SLA (the rest);
//   - resolutions in the period: within SLA or late;
//   - breach rate per week (periods up to 92 days) or month: of the issues whose
//     deadline fell in the bucket (and has passed), the share not resolved by it;
//   - the oldest breaches: the 10 open issues longest past their deadline.
// Every part reads index ranges of the issues near a deadline (sla-ranges.ts), never every open issue.
import { bandOf } from "../issues/issues.priority.ts";
import type { ServiceContext } from "../service-context.ts";
import { SLA_SEVERITIES } from "../sla-policy/sla-policy.schemas.ts";
import { workspaceSlaDays } from "../sla-policy/sla-policy.service.ts";
import { resolvePeriod, type PeriodInput } from "./period.ts";
import { checkProject, round, type ReportFilters } from "./report-sql.ts";
import { breachRateByRanges, oldestBreachesByRanges, openByRanges, resolvedInPeriod } from "./sla-ranges.ts";

export async function slaReport(sc: ServiceContext, filters: PeriodInput & ReportFilters, now = sc.services.now()) {
  const period = resolvePeriod(filters, now);
  await checkProject(sc, filters);
  const [days, overrides] = await Promise.all([workspaceSlaDays(sc), sc.db.projectSlaPolicy.findMany()]);
  const x = {
    filters,
    days,
    overrides: overrides.map((o) => ({
      projectId: o.projectId,
      days: { critical: o.criticalDays, high: o.highDays, medium: o.mediumDays, low: o.lowDays },
    })),
    now,
    period,
    bucket: period.days <= 92 ? ("week" as const) : ("month" as const),
  };
  const [openRows, resolvedRows, rateRows, oldest] = await Promise.all([
    openByRanges(sc, x),
    resolvedInPeriod(sc, x),
    breachRateByRanges(sc, x),
    oldestBreachesByRanges(sc, x),
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
    policy: days,
    bySeverity,
    breachRate: {
      bucket: x.bucket,
      points: rateRows
        .sort((a, b) => a.bucket.localeCompare(b.bucket))
        .map((r) => ({ start: r.bucket, due: r.due, breached: r.breached, rate: round(r.breached / r.due, 4)! })),
    },
    oldestBreaches: oldest.map((b) => ({ ...b, priority: { score: b.priority, band: bandOf(b.priority) } })),
  };
}
