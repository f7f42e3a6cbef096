// The SLA report's reads (sla.ts). An issue's deadline is its first sighting plus its severity's days, so the issues
// near their deadline now, and those whose deadline falls in a period, are first seen in one range per severity and
// policy; the open counts come from the rollups (no deadline needed). Every read is such a range of an index that
// holds what decides a breach (status, resolvedAt), never every open issue, and each range has one policy's days:
//   - per project with days of its own (the project asked for, or each project override of the workspace): its
//     issues' range of ("workspaceId", "projectId", severity, "firstSeenAt", …);
//   - the rest of the workspace (no project asked for): the workspace's range of ("workspaceId", severity,
//     "firstSeenAt", …, "projectId") at the workspace's days, leaving out the projects read on their own.
// "Issue"."projectId" follows its asset's project (a trigger), so an override follows an asset moved to another
// project; the events carry only the asset, whose current project is looked up (resolvedInPeriod, which reads the
// period's resolutions, not issue ranges).
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { SLA_SEVERITIES, type SlaDays, type SlaSeverity } from "../sla-policy/sla-policy.schemas.ts";
import { slaSql } from "../issues/issues.sla.ts";
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
  period: Period;
  bucket: "week" | "month";
}

/**
 * The ranges' values, $2-$7: per project read on its own, (severity, projectId, days) as three arrays; the rest of
 * the workspace, (severity, days) as two arrays (empty when a project is asked for) and the projects it leaves out.
 * Arrays keep the statement's text and its estimates the same whatever the number of overrides.
 */
function rangeValues(x: SlaRangeInput) {
  const { projectId } = x.filters;
  const own = projectId
    ? [{ projectId, days: x.overrides.find((o) => o.projectId === projectId)?.days ?? x.days }]
    : x.overrides;
  const perProject = own.flatMap((o) => SLA_SEVERITIES.map((severity) => ({ severity, ...o, days: o.days[severity] })));
  const rest = projectId ? [] : SLA_SEVERITIES;
  return [
    perProject.map((r) => r.severity),
    perProject.map((r) => r.projectId),
    perProject.map((r) => r.days),
    rest,
    rest.map((s) => x.days[s]),
    projectId ? [] : x.overrides.map((o) => o.projectId),
  ];
}

/**
 * The issues (alias `i` inside) of every range as rows `r`: `cols` of each issue meeting `where` (on `i`, and on the
 * range's `p.severity` and `p.days`), with the range's `severity` and `days`; `perRange` ends each range's read
 * (an order and limit).
 */
function ranges(cols: string, where: string, perRange = "") {
  const part = (from: string, project: string) => `select p.severity, p.days, x.* from ${from}
    cross join lateral (select ${cols} from "Issue" i
      where i."workspaceId" = $1 and ${project} and i.severity = p.severity and ${where} ${perRange}) x`;
  const perProject = `unnest($2::"Severity"[], $3::int[], $4::int[]) p(severity, project, days)`;
  const rest = `unnest($5::"Severity"[], $6::int[]) p(severity, days)`;
  return `(${part(perProject, `i."projectId" = p.project`)}
    union all ${part(rest, `i."projectId" <> all($7::int[])`)}) r`;
}

/** An issue's deadline in a range. */
const due = (t: string) => `(${t}."firstSeenAt" + p.days * interval '1 day')`;

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

/**
 * Open issues per severity: breached and at risk by the issues' own rule (slaSql: their dueAt and atRiskAt), counted
 * among the not breached ones only, which the ranges hold.
 */
export async function openByRanges(sc: ServiceContext, x: SlaRangeInput) {
  const [open, near] = await Promise.all([
    openCounts(sc, x),
    workspaceRows<{ severity: SlaSeverity; notBreached: number; atRisk: number }>(
      sc,
      variant("report-sla-open-ranges", x.filters),
      // The range is a day wider than the deadline asks (a day's interval is not always 24 hours), the filter exact.
      `select r.severity::text as severity, count(*) filter (where not ${slaSql.breached("r", "$8")})::int
           as "notBreached",
         count(*) filter (where ${slaSql.atRisk("r", "$8")})::int as "atRisk"
       from ${ranges(
         `i."dueAt", i."atRiskAt"`,
         `i.status in ${openStatuses(x.filters)}
           and i."firstSeenAt" >= $8::timestamptz - (p.days + 1) * interval '1 day' and ${due("i")} >= $8`,
       )}
       group by 1`,
      [...rangeValues(x), x.now],
    ),
  ]);
  return SLA_SEVERITIES.map((severity) => {
    const n = open.find((o) => o.severity === severity)?.n ?? 0;
    const r = near.find((o) => o.severity === severity);
    return { severity, open: n, breached: n - (r?.notBreached ?? 0), atRisk: r?.atRisk ?? 0 };
  });
}

