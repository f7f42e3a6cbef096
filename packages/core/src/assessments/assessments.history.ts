// The snapshot's SLA and trend. A workspace or project report takes them from
// the reports (slaReport and reportSummary: the workspace's SLA policy with
// project overrides, the issue history). The reports filter by project, not
// by asset, so an asset report counts its own issues here, against the SLA
// days its project is held to (the same policy lookup).
import { slaReport } from "../reports/sla.ts";
import { reportSummary } from "../reports/summary.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { slaSql } from "../issues/issues.sla.ts";
import { workspaceSlaDays } from "../sla-policy/sla-policy.service.ts";
import { SLA_SEVERITIES, type SlaDays } from "../sla-policy/sla-policy.schemas.ts";
import type { AssessmentData, SnapshotScope } from "./assessments.schemas.ts";

/** The trend covers this many weeks, the last ending today. */
export const TREND_WEEKS = 12;
const DAY_MS = 86_400_000;

type History = Pick<AssessmentData, "sla" | "trend">;

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function slaAndTrend(sc: ServiceContext, scope: SnapshotScope, now: Date): Promise<History> {
  if (scope.type === "asset") return assetHistory(sc, scope.id!, now);
  const filters = {
    projectId: scope.type === "project" ? scope.id! : undefined,
    from: day(new Date(now.getTime() - (TREND_WEEKS * 7 - 1) * DAY_MS)),
    to: day(now),
  };
  const [sla, summary] = await Promise.all([slaReport(sc, filters, now), reportSummary(sc, filters, now)]);
  const trend = [];
  for (let w = 0; w < TREND_WEEKS; w++) {
    const days = summary.series.slice(w * 7, w * 7 + 7);
    if (!days.length) break;
    trend.push({
      weekStart: `${days[0]!.date}T00:00:00.000Z`,
      opened: days.reduce((n, d) => n + d.opened, 0),
      resolved: days.reduce((n, d) => n + d.resolved, 0),
      openAtEnd: days[days.length - 1]!.openAtEnd,
    });
  }
  return {
    sla: {
      source: scope.type === "project" ? "the project's SLA policy" : "the workspace's SLA policy",
      bySeverity: sla.bySeverity.map((s) => ({
        severity: s.severity,
        days: s.slaDays,
        open: s.open,
        withinSla: s.withinSla,
        atRisk: s.atRisk,
        breached: s.breached,
      })),
    },
    trend,
  };
}

async function assetHistory(sc: ServiceContext, assetId: number, now: Date): Promise<History> {
  const asset = await sc.db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { projectId: true } });
  const override = await sc.db.projectSlaPolicy.findUnique({ where: { projectId: asset.projectId } });
  const days: SlaDays = override
    ? { critical: override.criticalDays, high: override.highDays, medium: override.mediumDays, low: override.lowDays }
    : await workspaceSlaDays(sc);
  const issues = `from "Issue" i where i."workspaceId" = $1 and i."assetId" = $2`;
  const [slaRows, trend] = await Promise.all([
    workspaceRows<{ severity: keyof SlaDays; open: number; breached: number; atRisk: number }>(
      sc,
      "assessment-asset-sla",
      `select i.severity::text as severity, count(*)::int as open,
         count(*) filter (where ${slaSql.breached("i", "$3")})::int as breached,
         count(*) filter (where ${slaSql.atRisk("i", "$3")})::int as "atRisk"
       ${issues} and i.status in ('open', 'in-progress') and i.severity <> 'info' group by 1`,
      [assetId, now],
    ),
    workspaceRows<{ weekStart: Date; opened: number; resolved: number; openAtEnd: number }>(
      sc,
      "assessment-asset-trend",
      `with today as (select date_trunc('day', $3::timestamptz at time zone 'UTC') as d),
       weeks as (
         select w as "weekStart", w + interval '7 days' as "weekEnd"
         from today, generate_series(today.d - interval '${TREND_WEEKS * 7 - 1} days', today.d - interval '6 days',
                                     interval '7 days') w),
       scoped as (select i."firstSeenAt", i."resolvedAt" ${issues} and i.status <> 'dismissed')
       select w."weekStart" at time zone 'UTC' as "weekStart",
         (select count(*) from scoped s where s."firstSeenAt" >= w."weekStart" at time zone 'UTC'
            and s."firstSeenAt" < w."weekEnd" at time zone 'UTC')::int as opened,
         (select count(*) from scoped s where s."resolvedAt" >= w."weekStart" at time zone 'UTC'
            and s."resolvedAt" < w."weekEnd" at time zone 'UTC')::int as resolved,
         (select count(*) from scoped s where s."firstSeenAt" < w."weekEnd" at time zone 'UTC'
            and (s."resolvedAt" is null or s."resolvedAt" >= w."weekEnd" at time zone 'UTC'))::int as "openAtEnd"
       from weeks w order by w."weekStart"`,
      [assetId, now],
    ),
  ]);
  return {
    sla: {
      source: override ? "the project's SLA policy" : "the workspace's SLA policy",
      bySeverity: SLA_SEVERITIES.map((severity) => {
        const r = slaRows.find((x) => x.severity === severity);
        const open = r?.open ?? 0;
        const breached = r?.breached ?? 0;
        const atRisk = r?.atRisk ?? 0;
        return { severity, days: days[severity], open, withinSla: open - breached - atRisk, atRisk, breached };
      }),
    },
    trend: trend.map((t) => ({ ...t, weekStart: t.weekStart.toISOString() })),
  };
}
