// The period summary (docs/api.md, Reports): issue flow from the IssueEvent
// history (for the workspace, its per-day rollup: day-counts.ts), scans and
// assets added, time to remediate, and a per-day series.
//
// "Open at the end of a day" is derived backwards from the open issues of now:
// open(t) = open(now) − Σ (change of the open count by each event after t),
// so only the events from the period's start on are read, never the whole history.
import { openExposureCounts } from "../problems/problems.service.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { dayCounts, type DayRow } from "./day-counts.ts";
import { resolvePeriod, type Period, type PeriodInput } from "./period.ts";
import {
  checkProject,
  issueFilter,
  openStatuses,
  round,
  SEVERITIES,
  variant,
  type ReportFilters,
  type ReportSeverity,
} from "./report-sql.ts";

type BySeverity = Record<ReportSeverity, number>;
const zeroes = (): BySeverity => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });
const total = (b: BySeverity) => SEVERITIES.reduce((n, s) => n + b[s], 0);

function eventsByDay(sc: ServiceContext, period: Period, f: ReportFilters) {
  const open = openStatuses(f);
  const filter = issueFilter(f, 3, "events");
  return workspaceRows<DayRow>(
    sc,
    variant("report-events-by-day", f),
    `select ((e.at at time zone 'UTC')::date)::text as day, e.severity::text as severity,
       count(*) filter (where e."fromStatus" is null)::int as opened,
       count(*) filter (where e."toStatus" = 'resolved')::int as resolved,
       count(*) filter (where e."fromStatus" in ('resolved', 'dismissed')
                          and e."toStatus" in ('open', 'in-progress'))::int as reopened,
       count(*) filter (where e."toStatus" = 'dismissed')::int as dismissed,
       sum((e."toStatus" in ${open})::int - coalesce((e."fromStatus" in ${open})::int, 0))::int as delta
     from "IssueEvent" e ${filter.join}
     where e."workspaceId" = $1 and e.at >= $2 ${filter.where}
     group by (e.at at time zone 'UTC')::date, e.severity`,
    [period.start, ...filter.values],
  );
}

function openNow(sc: ServiceContext, f: ReportFilters) {
  const filter = issueFilter(f, 2);
  return workspaceRows<{ severity: ReportSeverity; n: number }>(
    sc,
    variant("report-open-now", f),
    `select i.severity::text as severity, count(*)::int as n
     from "Issue" i ${filter.join}
     where i."workspaceId" = $1 and i.status in ${openStatuses(f)} ${filter.where}
     group by 1`,
    filter.values,
  );
}

/**
 * The flow per day and severity from the period's start on, and the issues open now: for the workspace from the
 * rollup, for one project (a twentieth of the events, say) from the events and issues themselves.
 */
async function flow(sc: ServiceContext, period: Period, f: ReportFilters) {
  if (!f.projectId) return dayCounts(sc, period, f);
  const [days, open] = await Promise.all([eventsByDay(sc, period, f), openNow(sc, f)]);
  return { days, open };
}

/** Days from first seen to each resolution in the period (an issue resolved twice counts twice). */
function remediationTimes(sc: ServiceContext, period: Period, f: ReportFilters) {
  const filter = issueFilter(f, 4, "events");
  return workspaceRows<{ severity: ReportSeverity; n: number; mean: number; median: number }>(
    sc,
    variant("report-remediation", f),
    // On the intervals themselves (exact microseconds, a cheap sort key), not on their numeric epoch per row; grouped
    // on the enum, not its text (a collated sort of every resolution).
    `select e.severity::text as severity, count(*)::int as n,
       extract(epoch from avg(e.at - e."firstSeenAt")) / 86400 as mean,
       extract(epoch from percentile_cont(0.5) within group (order by e.at - e."firstSeenAt")) / 86400 as median
     from "IssueEvent" e ${filter.join}
     where e."workspaceId" = $1 and e.at >= $2 and e.at < $3 and e."toStatus" = 'resolved' ${filter.where}
     group by e.severity`,
    [period.start, period.end, ...filter.values],
  );
}

