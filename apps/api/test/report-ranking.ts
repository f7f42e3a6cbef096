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
         -- The priority bands by their documented bounds (docs/api.md, Priority): P1 from 75, P2 50, P3 25.
         jsonb_build_object('P1', count(*) filter (where i.priority >= 75),
           'P2', count(*) filter (where i.priority >= 50 and i.priority < 75),
           'P3', count(*) filter (where i.priority >= 25 and i.priority < 50),
           'P4', count(*) filter (where i.priority < 25)) as priorities,
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
       coalesce(x.priorities, '{"P1": 0, "P2": 0, "P3": 0, "P4": 0}') as priorities,
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
