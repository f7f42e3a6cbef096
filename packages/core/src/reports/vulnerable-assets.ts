// Most vulnerable assets, ranked by a risk score over what is open now (risk-score.ts; docs/api.md, Reports,
// "Risk score").
//
// One statement (one snapshot): every asset's score from its "AssetRisk" row (asset-risk.ts: a narrow row whose
// parts give score × cap at any time within its validity), except the assets that row may not be exact for — loose
// "AssetIssueCount" rows (issue changes not folded yet), marks in "AssetRiskDirty" (ports changed, ledger folded,
// no refresh yet) or a row outside its validity at `now` — which are computed from their issues and open ports, the
// definition itself. Those are a minute or so of writes. Then the page, read in score order from either end; the
// counts, ports and oldest issue are read for the page's rows only.
//
// Plan shape (bench:lists, 70,000 scored assets): for the whole workspace, the count reads the ceiling's index, and a
// page is a merge of the steady rows (most of them: an asset whose issues are all older than the age cap scores its
// ceiling, the same at any time) walked in order from their partial index, with the growing rows and the fresh ones
// sorted alone; the walk stops after offset + limit rows (a page in the back half walks from the other end). No sort
// of the whole workspace. A project's few rows are materialized and read twice. "fresh" is computed once; the page
// is capped at its limit so that the planner joins its rows by key.
import type { Direction } from "../list-query.ts";
import type { PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { checkProject, openStatuses, round, SEVERITIES, variant, type ReportFilters } from "./report-sql.ts";
import { rowScoreAt } from "./asset-risk.ts";
import { bandOf, PRIORITY_BANDS, type PriorityBand } from "../issues/issues.priority.ts";
import {
  CAP_MS,
  EXPOSED_PORT_BONUS,
  EXPOSED_PORTS,
  exposedPortCount,
  issueScore,
  PORT_SCORE,
  scoreTime,
} from "./risk-score.ts";

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
  priorities: number[];
  exposedPorts: number[];
  issueScore: number;
  score: number;
  total: number;
}

/** Open issues per priority band, from their scores. */
const countBands = (scores: number[]) => {
  const counts = Object.fromEntries(PRIORITY_BANDS.map((b) => [b, 0])) as Record<PriorityBand, number>;
  for (const score of scores) counts[bandOf(score)]++;
  return counts;
};