function scansAndAssets(sc: ServiceContext, period: Period, f: ReportFilters) {
  const project = f.projectId ? `and a."projectId" = $4` : "";
  return workspaceRows<{ scans: number; failed: number; assets: number }>(
    sc,
    variant("report-scans-assets", f),
    `select
       (select count(*) from "Scan" s join "Asset" a on a.id = s."assetId"
         where s."workspaceId" = $1 and s."createdAt" >= $2 and s."createdAt" < $3 ${project})::int as scans,
       (select count(*) from "Scan" s join "Asset" a on a.id = s."assetId"
         where s."workspaceId" = $1 and s."createdAt" >= $2 and s."createdAt" < $3 and s.status = 'failed'
         ${project})::int as failed,
       (select count(*) from "Asset" a
         where a."workspaceId" = $1 and a."createdAt" >= $2 and a."createdAt" < $3 ${project})::int as assets`,
    [period.start, period.end, ...(f.projectId ? [f.projectId] : [])],
  );
}

/**
 * The issue flow of a period, from the IssueEvent history: opened, resolved, reopened, dismissed and still open (at
 * the period's end) by severity, and the per-day series. The summary and the overview share it.
 */
export async function issueFlow(sc: ServiceContext, period: Period, filters: ReportFilters) {
  const { days, open } = await flow(sc, period, filters);
  const endDay = period.end.toISOString().slice(0, 10);
  const opened = zeroes();
  const resolved = zeroes();
  const reopened = zeroes();
  const dismissed = zeroes();
  const stillOpen = zeroes();
  for (const o of open) stillOpen[o.severity] = o.n;
  const perDay = new Map<string, { opened: number; resolved: number; delta: BySeverity }>();
  for (const r of days) {
    if (r.day >= endDay) {
      stillOpen[r.severity] -= r.delta; // after the period: undo to get the state at its end
      continue;
    }
    opened[r.severity] += r.opened;
    resolved[r.severity] += r.resolved;
    reopened[r.severity] += r.reopened;
    dismissed[r.severity] += r.dismissed;
    const d = perDay.get(r.day) ?? { opened: 0, resolved: 0, delta: zeroes() };
    d.opened += r.opened;
    d.resolved += r.resolved;
    d.delta[r.severity] += r.delta;
    perDay.set(r.day, d);
  }
  // Walk back from the period's last day: open at the end of day d = open at the end of d+1 − delta(d+1).
  const series: { date: string; opened: number; resolved: number; openAtEnd: number; open: BySeverity }[] = [];
  const openAt = { ...stillOpen };
  for (let i = period.days - 1; i >= 0; i--) {
    const date = new Date(period.start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const d = perDay.get(date) ?? { opened: 0, resolved: 0, delta: zeroes() };
    series.push({ date, opened: d.opened, resolved: d.resolved, openAtEnd: total(openAt), open: { ...openAt } });
    for (const s of SEVERITIES) openAt[s] -= d.delta[s];
  }
  series.reverse();
  const withTotal = (b: BySeverity) => ({ ...b, total: total(b) });
  return {
    issues: {
      opened: withTotal(opened),
      resolved: withTotal(resolved),
      reopened: withTotal(reopened),
      dismissed: withTotal(dismissed),
      stillOpen: withTotal(stillOpen),
    },
    series,
  };
}

/** The summary of a period (preset or from/to; default the last 30 days) for the workspace or one project. */
export async function reportSummary(sc: ServiceContext, filters: PeriodInput & ReportFilters, now = sc.services.now()) {
  const period = resolvePeriod(filters, now);
  await checkProject(sc, filters);
  const [flow, times, [counts], exposures] = await Promise.all([
    issueFlow(sc, period, filters),
    remediationTimes(sc, period, filters),
    scansAndAssets(sc, period, filters),
    openExposureCounts(sc, { projectId: filters.projectId }),
  ]);
  const timeToRemediate = SEVERITIES.map((severity) => {
    const t = times.find((x) => x.severity === severity);
    return {
      severity,
      resolved: t?.n ?? 0,
      meanDays: round(t ? t.mean : null),
      medianDays: round(t ? t.median : null),
    };
  });
  return {
    period: { from: period.from, to: period.to, days: period.days },
    projectId: filters.projectId ?? null,
    includeDismissed: filters.includeDismissed ?? false,
    issues: flow.issues,
    openExposures: { ...exposures, total: total(exposures) },
    scans: { run: counts!.scans, failed: counts!.failed },
    assetsAdded: counts!.assets,
    timeToRemediate,
    series: flow.series,
  };
}
