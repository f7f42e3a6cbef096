// The API's shape of discovered hosts and runs. The JSON columns hold the
// engine's shapes as they are (packages/scanners/src/discovery/types.ts).
import type { DiscoveryRun, Prisma } from "@ems/db";
import type { DiscoveredHostnameOut, DiscoveryRunOut } from "./discovery.schemas.ts";

/** Every query that presents hosts selects this. */
export const hostInclude = {
  project: { select: { id: true, name: true, color: true } },
  asset: { select: { id: true, value: true } },
} satisfies Prisma.DiscoveredHostnameInclude;

export type HostRow = Prisma.DiscoveredHostnameGetPayload<{ include: typeof hostInclude }>;

export function presentHost(h: HostRow): DiscoveredHostnameOut {
  return {
    id: h.id,
    projectId: h.projectId,
    domain: h.domain,
    host: h.host,
    sources: h.sources as DiscoveredHostnameOut["sources"],
    resolves: h.resolves as DiscoveredHostnameOut["resolves"],
    resolvedIp: h.resolvedIp as DiscoveredHostnameOut["resolvedIp"],
    cname: h.cname as DiscoveredHostnameOut["cname"],
    wildcard: h.wildcard as DiscoveredHostnameOut["wildcard"],
    status: h.status,
    assetId: h.asset,
    firstSeenAt: h.firstSeenAt,
    lastSeenAt: h.lastSeenAt,
    project: h.project,
  };
}

export function presentRun(r: DiscoveryRun): DiscoveryRunOut {
  return {
    id: r.id,
    assetId: r.assetId,
    domain: r.domain,
    trigger: r.trigger as DiscoveryRunOut["trigger"],
    status: r.status,
    progress: {
      phase: r.phase as DiscoveryRunOut["progress"]["phase"],
      done: r.progressDone,
      total: r.progressTotal,
    },
    found: r.found,
    new: r.newHosts,
    capped: r.hostLimit === null ? null : { limit: r.hostLimit, dropped: r.hostsDropped },
    sourceErrors: r.sourceErrors as DiscoveryRunOut["sourceErrors"],
    autoAdd: r.autoAdd as DiscoveryRunOut["autoAdd"],
    error: r.error,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}
