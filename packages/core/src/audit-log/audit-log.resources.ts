// What an audit entry's resource is called, for people reading the log ("asset exposed.lab.test" rather than
// "asset #12"): the current name of each resource on the page, looked up once per type (a page holds at most 200
// entries), or the name the change itself recorded when the resource is gone.
import type { ServiceContext } from "../service-context.ts";

export interface ResourceName {
  name: string | null;
  exists: boolean;
}

type Lookup = (sc: ServiceContext, ids: number[]) => Promise<{ id: number; name: string }[]>;

const LOOKUPS: Record<string, Lookup> = {
  asset: async (sc, ids) =>
    (await sc.db.asset.findMany({ where: { id: { in: ids } }, select: { id: true, value: true } })).map((a) => ({
      id: a.id,
      name: a.value,
    })),
  project: (sc, ids) => sc.db.project.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  issue: async (sc, ids) =>
    (await sc.db.issue.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((i) => ({
      id: i.id,
      name: i.title,
    })),
  scan: async (sc, ids) =>
    (
      await sc.db.scan.findMany({
        where: { id: { in: ids } },
        select: { id: true, asset: { select: { value: true } } },
      })
    ).map((s) => ({ id: s.id, name: `#${s.id} of ${s.asset.value}` })),
  "scan-schedule": (sc, ids) =>
    sc.db.scanSchedule.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  assessment: async (sc, ids) =>
    (await sc.db.assessmentReport.findMany({ where: { id: { in: ids } }, select: { id: true, scopeName: true } })).map(
      (a) => ({ id: a.id, name: a.scopeName }),
    ),
  // Its URL can be a credential (a Slack incoming webhook): named by its description only.
  webhook: async (sc, ids) =>
    (await sc.db.webhookEndpoint.findMany({ where: { id: { in: ids } }, select: { id: true, description: true } })).map(
      (w) => ({ id: w.id, name: w.description || `#${w.id}` }),
    ),
  "api-key": (sc, ids) => sc.db.apiKey.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  "oauth-app": (sc, ids) => sc.db.oAuthApp.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
  // People are named only while they belong to this workspace.
  user: async (sc, ids) =>
    (
      await sc.db.membership.findMany({
        where: { userId: { in: ids } },
        select: { userId: true, user: { select: { email: true } } },
      })
    ).map((m) => ({ id: m.userId, name: m.user.email })),
  invitation: async (sc, ids) =>
    (await sc.db.invitation.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })).map((i) => ({
      id: i.id,
      name: i.email,
    })),
  "discovered-host": async (sc, ids) =>
    (await sc.db.discoveredHostname.findMany({ where: { id: { in: ids } }, select: { id: true, host: true } })).map(
      (h) => ({ id: h.id, name: h.host }),
    ),
  "discovery-run": async (sc, ids) =>
    (await sc.db.discoveryRun.findMany({ where: { id: { in: ids } }, select: { id: true, domain: true } })).map(
      (r) => ({
        id: r.id,
        name: r.domain,
      }),
    ),
  workspace: (sc, ids) =>
    sc.db.workspace.findMany({
      where: { id: { in: ids.filter((id) => id === sc.workspaceId) } },
      select: { id: true, name: true },
    }),
};

/** The fields whose recorded value names a resource (the value before a deletion, after a creation). */
const NAMING_FIELDS = ["value", "name", "title", "email", "host", "domain", "scopeName"];

function recordedName(changes: Record<string, { before: unknown; after: unknown }>): string | null {
  for (const field of NAMING_FIELDS) {
    const c = changes[field];
    const v = c?.before ?? c?.after;
    if (typeof v === "string" && v) return v;
  }
  return null;
}

interface Named {
  resourceType: string;
  resourceId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** Each entry with `resource`: the name its resource goes by now (or last had), and whether it still exists. */
export async function withResourceNames<E extends Named>(
  sc: ServiceContext,
  entries: E[],
): Promise<(E & { resource: ResourceName })[]> {
  const wanted = new Map<string, Set<number>>();
  for (const e of entries) {
    if (!LOOKUPS[e.resourceType] || !e.resourceId || !/^\d{1,9}$/.test(e.resourceId)) continue;
    const ids = wanted.get(e.resourceType) ?? new Set<number>();
    ids.add(Number(e.resourceId));
    wanted.set(e.resourceType, ids);
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      for (const r of await LOOKUPS[type]!(sc, [...ids])) found.set(`${type}:${r.id}`, r.name);
    }),
  );
  return entries.map((e) => {
    const current = e.resourceId ? found.get(`${e.resourceType}:${e.resourceId}`) : undefined;
    return {
      ...e,
      resource:
        current !== undefined ? { name: current, exists: true } : { name: recordedName(e.changes), exists: false },
    };
  });
}
