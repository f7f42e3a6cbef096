import { notFound } from "../errors.ts";
import { skipTake, type Page, type PagingInput } from "../paging.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { dashed } from "../enum-names.ts";
import type { Severity } from "@ems/db";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { DANGEROUS_PORT_CATEGORIES, portRisk } from "@ems/scanners";
import { likeLiteral } from "../list-query.ts";
import {
  PORT_GROUP_ASSETS,
  PORT_SORT,
  type ListPortsInput,
  type OpenPortAsset,
  type OpenPortGroup,
} from "./ports.schemas.ts";

// The open-port issues of `t` (those tally_keys_issue counts under openPorts.*): literal (not bound), so that
// PostgreSQL proves the partial index "Issue_open_port_idx" serves every query below (migration open_port_index).
const openPortIssue = (t: string) => `${t}.status in ('open', 'in-progress') and ${t}.kind like 'port.open.%'`;

// The open-service issues of `t` that say a service on a port answered without authentication (one per asset and
// service; their port is the port), literal for the partial index "Issue_unauthenticated_idx" (migration
// unauthenticated_index).
const unauthenticatedIssue = (t: string) =>
  `${t}.status in ('open', 'in-progress') and ${t}.kind like 'service.unauthenticated.%'`;

/** Whether a service on the port of open-port issue `i` answered its asset without authentication. */
const unauthenticatedHere = (i: string) => `exists (
  select 1 from "Issue" u where u."workspaceId" = ${i}."workspaceId" and u.port = ${i}.port
    and u."assetId" = ${i}."assetId" and ${unauthenticatedIssue("u")})`;

// An asset of a port: its issue, the banner (and service) the asset's port scan saw on that port, and whether a
// service there answered without authentication.
const ASSET_COLUMNS = `i.id as "issueId", i."assetId", a.value, a.type, i.status, i.severity, i."lastSeenAt",
  p.banner, p.service, p.protocol, ${unauthenticatedHere("i")} as unauthenticated`;
const ASSET_JOINS = (port: string) => `join "Asset" a on a.id = i."assetId"
  left join lateral (
    select banner, service, protocol from "OpenPort" op
    where op."assetId" = i."assetId" and op.port = ${port} and op."closedAt" is null
    order by op.protocol limit 1
  ) p on true`;

// An open-port issue `i`'s asset and port among those of a subquery: uncorrelated, so PostgreSQL runs it once and
// looks each issue up in a hash (a correlated EXISTS per issue cost a second over 35,000 of them).
const pairIn = (subquery: string) => `(i."assetId", i.port) in (${subquery})`;
const SERVICE_PAIRS = (match: string) =>
  `select op."assetId", op.port from "OpenPort" op
   where op."workspaceId" = $1 and op."closedAt" is null and ${match}`;
const UNAUTHENTICATED_PAIRS = `select u."assetId", u.port from "Issue" u
  where u."workspaceId" = $1 and ${unauthenticatedIssue("u")}`;

/**
 * The filters given to GET /app/ports, as conditions on open-port issue `i` (each `and …`), their values bound from $2
 * on. Only the filters given are written (one prepared statement per combination, `key`), so that each one is a plain
 * condition the planner can use an index or a join for.
 */
function portFilters(f: ListPortsInput) {
  const values: unknown[] = [];
  const bind = (v: unknown) => (values.push(v), `$${values.length + 1}`);
  const used: string[] = [];
  const conditions: string[] = [];
  const add = (name: string, sql: string) => (used.push(name), conditions.push(`and ${sql}`));
  if (f.port !== undefined) add("port", `i.port = ${bind(f.port)}`);
  if (f.assetId !== undefined) add("asset", `i."assetId" = ${bind(f.assetId)}`);
  if (f.projectId !== undefined) add("project", `i."projectId" = ${bind(f.projectId)}`);
  // The port scan records services in lower case: compared as stored, so the planner knows how many match.
  if (f.service !== undefined) add("service", pairIn(SERVICE_PAIRS(`op.service = ${bind(f.service.toLowerCase())}`)));
  if (f.q !== undefined) {
    const q = bind(`%${likeLiteral(f.q)}%`);
    add(
      "q",
      `(i.port::text like ${q}
        or i."assetId" in (
          select a.id from "Asset" a where a."workspaceId" = $1 and (a.value ilike ${q} or a.name ilike ${q}))
        or ${pairIn(SERVICE_PAIRS(`op.service ilike ${q}`))})`,
    );
  }
  return { sql: conditions.join("\n"), values, key: used.join("-") };
}

// Every port group, without its assets (what the ranking needs): the open-port issues by severity, the assets whose
// service there answered without authentication, and a service the port scan named on the port (for its category).
const groupColumns = `port, sum(n)::int as "assetCount", max(severity) as top, ${SEVERITY_VALUES.map(
  (s) => `coalesce(sum(n) filter (where severity = '${s}'), 0)::int as ${s}`,
).join(", ")}`;
const portService = `(
  select op.service from "OpenPort" op
  where op."workspaceId" = $1 and op.port = g.port and op."closedAt" is null and op.service is not null limit 1
) as service`;

