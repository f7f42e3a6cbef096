// The vulnerable-assets ranking by its definition (docs/api.md, Reports, "Risk score"), computed from every open issue
// and open port, for the tests that compare the report's fast paths with it.
import { EXPOSED_PORTS, SEVERITY_WEIGHTS, type Services } from "@ems/core";

const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;

/** The ranking by the documented score, from every open issue. */
export async function directRanking(
  services: Services,
  ws: number,
  now: Date,
  f: { projectId?: number; includeDismissed?: boolean },
) {
  const sql = <T extends object>(text: string, values: unknown[]) =>
    services.db.pool.query<T>(text, values).then((r) => r.rows);
  const w = (s: string) => SEVERITY_WEIGHTS[s as keyof typeof SEVERITY_WEIGHTS];
  const rows = await sql<{ assetId: number; issueScore: number; score: number; exposedPorts: number[] }>(
    `with x as (
       select i."assetId",
         ${SEVERITIES.map((s) => `count(*) filter (where i.severity = '${s}')::int as ${s}`).join(", ")},
         min(i."firstSeenAt") as "oldestOpenAt",
         sum((case i.severity ${SEVERITIES.map((s) => `when '${s}' then ${w(s)}`).join(" ")} end)
           * (1 + least(extract(epoch from $2::timestamptz - i."firstSeenAt") / 86400, 90) / 90)) as s
       from "Issue" i
       where i."workspaceId" = $1 and i.status in ('open', 'in-progress' ${f.includeDismissed ? ", 'dismissed'" : ""})
       group by 1
     ), p as (
       select "assetId", array_agg(distinct port order by port) as ports from "OpenPort"
       where "workspaceId" = $1 and "closedAt" is null and port = any($4::int[]) group by 1
     )
     select a.id as "assetId", ${SEVERITIES.map((s) => `coalesce(x.${s}, 0) as ${s}`).join(", ")}, x."oldestOpenAt",
       coalesce(p.ports, '{}') as "exposedPorts", coalesce(x.s, 0)::float8 as "issueScore",
       (coalesce(x.s, 0) + 10 * coalesce(cardinality(p.ports), 0))::float8 as score
     from "Asset" a left join x on x."assetId" = a.id left join p on p."assetId" = a.id
     where a."workspaceId" = $1 and ($3::int is null or a."projectId" = $3)
       and coalesce(x.s, 0) + 10 * coalesce(cardinality(p.ports), 0) > 0
     order by score desc, a.id`,
    [ws, now, f.projectId ?? null, EXPOSED_PORTS],
  );
  const round = (n: number) => Number(n.toFixed(1));
  return rows.map((r) => ({
    ...r,
    issueScore: round(r.issueScore),
    score: round(r.score),
    portScore: 10 * r.exposedPorts.length,
  }));
}
