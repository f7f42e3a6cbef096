// A discovery run in a worker: claim it (queued → running), gather the names
// the product already saw under the domain, run the engine with a heartbeat
// and its progress in the database, then merge what it found in one
// transaction per batch (new hosts inserted, sources united, lastSeenAt and
// resolution refreshed; status never touched, so ignored stays ignored and
// added stays added) and sync the takeover issues of the domain asset.
import type { Prisma } from "@ems/db";
import { discoverHostnames, type DiscoveredHost, type DiscoveryResult } from "@ems/scanners";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { jobActor } from "../actors.ts";
import type { ServiceContext } from "../service-context.ts";
import { syncIssues, type IssueFinding } from "../issues/issues.sync.ts";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { announceNewHosts } from "./discovery.events.ts";
import { gatherSeen } from "./discovery.seen.ts";
import { autoAddHosts } from "./discovery.service.ts";

export const HEARTBEAT_MS = 5_000;
/** A running run without a heartbeat for this long has lost its worker. */
export const DISCOVERY_HEARTBEAT_TIMEOUT_MS = 45_000;
/** Hosts merged per transaction. */
const MERGE_BATCH = 500;
/** Progress is written at most this often (and on every phase change). */
const PROGRESS_EVERY_MS = 1_000;

const discoveryPayload = z.object({ runId: z.number().int(), workspaceId: z.number().int() });
export type DiscoveryJob = z.output<typeof discoveryPayload>;

/** How long a discovery job may run before pg-boss hands it out again (the watchdog fails it first). */
export const DISCOVERY_JOB_EXPIRE_SECONDS = 3600;