/** Unfiltered: counts from the workspace tallies (openPorts.<port>.<severity>, kept by tally_keys_issue). */
const GROUPS_SQL = `with counts as (
    select split_part(k, '.', 2)::int as port, split_part(k, '.', 3)::"Severity" as severity, sum(n::bigint) as n
    from "WorkspaceTally" t, jsonb_each_text(t.counts) c (k, n)
    where t."workspaceId" = $1 and k like 'openPorts.%'
    group by 1, 2 having sum(n::bigint) <> 0
  )
  select g.*, coalesce(u.n, 0)::int as "unauthenticatedCount", ${portService}
  from (select ${groupColumns} from counts group by port) g
  left join (
    select u.port, count(distinct u."assetId") as n from "Issue" u
    where u."workspaceId" = $1 and ${unauthenticatedIssue("u")} group by u.port
  ) u on u.port = g.port`;

/** Filtered: counted from the open-port issues the filters keep. */
const filteredGroupsSql = (filters: string) => `with counts as (
    select i.port, i.severity, count(*) as n, count(*) filter (where ${pairIn(UNAUTHENTICATED_PAIRS)}) as u
    from "Issue" i
    where i."workspaceId" = $1 and ${openPortIssue("i")} ${filters}
    group by 1, 2
  )
  select g.*, ${portService}
  from (select ${groupColumns}, sum(u)::int as "unauthenticatedCount" from counts group by port) g`;

/**
 * The PORT_GROUP_ASSETS most recently seen assets of each port in `ports` (a parameter). Unfiltered, each port's walk
 * of the partial index in that order stops at PORT_GROUP_ASSETS; filtered, the issues the filters keep on those ports
 * are ranked at once (a walk would read every issue of a port for the few a search keeps).
 */
const groupAssetsSql = (filters: string, ports: string) =>
  filters
    ? `select i.port, ${ASSET_COLUMNS}
       from (
         select i.id, i."workspaceId", i."assetId", i.port, i.status, i.severity, i."lastSeenAt",
           row_number() over (partition by i.port order by i."lastSeenAt" desc, i.id desc) as rank
         from "Issue" i
         where i."workspaceId" = $1 and i.port = any(${ports}::int[]) and ${openPortIssue("i")} ${filters}
       ) i
       ${ASSET_JOINS("i.port")}
       where i.rank <= ${PORT_GROUP_ASSETS}
       order by i.port, i."lastSeenAt" desc, i.id desc`
    : `select g.port, ${ASSET_COLUMNS}
       from unnest(${ports}::int[]) g (port)
       cross join lateral (
         select i.id, i."workspaceId", i."assetId", i.port, i.status, i.severity, i."lastSeenAt" from "Issue" i
         where i."workspaceId" = $1 and i.port = g.port and ${openPortIssue("i")}
         order by i."lastSeenAt" desc, i.id desc
         limit ${PORT_GROUP_ASSETS}
       ) i
       ${ASSET_JOINS("g.port")}
       order by g.port, i."lastSeenAt" desc, i.id desc`;

type AssetRow = OpenPortAsset & { service: string | null; protocol: string | null };
type SummaryRow = {
  port: number;
  assetCount: number;
  top: Severity;
  unauthenticatedCount: number;
  service: string | null;
} & Record<Severity, number>;
type Group = Omit<OpenPortGroup, "assets" | "assetsTruncated" | "protocol">;

const asset = (r: AssetRow): OpenPortAsset => ({
  assetId: r.assetId,
  value: r.value,
  type: r.type,
  issueId: r.issueId,
  status: r.status,
  severity: r.severity,
  banner: r.banner,
  unauthenticated: r.unauthenticated,
  lastSeenAt: r.lastSeenAt,
});

const DANGEROUS: readonly string[] = DANGEROUS_PORT_CATEGORIES;
const SEVERITY_RANK = (s: Severity) => SEVERITY_VALUES.indexOf(s);

/**
 * How risky a group is, as numbers compared in order (docs/api.md, Open ports): assets whose service answered
 * without authentication, a dangerous category, the most severe issue, the assets it is open on; then the lower port.
 */
const riskKey = (g: Group) => [
  g.unauthenticatedCount,
  g.dangerous ? 1 : 0,
  SEVERITY_RANK(g.severity),
  g.assetCount,
  -g.port,
];
const SORT_KEYS: Record<keyof typeof PORT_SORT, (g: Group) => number[]> = {
  risk: riskKey,
  port: (g) => [g.port],
  assetCount: (g) => [g.assetCount, g.port],
  severity: (g) => [SEVERITY_RANK(g.severity), g.port],
};