export async function vulnerableAssets(
  sc: ServiceContext,
  filters: ReportFilters & PagingInput,
  now = sc.services.now(),
) {
  await checkProject(sc, filters);
  const open = openStatuses(filters);
  const dismissed = filters.includeDismissed ? "" : `and not c."issueDismissed"`;
  const inProject = (column: string) =>
    filters.projectId ? `and ${column} in (select id from "Asset" where "workspaceId" = $1 and "projectId" = $6)` : "";
  const rowScore = rowScoreAt("r", "$2", !!filters.includeDismissed);
  const freshScore = `issue + ${PORT_SCORE}::bigint * ports`;
  const ceiling = filters.includeDismissed ? `r."allCeiling"` : `r."openCeiling"`;
  const steady = filters.includeDismissed ? `r."openPerMs" = 0 and r."dismissedPerMs" = 0` : `r."openPerMs" = 0`;
  const growing = filters.includeDismissed ? `(r."openPerMs" > 0 or r."dismissedPerMs" > 0)` : `r."openPerMs" > 0`;
  // A hashed filter, unlike an anti-join, keeps the order the steady rows come in. PostgreSQL hashes it while the
  // inexact set fits hash_mem (8 MB: ~260,000 assets marked at once in one workspace, past the 100,000 we size for);
  // past that it would scan the set per row.
  const trusted = `r."assetId" not in (select "assetId" from inexact)`;
  const [front, back] = filters.projectId ? ["ranked", "ranked"] : ["descending", "ascending"];
  const order = (dir: Direction) => `order by 2 ${dir}, 1 ${dir === "asc" ? "desc" : "asc"}`;
  // The scored rows in score order (`dir`), merged from three parts sorted alone: the steady rows (no young issue:
  // their score is their ceiling, walked in order from a partial index), the growing rows and the fresh ones. The
  // parts' columns have one type each (ports as int), else the planner sorts their union instead of merging it.
  const parts = (dir: Direction) => `
    (select r."assetId", ${ceiling} as s, r."exposedPorts"::int as ports from "AssetRisk" r
     where r."workspaceId" = $1 and ${steady} and ${ceiling} > 0 and ${trusted} ${inProject(`r."assetId"`)}
     ${order(dir)})
    union all
    (select r."assetId", ${rowScore}, r."exposedPorts"::int from "AssetRisk" r
     where r."workspaceId" = $1 and ${growing} and ${rowScore} > 0 and ${trusted} ${inProject(`r."assetId"`)}
     ${order(dir)})
    union all
    (select "assetId", ${freshScore}, ports from fresh where ${freshScore} > 0 ${order(dir)})`;
  const counted = filters.projectId
    ? `select count(*)::int as n from ranked`
    : // A valid row scores above zero exactly when its ceiling does (scores only grow; without young issues they stay
      // put): the workspace's rows are counted from the ceiling's index.
      `select ((select count(*) from "AssetRisk" r
          where r."workspaceId" = $1 and ${ceiling} > 0
            and not exists (select from inexact x where x."assetId" = r."assetId"))
        + (select count(*) from fresh where ${freshScore} > 0))::int as n`;
  const exposed = `p."workspaceId" = $1 and p."closedAt" is null and p.port = any($3::int[])`;
  const rows = await workspaceRows<Row>(
    sc,
    variant("report-vulnerable-assets", filters),
    `with inexact as (
       select "assetId" from "AssetIssueCount" where not compacted and "workspaceId" = $1
       union select "assetId" from "AssetRiskDirty" where "workspaceId" = $1
       union select "assetId" from "AssetRisk" where "workspaceId" = $1 and ("validUntil" < $2 or "validFrom" > $2)
     ), fresh as materialized (
       select x."assetId",
         (select coalesce(sum(${issueScore("$2")}), 0)::bigint from "Issue" i
          where i."workspaceId" = $1 and i.status in ${open} and i."assetId" = x."assetId") as issue,
         ${exposedPortCount(`x."assetId"`, "$3::int[]")} as ports
       from inexact x where true ${inProject(`x."assetId"`)}
     ), ${
       // A project's few rows are materialized once and sorted both ways; the workspace's are merged in order.
       filters.projectId
         ? `ranked as materialized (${parts("asc")})`
         : `descending as not materialized (${parts("desc")}), ascending as not materialized (${parts("asc")})`
     }, total as (
       ${counted}
     ), page as (
       -- A page in the back half is read from the end (the same order reversed): a shorter walk.
       select "assetId", s, ports from (
         select * from (select * from ${front} order by s desc, "assetId" limit $4 offset $5) f
         where $5::bigint * 2 < (select n from total)
         union all
         select * from (
           select * from ${back} order by s, "assetId" desc
           limit greatest(least($4::bigint, (select n from total) - $5), 0)
           offset greatest((select n from total) - $5 - $4, 0)
         ) b
         where $5::bigint * 2 >= (select n from total)
       ) u limit $4
     )
     select r."assetId", a.name, a.value, a.type::text as type, a."projectId", pr.name as "projectName",
       ${SEVERITIES.map((s) => `n.${s}`).join(", ")}, x."exposedPorts",
       (r.s - ${PORT_SCORE}::bigint * r.ports)::float8 / ${CAP_MS} as "issueScore",
       r.s::float8 / ${CAP_MS} as score, (select n from total) as total, o."oldestOpenAt", o.priorities
     from page r
     join "Asset" a on a.id = r."assetId"
     join "Project" pr on pr.id = a."projectId"
     cross join lateral (
       select ${SEVERITIES.map((s) => `coalesce(sum(c.${s}), 0)::int as ${s}`).join(", ")}
       from "AssetIssueCount" c where c."workspaceId" = $1 and c."assetId" = r."assetId" ${dismissed}
     ) n
     cross join lateral (
       select min(i."firstSeenAt") as "oldestOpenAt", coalesce(array_agg(i.priority), '{}') as priorities
       from "Issue" i where i."workspaceId" = $1 and i.status in ${open} and i."assetId" = r."assetId"
     ) o
     cross join lateral (
       select coalesce(array_agg(distinct p.port order by p.port), '{}') as "exposedPorts"
       from "OpenPort" p where ${exposed} and p."assetId" = r."assetId"
     ) x
     order by r.s desc, r."assetId"`,
    [
      scoreTime(now),
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
    items: rows.map(({ total: _total, issueScore, score, priorities, ...r }) => ({
      ...r,
      priorities: countBands(priorities),
      issueScore: round(issueScore, 1)!,
      portScore: EXPOSED_PORT_BONUS * r.exposedPorts.length,
      score: round(score, 1)!,
    })),
    total,
    page: filters.page,
    limit: filters.limit,
  };
}
