// Most vulnerable assets, ranked by a risk score over what is open now
// (docs/api.md, Reports, "Risk score"):
//   score = Σ over open issues of weight(severity) × (1 + min(age in days, 90) / 90)
//         + 10 per open datastore or remote-admin port
import type { PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../service-context.ts";
import { checkProject, issueFilter, openStatuses, round, variant, type ReportFilters } from "./report-sql.ts";

export const SEVERITY_WEIGHTS = { critical: 40, high: 15, medium: 5, low: 1, info: 0 } as const;
/** Age at which an issue's weight has doubled (and stops growing). */
export const AGE_CAP_DAYS = 90;
export const EXPOSED_PORT_BONUS = 10;
/** Datastores and remote administration that should never face the internet. */
export const EXPOSED_PORTS = [
  21, 23, 445, 1433, 1521, 2375, 2376, 3306, 3389, 5432, 5900, 5984, 6379, 9200, 9300, 11211, 27017, 50070,
];

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
  const filter = issueFilter(filters, 6);
  const project = filters.projectId ? `and a."projectId" = $6` : "";
  const w = SEVERITY_WEIGHTS;
  const rows = await workspaceRows<Row>(
    sc,
    variant("report-vulnerable-assets", filters),
    `with issues as (
       select i."assetId",
         count(*) filter (where i.severity = 'critical')::int as critical,
         count(*) filter (where i.severity = 'high')::int as high,
         count(*) filter (where i.severity = 'medium')::int as medium,
         count(*) filter (where i.severity = 'low')::int as low,
         count(*) filter (where i.severity = 'info')::int as info,
         min(i."firstSeenAt") as "oldestOpenAt",
         sum((case i.severity when 'critical' then ${w.critical} when 'high' then ${w.high}
                when 'medium' then ${w.medium} when 'low' then ${w.low} else 0 end)
             * (1 + least(extract(epoch from $2::timestamptz - i."firstSeenAt") / 86400, ${AGE_CAP_DAYS})
                    / ${AGE_CAP_DAYS})) as "issueScore"
       from "Issue" i ${filter.join}
       where i."workspaceId" = $1 and i.status in ${openStatuses(filters)} ${filter.where}
       group by 1
     ), ports as (
       select p."assetId", array_agg(distinct p.port order by p.port) as "exposedPorts"
       from "OpenPort" p
       where p."workspaceId" = $1 and p."closedAt" is null and p.port = any($3::int[])
       group by 1
     ), scored as (
       select a.id as "assetId", a.name, a.value, a.type::text as type, a."projectId", pr.name as "projectName",
         coalesce(x.critical, 0) as critical, coalesce(x.high, 0) as high, coalesce(x.medium, 0) as medium,
         coalesce(x.low, 0) as low, coalesce(x.info, 0) as info, x."oldestOpenAt",
         coalesce(p."exposedPorts", '{}') as "exposedPorts", coalesce(x."issueScore", 0)::float8 as "issueScore",
         (coalesce(x."issueScore", 0) + ${EXPOSED_PORT_BONUS} * coalesce(cardinality(p."exposedPorts"), 0))::float8
           as score
       from issues x full join ports p using ("assetId")
       join "Asset" a on a.id = "assetId"
       join "Project" pr on pr.id = a."projectId"
       where a."workspaceId" = $1 ${project}
     )
     select *, count(*) over ()::int as total from scored where score > 0
     order by score desc, "assetId" limit $4 offset $5`,
    [now, EXPOSED_PORTS, filters.limit, (filters.page - 1) * filters.limit, ...filter.values],
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
