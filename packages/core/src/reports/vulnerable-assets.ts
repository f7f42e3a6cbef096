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
/** Σ weight × column(severity) over the severities that weigh anything, as SQL (numeric: no overflow). */
const weighted = (column: (severity: string) => string) =>
  WEIGHED.map((s) => `${SEVERITY_WEIGHTS[s]}::numeric * coalesce(${column(s)}, 0)`).join(" + ");

/** One issue's score, the definition itself (for the day the age cap falls in). */
const ISSUE_SCORE = `(case i.severity ${SEVERITIES.map((s) => `when '${s}' then ${SEVERITY_WEIGHTS[s]}`).join(" ")} end)
  * (1 + least(extract(epoch from $2::timestamptz - i."firstSeenAt") / 86400, ${AGE_CAP_DAYS}) / ${AGE_CAP_DAYS})`;

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
    filters.projectId ? `and ${column} in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $9)` : "";
  const counts = SEVERITIES.map((s) => `coalesce(sum(c.${s}), 0)::int as ${s}`).join(", ");
  const rows = await workspaceRows<Row>(
    sc,
    variant("report-vulnerable-assets", filters),
    // Integer sums per asset first (days past the cap, days within it), the score's arithmetic once per asset.
    `with sums as (
       select c."assetId", ${counts}, ${WEIGHED.map(
         (s) => `sum(c.${s}) filter (where c.day < $4::date) as "old_${s}",
           sum(c.${s}) filter (where c.day > $4::date) as "new_${s}",
           sum(c."${s}Seen") filter (where c.day > $4::date) as "seen_${s}"`,
       ).join(", ")}
       from "AssetIssueCount" c
       where c."workspaceId" = $1 ${dismissed} ${inProject(`c."assetId"`)}
       group by 1
     ), ledger as (
       select "assetId", ${SEVERITIES.join(", ")},
         2 * (${weighted((s) => `"old_${s}"`)})
         + ((${weighted((s) => `"new_${s}"`)}) * (${CAP_MS} + $3::bigint) - (${weighted((s) => `"seen_${s}"`)}))
           / ${CAP_MS} as "issueScore"
       from sums
     ), boundary as (
       select i."assetId", sum(${ISSUE_SCORE}) as "issueScore"
       from "Issue" i
       where i."workspaceId" = $1 and i."firstSeenAt" >= $5 and i."firstSeenAt" < $5::timestamptz + interval '1 day'
         and i.status in ${open} ${inProject(`i."assetId"`)}
       group by 1
     ), ports as (
       select p."assetId", array_agg(distinct p.port order by p.port) as "exposedPorts"
       from "OpenPort" p
       where p."workspaceId" = $1 and p."closedAt" is null and p.port = any($6::int[]) ${inProject(`p."assetId"`)}
       group by 1
     ), scored as (
       select "assetId", ${SEVERITIES.map((s) => `coalesce(l.${s}, 0) as ${s}`).join(", ")},
         coalesce(p."exposedPorts", '{}') as "exposedPorts",
         coalesce(l."issueScore", 0) + coalesce(b."issueScore", 0) as "issueScore"
       from ledger l full join ports p using ("assetId") left join boundary b using ("assetId")
     ), ranked as (
       select s."assetId", ${SEVERITIES.map((x) => `s.${x}`).join(", ")}, s."exposedPorts",
         s."issueScore"::float8 as "issueScore",
         (s."issueScore" + ${EXPOSED_PORT_BONUS} * cardinality(s."exposedPorts"))::float8 as score,
         count(*) over ()::int as total
       from scored s where s."issueScore" + ${EXPOSED_PORT_BONUS} * cardinality(s."exposedPorts") > 0
       order by score desc, "assetId" limit $7 offset $8
     )
     select r."assetId", a.name, a.value, a.type::text as type, a."projectId", pr.name as "projectName",
       ${SEVERITIES.map((s) => `r.${s}`).join(", ")}, r."exposedPorts", r."issueScore", r.score, r.total,
       (select min(i."firstSeenAt") from "Issue" i
        where i."workspaceId" = $1 and i.status in ${open} and i."assetId" = r."assetId") as "oldestOpenAt"
     from ranked r
     join "Asset" a on a.id = r."assetId"
     join "Project" pr on pr.id = a."projectId"
     order by r.score desc, r."assetId"`,
    [
      now,
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
