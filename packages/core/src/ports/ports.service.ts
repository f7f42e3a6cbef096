import { notFound } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { dashed } from "../enum-names.ts";
import type { OpenPortGroup } from "./ports.schemas.ts";

/**
 * Open-port issues grouped by port, with the assets where each is open:
 * the issues say what matters (status, severity), the open-port table adds
 * the service and banner the scanner saw.
 */
export async function openPorts(sc: ServiceContext): Promise<OpenPortGroup[]> {
  const issues = await sc.db.issue.findMany({
    where: { kind: { startsWith: "port.open." }, status: { in: ["open", "in_progress"] } },
    include: { asset: { select: { id: true, value: true, type: true } } },
    orderBy: [{ port: "asc" }, { assetId: "asc" }],
  });
  const seen = await sc.db.openPort.findMany({
    where: { assetId: { in: [...new Set(issues.map((i) => i.assetId))] }, closedAt: null },
  });
  // First row per asset and port, as find() over the array gave, without its cost (issues × ports).
  const seenAt = new Map<string, (typeof seen)[number]>();
  for (const p of seen) if (!seenAt.has(`${p.assetId}:${p.port}`)) seenAt.set(`${p.assetId}:${p.port}`, p);
  const groups = new Map<number, OpenPortGroup>();
  for (const i of issues) {
    const port = i.port ?? Number(i.kind.split(".")[2]);
    const info = seenAt.get(`${i.assetId}:${port}`);
    const group = groups.get(port) ?? {
      port,
      protocol: info?.protocol ?? "tcp",
      service: info?.service ?? null,
      severity: i.severity,
      assets: [],
    };
    group.service ??= info?.service ?? null;
    group.assets.push({
      assetId: i.assetId,
      value: i.asset.value,
      type: i.asset.type,
      issueId: i.id,
      status: dashed(i.status),
      severity: i.severity,
      banner: info?.banner ?? null,
      lastSeenAt: i.lastSeenAt,
    });
    groups.set(port, group);
  }
  return [...groups.values()];
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
