// Most vulnerable assets, ranked by a risk score over what is open now
// (docs/api.md, Reports, "Risk score"):
//   score = Σ over open issues of weight(severity) × (1 + min(age in days, 90) / 90)
//         + 10 per open datastore or remote-admin port
//
// The ranking needs every asset's score, read from the ledger "AssetIssueCount" (migration
// 20261126044212_asset_issue_counts: per asset, first-seen day and dismissed flag, the open issues and the sum of
// their first sightings by severity) rather than from every open issue. A day wholly past the age cap weighs each
// issue double; a day wholly within it weighs w × (1 + (now − firstSeen) / cap), which sums to
// Σw × (cap + now) − Σ(w × firstSeen), over cap. Only the one day the cap falls in is read from the issues.
// The ranking computes score × cap in whole weight·milliseconds, one sum per asset: a bigint per ledger row, summed
// as float8 (a small by-value state: no spill to disk), which is exact while the sum stays under 2^53, i.e. while an
// asset's Σ weight of open issues is under 579,000 (14,000 open critical issues on one asset). The counts, ports
// and oldest issue are read for the page's rows only.
import type { PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../service-context.ts";
import { checkProject, openStatuses, round, SEVERITIES, variant, type ReportFilters } from "./report-sql.ts";

export const SEVERITY_WEIGHTS = { critical: 40, high: 15, medium: 5, low: 1, info: 0 } as const;
/** Age at which an issue's weight has doubled (and stops growing). */
export const AGE_CAP_DAYS = 90;
export const EXPOSED_PORT_BONUS = 10;
/** Datastores and remote administration that should never face the internet. */
export const EXPOSED_PORTS = [
  21, 23, 445, 1433, 1521, 2375, 2376, 3306, 3389, 5432, 5900, 5984, 6379, 9200, 9300, 11211, 27017, 50070,
];

const DAY_MS = 86_400_000;
const CAP_MS = AGE_CAP_DAYS * DAY_MS;

const WEIGHED = SEVERITIES.filter((s) => SEVERITY_WEIGHTS[s] > 0);
/** Σ weight × column(severity) over the severities that weigh anything, as a bigint SQL expression. */
const weighted = (column: (severity: string) => string) =>
  WEIGHED.map((s) => `${SEVERITY_WEIGHTS[s]}::bigint * c.${column(s)}`).join(" + ");

/** One issue's score × cap, the definition itself (for the day the age cap falls in). */
const ISSUE_SCORE = `(case i.severity ${SEVERITIES.map((s) => `when '${s}' then ${SEVERITY_WEIGHTS[s]}`).join(" ")} end)
  * (${CAP_MS} + least($2::bigint - (extract(epoch from i."firstSeenAt") * 1000)::bigint, ${CAP_MS}))`;

interface Row {
  assetId: number;
  name: string | null;
  value: string;
  type: string;
  projectId: number;
  projectName: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  oldestOpenAt: Date | null;
  exposedPorts: number[];
  issueScore: number;
  score: number;
  total: number;
}

export async function vulnerableAssets(sc: ServiceContext, filters: ReportFilters & PagingInput, now = new Date()) {
  await checkProject(sc, filters);
  // The day the age cap falls in: issues first seen before it have doubled, those after it have not yet.
  const capDay = new Date(Math.floor((now.getTime() - CAP_MS) / DAY_MS) * DAY_MS);
  const open = openStatuses(filters);
  const dismissed = filters.includeDismissed ? "" : `and not c."issueDismissed"`;
  const inProject = (column: string) =>
    filters.projectId ? `and ${column} in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $8)` : "";
  const score = `issue + ${EXPOSED_PORT_BONUS * CAP_MS}::bigint * ports`;
  const exposed = `p."workspaceId" = $1 and p."closedAt" is null and p.port = any($5::int[])`;
  const rows = await workspaceRows<Row>(
    sc,
    variant("report-vulnerable-assets", filters),
    // One hash aggregate over the ledger's rows, the boundary day's issues and the exposed ports (a union, not joins
    // of aggregates, whose misestimated size made the planner JIT-compile the query); each port is its bit of
    // EXPOSED_PORTS, so that one open on tcp and udp counts once without a distinct.
    `with scored as (
       select u."assetId", sum(u.issue) as issue, bit_count(bit_or(u.ports)::bit(64)) as ports from (
         select c."assetId", case
             when c.day < $3::date then ${2 * CAP_MS}::bigint * (${weighted((s) => s)})
             when c.day > $3::date
               then (${weighted((s) => s)}) * (${CAP_MS} + $2::bigint) - (${weighted((s) => `"${s}Seen"`)})
             else 0 end::float8 as issue, 0::bigint as ports
         from "AssetIssueCount" c
         where c."workspaceId" = $1 ${dismissed} ${inProject(`c."assetId"`)}
         union all
         select i."assetId", (${ISSUE_SCORE})::float8, 0
         from "Issue" i
         where i."workspaceId" = $1 and i."firstSeenAt" >= $4 and i."firstSeenAt" < $4::timestamptz + interval '1 day'
           and i.status in ${open} ${inProject(`i."assetId"`)}
         union all
         select p."assetId", 0, 1::bigint << array_position($5::int[], p.port)
         from "OpenPort" p where ${exposed} ${inProject(`p."assetId"`)}
       ) u
       group by 1
     ), ranked as (
       select "assetId", issue, ${score} as s, count(*) over ()::int as total from scored where ${score} > 0
     ), page as (
       select * from ranked order by s desc, "assetId" limit $6 offset $7
     )
     select r."assetId", a.name, a.value, a.type::text as type, a."projectId", pr.name as "projectName",
       ${SEVERITIES.map((s) => `n.${s}`).join(", ")}, x."exposedPorts", r.issue / ${CAP_MS} as "issueScore",
       r.s / ${CAP_MS} as score, r.total,
       (select min(i."firstSeenAt") from "Issue" i
        where i."workspaceId" = $1 and i.status in ${open} and i."assetId" = r."assetId") as "oldestOpenAt"
     from page r
     join "Asset" a on a.id = r."assetId"
     join "Project" pr on pr.id = a."projectId"
     cross join lateral (
       select ${SEVERITIES.map((s) => `coalesce(sum(c.${s}), 0)::int as ${s}`).join(", ")}
       from "AssetIssueCount" c where c."workspaceId" = $1 and c."assetId" = r."assetId" ${dismissed}
     ) n
     cross join lateral (
       select coalesce(array_agg(distinct p.port order by p.port), '{}') as "exposedPorts"
       from "OpenPort" p where ${exposed} and p."assetId" = r."assetId"
     ) x
     order by r.s desc, r."assetId"`,
    [
      now.getTime(),
      capDay.toISOString().slice(0, 10),
      capDay,
      EXPOSED_PORTS,
      filters.limit,
      (filters.page - 1) * filters.limit,
      ...(filters.projectId ? [filters.projectId] : []),
    ],
  );
  // Past the last page the window count has no row to ride on: ask page 1 for the total.
  const firstPage = (): Promise<{ total: number }> => vulnerableAssets(sc, { ...filters, page: 1, limit: 1 }, now);
  const total = rows[0]?.total ?? (filters.page > 1 ? (await firstPage()).total : 0);
  return {
    items: rows.map(({ total: _total, issueScore, score, ...r }) => ({
      ...r,
      issueScore: round(issueScore, 1)!,
      portScore: EXPOSED_PORT_BONUS * r.exposedPorts.length,
      score: round(score, 1)!,
    })),
    total,
    page: filters.page,
    limit: filters.limit,
  };
}
