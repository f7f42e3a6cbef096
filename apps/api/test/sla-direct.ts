// The SLA report by its definition (docs/api.md, SLA), computed in JS from every issue and resolution of the scope,
// for the tests that compare the report's index ranges with it (report-asset-counts, sla-overrides).
import type { Services } from "@ems/core";

const DAY = 86_400_000;

export type SlaFilters = { period: "30d" | "12m"; projectId?: number; includeDismissed?: boolean };

/** The SLA report by its definition (docs/api.md, SLA), from every issue and resolution of the scope. */
export async function directSla(
  services: Services,
  ws: number,
  now: Date,
  f: SlaFilters,
  fast: { period: { from: string; to: string }; breachRate: { bucket: string } },
) {
  const sql = <T extends object>(text: string, values: unknown[]) =>
    services.db.pool.query<T>(text, values).then((r) => r.rows);
  const start = new Date(`${fast.period.from}T00:00:00Z`).getTime();
  const end = new Date(`${fast.period.to}T00:00:00Z`).getTime() + DAY;
  const days = `coalesce(case s when 'critical' then ps."criticalDays" when 'high' then ps."highDays"
    when 'medium' then ps."mediumDays" else ps."lowDays" end, case s when 'critical' then w."criticalDays"
    when 'high' then w."highDays" when 'medium' then w."mediumDays" else w."lowDays" end)`;
  const scoped = (t: string) => `join "Asset" a on a.id = ${t}."assetId"
    left join "ProjectSlaPolicy" ps on ps."projectId" = a."projectId" join "SlaPolicy" w on w."workspaceId" = $1
    cross join lateral (select ${t}.severity::text as s) s
    where ${t}."workspaceId" = $1 and ${t}.severity <> 'info' and ($2::int is null or a."projectId" = $2)`;
  type IssueRow = { id: number; title: string; severity: string; assetId: number; assetValue: string };
  const issues = await sql<
    IssueRow & {
      assetName: string | null;
      firstSeenAt: Date;
      status: string;
      resolvedAt: Date | null;
      due: Date;
      atRiskAt: Date;
    }
  >(
    `select i.id, i.title, s as severity, i."assetId", a.value as "assetValue", a.name as "assetName",
       i."firstSeenAt", i.status::text as status, i."resolvedAt", i."firstSeenAt" + ${days} * interval '1 day' as due,
       i."atRiskAt"
     from "Issue" i ${scoped("i")}`,
    [ws, f.projectId ?? null],
  );
  const resolutions = await sql<{ severity: string; at: Date; issueDismissed: boolean; due: Date }>(
    `select s as severity, e.at, e."issueDismissed", e."firstSeenAt" + ${days} * interval '1 day' as due
     from "IssueEvent" e ${scoped("e")} and e."toStatus" = 'resolved' and e.at >= $3 and e.at < $4`,
    [ws, f.projectId ?? null, new Date(start), new Date(end)],
  );
  const [policy] = await sql<Record<string, number>>(
    `select "criticalDays" as critical, "highDays" as high, "mediumDays" as medium, "lowDays" as low
     from "SlaPolicy" where "workspaceId" = $1`,
    [ws],
  );
  const t = now.getTime();
  const open = issues.filter((i) =>
    ["open", "in-progress", ...(f.includeDismissed ? ["dismissed"] : [])].includes(i.status),
  );
  const bySeverity = ["critical", "high", "medium", "low"].map((severity) => {
    const o = open.filter((i) => i.severity === severity);
    // The issues' rule (slaStatus): breached from the deadline on, at risk from atRiskAt (80 % of the time gone).
    const breached = o.filter((i) => i.due.getTime() <= t).length;
    const near = o.filter((i) => i.due.getTime() > t && i.atRiskAt.getTime() <= t).length;
    const r = resolutions.filter((e) => e.severity === severity && (f.includeDismissed || !e.issueDismissed));
    const late = r.filter((e) => e.at > e.due).length;
    return {
      severity,
      slaDays: policy![severity],
      open: o.length,
      withinSla: o.length - breached - near,
      atRisk: near,
      breached,
      resolvedInPeriod: r.length,
      resolvedWithinSla: r.length - late,
      resolvedLate: late,
    };
  });
  const buckets = new Map<string, { due: number; breached: number }>();
  const { bucket } = fast.breachRate;
  for (const i of issues) {
    const due = i.due.getTime();
    if ((!f.includeDismissed && i.status === "dismissed") || due < start || due >= end || due > t) continue;
    const d = i.due.toISOString().slice(0, 10);
    const monday = new Date(`${d}T00:00:00Z`).getTime() - ((i.due.getUTCDay() + 6) % 7) * DAY;
    const key = bucket === "week" ? new Date(monday).toISOString().slice(0, 10) : `${d.slice(0, 7)}-01`;
    const p = buckets.get(key) ?? { due: 0, breached: 0 };
    p.due++;
    if (!(i.status === "resolved" && i.resolvedAt!.getTime() <= due)) p.breached++;
    buckets.set(key, p);
  }
  const oldestBreaches = open
    .filter((i) => i.due.getTime() <= t)
    .sort((x, y) => x.due.getTime() - y.due.getTime() || x.id - y.id)
    .slice(0, 10)
    .map(({ status: _s, resolvedAt: _r, atRiskAt: _a, due, ...i }) => ({
      ...i,
      issueId: i.id,
      id: undefined,
      dueAt: due,
      daysOver: Math.floor((t - due.getTime()) / DAY),
    }))
    .map(({ id: _id, ...i }) => i);
  return {
    bySeverity,
    breachRate: {
      bucket,
      points: [...buckets]
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([start, p]) => ({ start, ...p, rate: Number((p.breached / p.due).toFixed(4)) })),
    },
    oldestBreaches,
  };
}

/**
 * `count` issues over `assetIds` in turn, one first seen every 13 hours back from now, with every pair of `severities`
 * and status (open, in progress, resolved 0-59 days after its first sighting, dismissed): deadlines on both sides.
 */
export const seedSlaIssues = (
  services: Services,
  ws: number,
  assetIds: number[],
  count: number,
  severities: string[],
) =>
  services.db.pool.query(
    `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
       "dismissedAt", "updatedAt")
     select $1, ($2::int[])[1 + g % cardinality($2::int[])], 'sla.' || g, 't',
       ($3::text[])[1 + g % cardinality($3::text[])]::"Severity", s.status::"IssueStatus", s.first,
       case when s.status = 'resolved' then least(s.first + (g % 60) * interval '1 day', now()) end,
       case when s.status = 'dismissed' then now() end, now()
     from generate_series(1, $4::int) g
     cross join lateral (select now() - g * interval '13 hours' as first,
       (array['open', 'in-progress', 'resolved', 'dismissed'])[1 + (g / cardinality($3::text[])) % 4] as status) s`,
    [ws, assetIds, severities, count],
  );