/**
 * Resolutions in the period per severity, and how many came after the deadline; read as before the per-project
 * ranges. An event carries its asset, not its project: with project overrides, each event looks its asset up among
 * the override projects' assets (a hash of them), else takes the workspace's days; a project asked for keeps to its
 * assets (a semi-join) at its days.
 */
export function resolvedInPeriod(sc: ServiceContext, x: SlaRangeInput) {
  const { projectId } = x.filters;
  const overridden = !projectId && x.overrides.length > 0;
  const days = (projectId && x.overrides.find((o) => o.projectId === projectId)?.days) || x.days;
  // "ProjectSlaPolicy" holds a few rows and is seldom analysed: the planner takes it for many, and hashes the assets.
  const overrides = `left join (select a.id, ps."criticalDays", ps."highDays", ps."mediumDays", ps."lowDays"
    from "Asset" a join "ProjectSlaPolicy" ps on ps."projectId" = a."projectId" where a."workspaceId" = $1) o
    on o.id = e."assetId"`;
  const daysOf = overridden
    ? `coalesce(case p.severity when 'critical' then o."criticalDays" when 'high' then o."highDays"
        when 'medium' then o."mediumDays" else o."lowDays" end, p.days)`
    : "p.days";
  return workspaceRows<{ severity: SlaSeverity; resolved: number; late: number }>(
    sc,
    variant("report-sla-resolved", x.filters, overridden),
    `select e.severity::text as severity, count(*)::int as resolved,
       count(*) filter (where e.at > e."firstSeenAt" + ${daysOf} * interval '1 day')::int as late
     from "IssueEvent" e join unnest($2::"Severity"[], $3::int[]) p(severity, days) on p.severity = e.severity
       ${overridden ? overrides : ""}
     where e."workspaceId" = $1 and e."toStatus" = 'resolved' and e.at >= $4 and e.at < $5
       ${x.filters.includeDismissed ? "" : `and not e."issueDismissed"`}
       ${projectId ? `and e."assetId" in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $6)` : ""}
     group by 1`,
    [
      SLA_SEVERITIES,
      SLA_SEVERITIES.map((s) => days[s]),
      x.period.start,
      x.period.end,
      ...(projectId ? [projectId] : []),
    ],
  );
}

/** Of the issues whose deadline fell in each bucket of the period (and has passed), how many were not resolved by
 * it. */
export function breachRateByRanges(sc: ServiceContext, x: SlaRangeInput) {
  return workspaceRows<{ bucket: string; due: number; breached: number }>(
    sc,
    variant(`report-sla-rate-ranges-${x.bucket}`, x.filters),
    // Grouped on the bucket's timestamp (a text key sorts far slower), named after.
    `select to_char(b.bucket, 'YYYY-MM-DD') as bucket, b.due, b.breached from (
     select date_trunc('${x.bucket}', r.due at time zone 'UTC') as bucket, count(*)::int as due,
       count(*) filter (where not (r.status = 'resolved' and r."resolvedAt" <= r.due))::int as breached
     from ${ranges(
       `i.status, i."resolvedAt", ${due("i")} as due`,
       `i."firstSeenAt" >= $8::timestamptz - (p.days + 1) * interval '1 day'
         and i."firstSeenAt" < $9::timestamptz - (p.days - 1) * interval '1 day'
         ${x.filters.includeDismissed ? "" : `and i.status <> 'dismissed'`}`,
     )}
     where r.due >= $8 and r.due < $9 and r.due <= $10
     group by 1) b`,
    [...rangeValues(x), x.period.start, x.period.end, x.now],
  );
}

/** The 10 open issues longest past their deadline: in each range (one policy's days), the oldest first seen. */
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
    priority: number;
  }>(
    sc,
    variant("report-sla-oldest-ranges", x.filters),
    `select r.id as "issueId", r.title, r.severity::text as severity, r."assetId", ast.value as "assetValue",
       ast.name as "assetName", r."firstSeenAt", r.due as "dueAt", r.priority,
       floor(extract(epoch from $8::timestamptz - r.due) / 86400)::int as "daysOver"
     from ${ranges(
       `i.id, i.title, i."assetId", i."firstSeenAt", i.priority, ${due("i")} as due`,
       `i.status in ${openStatuses(x.filters)} and i."firstSeenAt" <= $8::timestamptz - p.days * interval '1 day'`,
       `order by i."firstSeenAt", i.id limit 10`,
     )}
     join "Asset" ast on ast.id = r."assetId"
     order by r.due, r.id limit 10`,
    [...rangeValues(x), x.now],
  );
}
