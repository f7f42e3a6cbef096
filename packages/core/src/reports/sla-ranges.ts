// The SLA report's reads of issues when every issue follows the workspace's policy (no project override, no project
// filter): per severity, ranges of one index (workspaceId, severity, firstSeenAt, status, resolvedAt) instead of
// every open issue. An issue's deadline is its first sighting plus its severity's days, so the issues near their
// deadline now, and those whose deadline falls in a period, are first seen in one range per severity; the open
// counts come from the summary's rollup (day-counts.ts). Same numbers as the joins in sla.ts, which serve the rest.
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../service-context.ts";
import type { SlaDays, SlaSeverity } from "../sla-policy/sla-policy.schemas.ts";
import { dayCounts } from "./day-counts.ts";
import type { Period } from "./period.ts";
import { openStatuses, variant, type ReportFilters } from "./report-sql.ts";

export interface SlaRangeInput {
  filters: ReportFilters;
  days: SlaDays;
  now: Date;
  atRiskDays: number;
  period: Period;
  bucket: "week" | "month";
}

/** One row per severity with its days ($2-$5); `p.severity`, `p.days`. */
const SEVERITY_DAYS = `(values ('critical'::"Severity", $2::int), ('high', $3::int), ('medium', $4::int),
  ('low', $5::int)) p(severity, days)`;
const DUE = `(i."firstSeenAt" + p.days * interval '1 day')`;
const base = (d: SlaDays) => [d.critical, d.high, d.medium, d.low];

/** Open issues per severity: breached, at risk (due within atRiskDays), from the not breached ones only. */
export async function openByRanges(sc: ServiceContext, x: SlaRangeInput) {
  const [rollup, near] = await Promise.all([
    dayCounts(sc, x.period, x.filters),
    workspaceRows<{ severity: SlaSeverity; notBreached: number; atRisk: number }>(
      sc,
      variant("report-sla-open-ranges", x.filters),
      `select p.severity::text as severity, n."notBreached", n."atRisk"
       from ${SEVERITY_DAYS}
       cross join lateral (
         select count(*)::int as "notBreached",
           count(*) filter (where ${DUE} < $6::timestamptz + $7::int * interval '1 day')::int as "atRisk"
         from "Issue" i
         where i."workspaceId" = $1 and i.severity = p.severity and i.status in ${openStatuses(x.filters)}
           and i."firstSeenAt" >= $6::timestamptz - (p.days + 1) * interval '1 day' and ${DUE} >= $6
       ) n`,
      [...base(x.days), x.now, x.atRiskDays],
    ),
  ]);
  return near.map((r) => {
    const open = rollup.open.find((o) => o.severity === r.severity)?.n ?? 0;
    return { severity: r.severity, open, breached: open - r.notBreached, atRisk: r.atRisk };
  });
}

/** Of the issues whose deadline fell in each bucket of the period (and has passed), how many were not resolved by it. */
export function breachRateByRanges(sc: ServiceContext, x: SlaRangeInput) {
  return workspaceRows<{ bucket: string; due: number; breached: number }>(
    sc,
    variant(`report-sla-rate-ranges-${x.bucket}`, x.filters),
    `select to_char(date_trunc('${x.bucket}', r.due at time zone 'UTC'), 'YYYY-MM-DD') as bucket,
       count(*)::int as due,
       count(*) filter (where not (r.status = 'resolved' and r."resolvedAt" <= r.due))::int as breached
     from ${SEVERITY_DAYS}
     cross join lateral (
       select i.status, i."resolvedAt", ${DUE} as due
       from "Issue" i
       where i."workspaceId" = $1 and i.severity = p.severity
         and i."firstSeenAt" >= $6::timestamptz - (p.days + 1) * interval '1 day'
         and i."firstSeenAt" < $7::timestamptz - (p.days - 1) * interval '1 day'
         ${x.filters.includeDismissed ? "" : `and i.status <> 'dismissed'`}
     ) r
     where r.due >= $6 and r.due < $7 and r.due <= $8
     group by 1`,
    [...base(x.days), x.period.start, x.period.end, x.now],
  );
}

/** The 10 open issues longest past their deadline: the oldest 10 of each severity, then the oldest of those. */
export function oldestBreachesByRanges(sc: ServiceContext, x: SlaRangeInput) {
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
    variant("report-sla-oldest-ranges", x.filters),
    `select o.id as "issueId", o.title, o.severity::text as severity, o."assetId", ast.value as "assetValue",
       ast.name as "assetName", o."firstSeenAt", o.due as "dueAt",
       floor(extract(epoch from $6::timestamptz - o.due) / 86400)::int as "daysOver"
     from ${SEVERITY_DAYS}
     cross join lateral (
       select i.id, i.title, i.severity, i."assetId", i."firstSeenAt", ${DUE} as due
       from "Issue" i
       where i."workspaceId" = $1 and i.severity = p.severity and i.status in ${openStatuses(x.filters)}
         and ${DUE} < $6
       order by i."firstSeenAt", i.id limit 10
     ) o
     join "Asset" ast on ast.id = o."assetId"
     order by o.due, o.id limit 10`,
    [...base(x.days), x.now],
  );
}
