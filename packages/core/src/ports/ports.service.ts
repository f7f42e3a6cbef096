import { notFound } from "../errors.ts";
import { skipTake, type Page, type PagingInput } from "../paging.ts";
import { workspaceRows, type ServiceContext } from "../service-context.ts";
import { dashed } from "../enum-names.ts";
import type { Severity } from "@ems/db";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { PORT_GROUP_ASSETS, type OpenPortAsset, type OpenPortGroup } from "./ports.schemas.ts";

// The open-port issues of `t` (those tally_keys_issue counts under openPorts.*): literal (not bound), so that
// PostgreSQL proves the partial index "Issue_open_port_idx" serves every query below (migration open_port_index).
const openPortIssue = (t: string) => `${t}.status in ('open', 'in-progress') and ${t}.kind like 'port.open.%'`;

// An asset of a port: its issue, and the banner (and service) the asset's port scan saw on that port.
const ASSET_COLUMNS = `i.id as "issueId", i."assetId", a.value, a.type, i.status, i.severity, i."lastSeenAt",
  p.banner, p.service, p.protocol`;
const ASSET_JOINS = (port: string) => `join "Asset" a on a.id = i."assetId"
  left join lateral (
    select banner, service, protocol from "OpenPort" op
    where op."assetId" = i."assetId" and op.port = ${port} and op."closedAt" is null
    order by op.protocol limit 1
  ) p on true`;

type AssetRow = OpenPortAsset & { service: string | null; protocol: string | null };
type GroupRow = AssetRow & { port: number; assetCount: number; top: Severity } & Record<Severity, number>;

const asset = (r: AssetRow): OpenPortAsset => ({
  assetId: r.assetId,
  value: r.value,
  type: r.type,
  issueId: r.issueId,
  status: r.status,
  severity: r.severity,
  banner: r.banner,
  lastSeenAt: r.lastSeenAt,
});

/**
 * Open-port issues grouped by port, ascending: exact counts per port and severity from the workspace tallies (keys
 * openPorts.<port>.<severity>, kept by tally_keys_issue) and the PORT_GROUP_ASSETS most recently seen assets of
 * each port from the partial index, in one query. Node only folds those rows (at most PORT_GROUP_ASSETS a port) into
 * groups; the rest of a port's assets are paged by portAssets.
 */
export async function openPorts(sc: ServiceContext): Promise<OpenPortGroup[]> {
  const rows = await workspaceRows<GroupRow>(
    sc,
    "open-port-groups",
    `with counts as (
       select split_part(k, '.', 2)::int as port, split_part(k, '.', 3)::"Severity" as severity, sum(n::bigint) as n
       from "WorkspaceTally" t, jsonb_each_text(t.counts) c (k, n)
       where t."workspaceId" = $1 and k like 'openPorts.%'
       group by 1, 2 having sum(n::bigint) <> 0
     )
     select g.*, ${ASSET_COLUMNS}
     from (
       select port, sum(n)::int as "assetCount", max(severity) as top,
         ${SEVERITY_VALUES.map((s) => `coalesce(sum(n) filter (where severity = '${s}'), 0)::int as ${s}`).join(", ")}
       from counts group by port
     ) g
     cross join lateral (
       select i.id, i."assetId", i.status, i.severity, i."lastSeenAt" from "Issue" i
       where i."workspaceId" = $1 and i.port = g.port and ${openPortIssue("i")}
       order by i."lastSeenAt" desc, i.id desc
       limit ${PORT_GROUP_ASSETS}
     ) i
     ${ASSET_JOINS("g.port")}
     order by g.port, i."lastSeenAt" desc, i.id desc`,
  );
  const groups = new Map<number, OpenPortGroup>();
  for (const r of rows) {
    let group = groups.get(r.port);
    if (!group) {
      const { critical, high, medium, low, info } = r;
      group = {
        port: r.port,
        protocol: r.protocol ?? "tcp",
        service: r.service,
        severity: r.top,
        assetCount: r.assetCount,
        severityCounts: { critical, high, medium, low, info },
        assetsTruncated: false,
        assets: [],
      };
      groups.set(r.port, group);
    }
    group.service ??= r.service;
    group.assets.push(asset(r));
    group.assetsTruncated = group.assetCount > group.assets.length;
  }
  return [...groups.values()];
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