function compareKeys(a: number[], b: number[]) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * Open-port issues grouped by port, riskiest first by default (`sort`, `order`), filtered and paged like every list:
 * exact counts per port and severity, then the PORT_GROUP_ASSETS most recently seen assets of the page's ports. Node
 * ranks the groups (one per port with an open issue: a few dozen) and folds at most PORT_GROUP_ASSETS rows a port.
 */
export async function openPorts(sc: ServiceContext, input: ListPortsInput): Promise<Page<OpenPortGroup>> {
  const filters = portFilters(input);
  const summaries = filters.key
    ? await workspaceRows<SummaryRow>(
        sc,
        `open-port-groups-${filters.key}`,
        filteredGroupsSql(filters.sql),
        filters.values,
      )
    : await workspaceRows<SummaryRow>(sc, "open-port-groups", GROUPS_SQL);
  const groups: Group[] = summaries.map((r) => {
    const { category } = portRisk(r.port, r.service);
    const { critical, high, medium, low, info } = r;
    return {
      port: r.port,
      service: r.service,
      severity: r.top,
      category,
      dangerous: DANGEROUS.includes(category),
      unauthenticatedCount: r.unauthenticatedCount,
      assetCount: r.assetCount,
      severityCounts: { critical, high, medium, low, info },
    };
  });
  const sort = input.sort ?? "risk";
  const direction = (input.order ?? PORT_SORT[sort].order) === "asc" ? 1 : -1;
  const key = SORT_KEYS[sort];
  groups.sort((a, b) => direction * compareKeys(key(a), key(b)));
  const { skip, take } = skipTake(input);
  const page = groups.slice(skip, skip + take);
  const rows = page.length
    ? await workspaceRows<AssetRow & { port: number }>(
        sc,
        `open-port-group-assets-${filters.key}`,
        groupAssetsSql(filters.sql, `$${filters.values.length + 2}`),
        [...filters.values, page.map((g) => g.port)],
      )
    : [];
  const items = page.map((g): OpenPortGroup => {
    const mine = rows.filter((r) => r.port === g.port);
    return {
      ...g,
      protocol: mine.find((r) => r.protocol)?.protocol ?? "tcp",
      service: mine.find((r) => r.service)?.service ?? g.service,
      assetsTruncated: g.assetCount > mine.length,
      assets: mine.map(asset),
    };
  });
  return { items, total: groups.length, page: input.page, limit: input.limit };
}

/** Every asset on which `port` is open (an open or in-progress issue), a page at a time, most recently seen first. */
export async function portAssets(sc: ServiceContext, port: number, p: PagingInput): Promise<Page<OpenPortAsset>> {
  const { skip, take } = skipTake(p);
  const [rows, [count]] = await Promise.all([
    workspaceRows<AssetRow>(
      sc,
      "open-port-assets",
      // The page's ids from the index alone, then their rows (see deferredPage).
      `select ${ASSET_COLUMNS}
       from (
         select id from "Issue" o where o."workspaceId" = $1 and o.port = $2 and ${openPortIssue("o")}
         order by "lastSeenAt" desc, id desc offset $3 limit $4
       ) page
       join "Issue" i on i.id = page.id
       ${ASSET_JOINS("$2")}
       order by i."lastSeenAt" desc, i.id desc`,
      [port, skip, take],
    ),
    workspaceRows<{ total: number }>(
      sc,
      "open-port-assets-count",
      `select count(*)::int as total from "Issue" o
       where o."workspaceId" = $1 and o.port = $2 and ${openPortIssue("o")}`,
      [port],
    ),
  ]);
  return { items: rows.map(asset), total: count!.total, page: p.page, limit: p.limit };
}

/** The ports open on one asset now (as its last port scan saw them), by port, with each one's issue. */
export async function assetPorts(sc: ServiceContext, assetId: number, p: PagingInput) {
  if (!(await sc.db.asset.findUnique({ where: { id: assetId }, select: { id: true } }))) throw notFound("Asset");
  const where = { assetId, closedAt: null };
  const [rows, total] = await Promise.all([
    sc.db.openPort.findMany({ where, orderBy: [{ port: "asc" }, { protocol: "asc" }], ...skipTake(p) }),
    sc.db.openPort.count({ where }),
  ]);
  const issues = await sc.db.issue.findMany({
    where: { assetId, kind: { in: rows.map((r) => `port.open.${r.port}`) } },
    select: { id: true, kind: true, severity: true, status: true },
  });
  const items = rows.map((r) => {
    const issue = issues.find((i) => i.kind === `port.open.${r.port}`);
    return {
      port: r.port,
      protocol: r.protocol,
      service: r.service,
      banner: r.banner,
      firstSeenAt: r.firstSeenAt,
      lastSeenAt: r.lastSeenAt,
      issue: issue ? { id: issue.id, severity: issue.severity, status: dashed(issue.status) } : null,
    };
  });
  return { items, total, page: p.page, limit: p.limit };
}
