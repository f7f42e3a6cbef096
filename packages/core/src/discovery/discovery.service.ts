// Discovered hosts: the list and its summary, ignore / restore, and adding
// hosts as assets through the assets service's one create path. Runs (start,
// progress, the cadence) are in discovery.runs.ts; the job in discovery.job.ts.
import { Prisma } from "@ems/db";
import { enqueueCheck, insertAsset, parseValue } from "../assets/assets.service.ts";
import { writeAudit } from "../audit/write.ts";
import { AppError, ErrorCode, notFound, toAppError } from "../errors.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { hostInclude, presentHost, presentRun } from "./discovery.present.ts";
import type { ListHostsInput } from "./discovery.schemas.ts";
import { DISCOVERY_SOURCES, HOST_SORT } from "./discovery.schemas.ts";

/** A source name as stored: the column may hold one this version does not know (stored-values.ts). */
type Source = (typeof DISCOVERY_SOURCES)[number];

type HostFilter = Pick<ListHostsInput, "projectId" | "domain" | "status" | "source" | "resolves">;
type HostRow = Prisma.DiscoveredHostnameGetPayload<{ include: typeof hostInclude }>;

/** The discovered hosts list, declared once (db/list-page.ts). */
export const HOST_LIST = defineList<
  HostFilter,
  Prisma.DiscoveredHostnameWhereInput,
  HostRow,
  ReturnType<typeof presentHost>,
  keyof typeof HOST_SORT
>("hosts", {
  // No filter, or one status, source or resolves alone: kept by triggers (tally_keys_host).
  tally: { keys: "tally_keys_host", prefix: "hosts", fields: ["status", "source", "resolves"] },
  sorts: HOST_SORT,
  defaultSort: "createdAt",
  // The trigram index on host answers the ILIKE '%q%'.
  search: { fields: ["host"] },
  where: ({ projectId, domain, status, source, resolves }) => ({
    projectId,
    domain,
    status,
    ...(source ? { sources: { has: source } } : {}),
    ...(resolves === undefined ? {} : { resolves: resolves ? { not: Prisma.DbNull } : { equals: Prisma.DbNull } }),
  }),
  model: (sc) => ({
    ids: (args) => sc.db.discoveredHostname.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.discoveredHostname.findMany({ ...args, include: hostInclude }),
    count: (where) => sc.db.discoveredHostname.count({ where }),
  }),
  present: presentHost,
});

export async function listHosts(sc: ServiceContext, input: ListHostsInput) {
  const { projectId, domain, status, source, resolves } = input;
  return listPage(sc, HOST_LIST, { projectId, domain, status, source, resolves }, input);
}

export async function discoverySummary(sc: ServiceContext, input: { projectId?: number }) {
  const where = { projectId: input.projectId };
  const runWhere = input.projectId ? { asset: { projectId: input.projectId } } : {};
  const [byStatus, byDomain, bySource, lastRun, activeRuns] = await Promise.all([
    sc.db.discoveredHostname.groupBy({ by: ["status"], where, _count: { _all: true } }),
    sc.db.discoveredHostname.groupBy({ by: ["domain", "status"], where, _count: { _all: true } }),
    workspaceRows<{ source: Source; count: number }>(
      sc,
      "discovery-summary-by-source",
      `select s as source, count(*)::int as count from "DiscoveredHostname", unnest(sources) s
       where "workspaceId" = $1 and ($2::int is null or "projectId" = $2) group by s order by s`,
      [input.projectId ?? null],
    ),
    sc.db.discoveryRun.findFirst({ where: runWhere, orderBy: { id: "desc" } }),
    sc.db.discoveryRun.findMany({
      where: { ...runWhere, status: { in: ["queued", "running"] } },
      orderBy: { id: "asc" },
      take: 100,
    }),
  ]);
  const counts = { new: 0, ignored: 0, added: 0 };
  for (const g of byStatus) counts[g.status] = g._count._all;
  const domains = new Map<string, { domain: string; new: number; ignored: number; added: number }>();
  for (const g of byDomain) {
    const d = domains.get(g.domain) ?? { domain: g.domain, new: 0, ignored: 0, added: 0 };
    d[g.status] = g._count._all;
    domains.set(g.domain, d);
  }
  return {
    ...counts,
    total: counts.new + counts.ignored + counts.added,
    bySource,
    byDomain: [...domains.values()].sort((a, b) => a.domain.localeCompare(b.domain)),
    lastRun: lastRun ? presentRun(lastRun) : null,
    activeRuns: activeRuns.map(presentRun),
  };
}

const addedConflict = (host: string, asset: { id: number; value: string }) =>
  new AppError(
    409,
    ErrorCode.CONFLICT,
    `status: ${host} is added (it is asset ${asset.id}); delete that asset to ignore or restore the host`,
    { field: "status" },
  );

/**
 * ignore: new → ignored; restore: ignored → new. Asking for the state a host is already in answers 200 with it
 * unchanged; a host that is an asset (added, its asset still there) answers 409 CONFLICT naming `status`.
 */