export async function runDiscoveryJob(services: Services, job: DiscoveryJob) {
  const actor = jobActor(job.workspaceId);
  await actAs(services, actor, async (sc) => {
    const { db } = sc;
    const claimed = await db.discoveryRun.updateManyAndReturn({
      where: { id: job.runId, status: "queued" },
      data: { status: "running", startedAt: new Date(), heartbeatAt: new Date(), phase: "sources" },
    });
    const run = claimed[0];
    if (!run) return; // taken by another worker, or failed by the watchdog
    const beat = setInterval(() => {
      void actAs(services, actor, () =>
        db.discoveryRun.updateMany({ where: { id: run.id, status: "running" }, data: { heartbeatAt: new Date() } }),
      ).catch(() => {});
    }, HEARTBEAT_MS);
    let lastWrite = { phase: "sources", at: 0 };
    const progress = (phase: string, done: number, total: number, force = false) => {
      const now = Date.now();
      if (!force && phase === lastWrite.phase && now - lastWrite.at < PROGRESS_EVERY_MS) return;
      lastWrite = { phase, at: now };
      void actAs(services, actor, () =>
        db.discoveryRun.updateMany({
          where: { id: run.id, status: "running" },
          data: { phase, progressDone: done, progressTotal: total, heartbeatAt: new Date() },
        }),
      ).catch(() => {});
    };
    // Hosts merged so far that were new: one message tells of them when the run ends, done or failed.
    const fresh: MergeRow[] = [];
    let merged = 0;
    let domain: { id: number; value: string; name: string | null } | null = null;
    try {
      const asset = await db.asset.findUnique({ where: { id: run.assetId } });
      if (!asset?.ownershipVerifiedAt) throw new Error(`${run.domain} is no longer a proven asset of this workspace`);
      domain = asset;
      const result = await discoverHostnames({
        domain: asset.value,
        seen: await gatherSeen(db, asset.value),
        net: services.net,
        config: services.discovery.engine,
        onProgress: (p) => progress(p.phase, p.done, p.total),
      });
      progress("merge", 0, result.hosts.length, true);
      await mergeHosts(sc, asset, result, fresh, (done) => {
        merged = done;
        progress("merge", done, result.hosts.length);
      });
      const found = result.hosts.length;
      // New hosts that answer (not a wildcard's echo) become assets by themselves where the domain asks for it.
      const autoAdd = asset.discoveryAutoAdd
        ? await autoAddHosts(
            sc,
            fresh.filter((h) => h.resolving).map((h) => h.id),
          )
        : null;
      await db.$transaction(async (tx) => {
        await syncIssues(tx, {
          workspaceId: job.workspaceId,
          assetId: asset.id,
          origin: { discoveryRunId: run.id },
          findings: takeoverFindings(result.hosts),
          completedStages: new Set(["discovery"]),
          now: services.now(),
        });
        await tx.discoveryRun.updateMany({
          where: { id: run.id, status: "running" },
          data: {
            status: "done",
            phase: null,
            progressDone: result.hosts.length,
            progressTotal: result.hosts.length,
            found,
            newHosts: fresh.length,
            hostLimit: result.capped?.limit ?? null,
            hostsDropped: result.capped?.dropped ?? 0,
            sourceErrors: result.sourceErrors as unknown as Prisma.InputJsonArray,
            ...(autoAdd ? { autoAdd } : {}),
            finishedAt: new Date(),
          },
        });
        const names = fresh.map((h) => h.host);
        await announceNewHosts(sc, tx, asset, { ...run, status: "done", found, capped: result.capped }, names);
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db.$transaction(async (tx) => {
        const failed = await tx.discoveryRun.updateMany({
          where: { id: run.id, status: "running" },
          data: { status: "failed", error: message.slice(0, 2000), finishedAt: new Date(), newHosts: fresh.length },
        });
        // Hosts it stored before failing are known from now on: this is the one message about them.
        if (failed.count && domain) {
          const names = fresh.map((h) => h.host);
          await announceNewHosts(sc, tx, domain, { ...run, status: "failed", found: merged }, names);
        }
      });
    } finally {
      clearInterval(beat);
    }
  });
}

type MergeRow = { id: number; host: string; inserted: boolean; asset: boolean; resolving: boolean };

/** Inserts or refreshes the hosts, MERGE_BATCH per transaction; adds the hosts that were new to `fresh`. */
async function mergeHosts(
  sc: ServiceContext,
  asset: { id: number; workspaceId: number; projectId: number; value: string; name: string | null },
  result: DiscoveryResult,
  fresh: MergeRow[],
  onBatch: (done: number) => void,
) {
  for (let i = 0; i < result.hosts.length; i += MERGE_BATCH) {
    const batch = result.hosts.slice(i, i + MERGE_BATCH).map((h) => ({
      host: h.host,
      sources: h.sources,
      resolves: h.resolves,
      resolvedIp: h.resolvedIp,
      cname: h.cname,
      wildcard: h.wildcard,
    }));
    const rows = await sc.db.$transaction(async (tx) => {
      // Raw SQL: one statement per batch, and the union of sources done by the database. The workspace is bound.
      const merged = await tx.$queryRaw<MergeRow[]>`
        insert into "DiscoveredHostname" as d
          ("workspaceId", "projectId", domain, host, sources, resolves, "resolvedIp", cname, wildcard,
           "assetId", status)
        select ${asset.workspaceId}, ${asset.projectId}, ${asset.value}, r.host, r.sources,
               r.resolves, r."resolvedIp", r.cname, r.wildcard, a.id,
               case when a.id is null then 'new' else 'added' end::"DiscoveredStatus"
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as r(host text, sources text[], resolves jsonb, "resolvedIp" jsonb, cname jsonb, wildcard jsonb)
        left join "Asset" a on a."workspaceId" = ${asset.workspaceId} and a.value = r.host
          and a.type in ('domain', 'subdomain')
        on conflict ("workspaceId", host) do update set
          sources = (select array_agg(distinct s order by s) from unnest(d.sources || excluded.sources) s),
          resolves = excluded.resolves, "resolvedIp" = excluded."resolvedIp",
          cname = excluded.cname, wildcard = excluded.wildcard, "lastSeenAt" = now()
        returning id, host, (xmax = 0) as inserted, "assetId" is not null as asset,
          ("resolvedIp" is not null and wildcard is null) as resolving`;
      // A host that is an asset already is not new, however it was added (the asset's trigger links it).
      return merged.filter((r) => r.inserted && !r.asset);
    });
    fresh.push(...rows);
    onBatch(Math.min(i + MERGE_BATCH, result.hosts.length));
  }
}

/** One issue per host whose CNAME points at a target that no longer exists (kind discovery.takeover:<host>). */
function takeoverFindings(hosts: DiscoveredHost[]): IssueFinding[] {
  return hosts
    .filter((h) => h.takeover)
    .map((h) => {
      const t = h.takeover!;
      const chain = h.cname?.chain.join(" → ") ?? t.target;
      return {
        scanner: "discovery",
        kind: `discovery.takeover:${h.host}`,
        title: `Subdomain takeover risk: ${h.host} points at an unclaimed ${t.service} target`,
        severity: "high",
        description:
          `${h.host} has a CNAME to ${t.target} (${t.service}), which no longer exists: whoever claims it there ` +
          `serves content under your name. Remove the DNS record, or claim the target again.\n\n` +
          `Host: ${h.host}\nCNAME chain: ${h.host} → ${chain}\nService: ${t.service}\nFingerprint: ${t.evidence}`,
        evidence: { url: `https://${h.host}/` },
      };
    });
}

/** Fails running runs whose worker stopped sending heartbeats (it died or hung). */
export async function failAbandonedDiscoveryRuns(services: Services, now = services.now().getTime()) {
  const cutoff = new Date(now - DISCOVERY_HEARTBEAT_TIMEOUT_MS);
  const stale = await services.db.prisma.discoveryRun.updateManyAndReturn({
    where: { status: "running", heartbeatAt: { lt: cutoff } },
    data: { status: "failed", finishedAt: new Date(), error: "the worker running this discovery stopped responding" },
  });
  return stale.length;
}

/** A discovery run under one proven domain (sources, resolution, merge). */
export const discoveryJob = defineJob({
  queue: "discovery-run",
  // No retries: a run whose worker died is failed by the watchdog; the next run (cadence or manual) merges again.
  policy: { retryLimit: 0, expireInSeconds: DISCOVERY_JOB_EXPIRE_SECONDS },
  payload: discoveryPayload,
  // One run at a time per process: a run resolves hundreds of names at once on its own.
  concurrency: { slots: 1 },
  handler: runDiscoveryJob,
});