export async function setHostStatus(sc: ServiceContext, id: number, action: "ignore" | "restore") {
  return sc.db.$transaction(async (tx) => {
    const h = await tx.discoveredHostname.findUnique({ where: { id }, include: hostInclude });
    if (!h) throw notFound("Discovered hostname");
    if (h.asset) throw addedConflict(h.host, h.asset);
    const to = action === "ignore" ? "ignored" : "new";
    if (h.status === to) return presentHost(h);
    const updated = await tx.discoveredHostname.update({ where: { id }, data: { status: to }, include: hostInclude });
    await writeAudit(tx, sc.actor, {
      action: `discovered-host.${action}`,
      resourceType: "discovered-host",
      resourceId: id,
      changes: { status: { before: h.status, after: to } },
    });
    return presentHost(updated);
  });
}

type AssetRef = { id: number; value: string };

/** The asset a host already is (linked to it, or added by hand under the same name), for a refusal to point at. */
async function existingAsset(
  sc: ServiceContext,
  h: { host: string; asset: AssetRef | null },
): Promise<AssetRef | null> {
  if (h.asset) return h.asset;
  return sc.db.asset.findFirst({ where: { type: "subdomain", value: h.host }, select: { id: true, value: true } });
}

/**
 * Each host becomes a subdomain asset in its domain's project, one transaction per host through insertAsset (the
 * create path of POST /app/assets: the same slot count, refusals and proof by the parent domain); its check is
 * queued after the commit. What cannot be added is listed with the code POST /app/assets would answer.
 */
export async function addHosts(sc: ServiceContext<"jobs" | "net">, input: { ids: number[] }) {
  const ids = [...new Set(input.ids)];
  const rows = await sc.db.discoveredHostname.findMany({ where: { id: { in: ids } }, include: hostInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const added: { id: number; host: string; asset: { id: number; value: string } }[] = [];
  type Refusal = { id: number; host: string | null; code: string; message: string; asset: AssetRef | null };
  const refused: Refusal[] = [];
  let full: AppError | null = null;
  for (const id of ids) {
    const h = byId.get(id);
    if (!h) {
      refused.push({
        id,
        host: null,
        code: ErrorCode.NOT_FOUND,
        message: "no such discovered hostname here",
        asset: null,
      });
      continue;
    }
    try {
      if (h.asset) throw new AppError(409, ErrorCode.ALREADY_EXISTS, `${h.host} is already asset ${h.asset.id}`);
      // Once the plan's slots are full, the rest are refused alike without a transaction each (a run may bring
      // thousands).
      if (full) throw full;
      const target = parseValue(sc, "subdomain", h.host);
      const asset = await sc.db.$transaction(async (tx) => {
        const created = await insertAsset(sc, tx, target, { projectId: h.projectId });
        // Only a host without another asset (the asset's trigger linked it to this one already): two concurrent adds
        // of one host make one asset.
        const claimed = await tx.discoveredHostname.updateMany({
          where: { id, OR: [{ assetId: null }, { assetId: created.id }] },
          data: { status: "added", assetId: created.id },
        });
        if (claimed.count === 0) throw new AppError(409, ErrorCode.CONFLICT, `status: ${h.host} was just added`);
        await writeAudit(tx, sc.actor, {
          action: "discovered-host.add",
          resourceType: "discovered-host",
          resourceId: id,
          changes: { status: { before: h.status, after: "added" }, assetId: { before: null, after: created.id } },
        });
        return created;
      });
      await enqueueCheck(sc, asset.id, "added");
      added.push({ id, host: h.host, asset: { id: asset.id, value: asset.value } });
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      // In words, per host: the error's "field: " prefix names a field of POST /app/assets, not of this request.
      const message = e.message.replace(/^[a-zA-Z]+: /, "");
      if (e.appCode === ErrorCode.ASSET_SLOT_REQUIRED) full = e;
      const asset = e === full ? null : await existingAsset(sc, h);
      refused.push({ id, host: h.host, code: e.appCode, message, asset });
    }
  }
  return { added, refused };
}

/** What a run's auto-add did: the hosts added, and the others counted per reason (the API's DiscoveryRun.autoAdd). */
export type AutoAddResult = { added: number; refused: { code: string; message: string; count: number }[] };

/**
 * A run's new hosts under a domain that adds them by itself, added as `addHosts` adds them (one transaction each,
 * within the plan's slots, checked after): the refusals are counted per reason, the first one's words kept.
 */
export async function autoAddHosts(sc: ServiceContext<"jobs" | "net">, ids: number[]): Promise<AutoAddResult> {
  const { added, refused } = await addHosts(sc, { ids });
  const byCode = new Map<string, AutoAddResult["refused"][number]>();
  for (const r of refused) {
    const seen = byCode.get(r.code);
    if (seen) seen.count++;
    else byCode.set(r.code, { code: r.code, message: r.message, count: 1 });
  }
  return { added: added.length, refused: [...byCode.values()] };
}
