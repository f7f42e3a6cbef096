// Running a scan in a worker: claim it (queued → running), keep a heartbeat
// and the progress in the database, run the engine, and store findings,
// issues and open ports in one transaction. A cancelled scan is noticed on
// the next heartbeat and aborted. scans.watchdog.ts retries or fails scans whose worker died.
import { parseTarget, pickUpFrom, runScan, type ScanEngineConfig } from "@ems/scanners";
import type { Prisma } from "@ems/db";
import { coveredHosts } from "../assets/assets.coverage.ts";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { jobActor } from "../actors.ts";
import { syncIssues } from "../issues/issues.sync.ts";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { lockWorkspace } from "../db/sql.ts";
import { PLANS } from "../plans.ts";
import type { ServiceContext } from "../service-context.ts";
import { emitWebhookEvent, emitWebhookEvents } from "../webhooks/webhooks.events.ts";
import { assetInfo, scanChangeEvents } from "./scans.alerts.ts";
import { scanCapSchema, scanFocusSchema } from "./scans.schemas.ts";

export const HEARTBEAT_MS = 5_000;

const scanPayload = z.object({ scanId: z.number().int(), workspaceId: z.number().int() });
export type ScanJob = z.output<typeof scanPayload>;

/** How long a scan job may run before pg-boss hands it out again (the watchdog fails it first). */
export const SCAN_JOB_EXPIRE_SECONDS = 3 * 3600;

export async function runScanJob(services: Services, engine: ScanEngineConfig, job: ScanJob) {
  const actor = jobActor(job.workspaceId);
  await actAs(services, actor, async (sc) => {
    const { db } = sc;
    if ((await claimScan(sc, job)) !== "claimed") return;
    const scan = await db.scan.findUniqueOrThrow({ where: { id: job.scanId }, include: { asset: true } });
    const asset = scan.asset;
    const abort = new AbortController();
    let lastProgress = { stage: "starting", percent: 0 };

    const beat = setInterval(() => {
      void actAs(services, actor, async () => {
        const r = await db.scan.updateMany({
          where: { id: scan.id, status: "running", attempts: scan.attempts },
          data: { heartbeatAt: new Date() },
        });
        if (r.count === 0) abort.abort(new Error("cancelled")); // deleted or cancelled meanwhile
      }).catch(() => {});
    }, HEARTBEAT_MS);

    try {
      const parsed = parseTarget(asset.type, asset.value, {
        allowPrivate: services.net.allowPrivate,
        allowedRanges: services.net.allowedRanges,
        extraSuffixes: services.net.extraSuffixes,
      });
      if (!parsed.ok) throw new Error(parsed.message);
      const covers = await coveredHosts(db, asset);
      // A retest (trigger "retest") looks only for its issues' kinds on their ports.
      const focus = scan.focus === null ? null : scanFocusSchema.parse(scan.focus);
      // A whole scan starts with what the asset's last whole scan left out (its caps' ports and pages).
      const last = focus ? null : await previousScanCaps(sc, asset.id, scan.id);
      const pickUp = last ? pickUpFrom(last) : {};
      const result = await runScan(
        {
          target: parsed.target,
          profile: {
            portScanMode: asset.portScanMode,
            nucleiMinSeverity: asset.nucleiMinSeverity,
            disabledScannerTypes: asset.disabledScannerTypes,
          },
          covers,
          ...(focus ? { focus: { kinds: focus.kinds, ports: focus.ports } } : {}),
          pickUp,
        },
        services.net,
        engine,
        {
          signal: abort.signal,
          onProgress: async (stage, percent) => {
            if (stage === lastProgress.stage && percent - lastProgress.percent < 5) return;
            lastProgress = { stage, percent };
            await actAs(services, actor, () =>
              db.scan.updateMany({
                where: { id: scan.id, status: "running", attempts: scan.attempts },
                data: { stage, progress: Math.round(percent), heartbeatAt: new Date() },
              }),
            );
          },
        },
      );
      const now = services.now();
      const completedStages = new Set(result.stages.filter((s) => !s.timedOut && !s.error).map((s) => s.stage));
      await db.$transaction(
        async (tx) => {
          // Cancelled while we finished: keep the cancellation, store nothing.
          const still = await tx.scan.updateMany({
            where: { id: scan.id, status: "running", attempts: scan.attempts },
            data: {
              status: "completed",
              stage: "done",
              progress: 100,
              finishedAt: now,
              findingsCount: result.findings.length,
              stages: result.stages as unknown as Prisma.InputJsonArray,
              caps: result.caps as unknown as Prisma.InputJsonArray,
              ...(focus ? { focus: { ...focus, lookedAt: result.lookedAt ?? [] } } : {}),
            },
          });
          if (still.count === 0) return;
          const issues = await syncIssues(tx, {
            workspaceId: job.workspaceId,
            assetId: asset.id,
            origin: { scanId: scan.id },
            address: result.address,
            findings: result.findings,
            completedStages,
            caps: result.caps,
            ...(focus ? { focus: { kinds: new Set(focus.kinds), lookedAt: new Set(result.lookedAt) } } : {}),
            now,
          });
          // A retest probed only its own ports: the asset's other open ports are not closed by it.
          const newPorts =
            completedStages.has("ports") && !focus
              ? await syncOpenPorts(tx, job.workspaceId, asset.id, result.openPorts, now)
              : [];
          const trigger = scan.trigger as "manual" | "schedule" | "retest";
          const finished = { id: scan.id, trigger, finishedAt: now };
          await emitWebhookEvents(sc, tx, scanChangeEvents(asset, finished, { ...issues, newPorts }));
        },
        { timeout: 60_000 },
      );
    } catch (err) {
      const message = abort.signal.aborted ? "cancelled" : err instanceof Error ? err.message : String(err);
      await failScan(sc, { id: scan.id, asset }, message, { stage: lastProgress.stage, attempt: scan.attempts });
    } finally {
      clearInterval(beat);
    }
  });
}

/** The caps of the asset's last completed whole scan before this one (none: it had none, or there is none). */
async function previousScanCaps(sc: ServiceContext<"jobs">, assetId: number, scanId: number) {
  const last = await sc.db.scan.findFirst({
    where: { assetId, status: "completed", trigger: { not: "retest" }, id: { lt: scanId } },
    orderBy: { id: "desc" },
    select: { caps: true },
  });
  return last ? (z.array(scanCapSchema).safeParse(last.caps).data ?? null) : null;
}

/** Seconds before a scan put back because its workspace ran its plan's concurrent scans tries again. */
export const SCAN_ROOM_RETRY_SECONDS = 5;

/**
 * Claims a queued scan (queued → running) if its workspace has room: fewer running scans than its plan allows
 * (plans.ts, concurrentScans). A workspace at its cap gets the job back in the queue, ranked after its own waiting
 * ones, so its backlog waits for its own scans and never holds another workspace's back. Only a queued scan starts (a
 * cancelled one, or one another worker took, does not). Every later write names this attempt, so a worker the
 * watchdog gave up on cannot touch the retry's run. The workspace row's lock orders the claims of one workspace.
 */
async function claimScan(sc: ServiceContext<"jobs">, job: ScanJob): Promise<"claimed" | "put back" | "gone"> {
  return sc.db.$transaction(async (tx) => {
    await lockWorkspace(tx, job.workspaceId);
    const [workspace, running] = await Promise.all([
      tx.workspace.findUniqueOrThrow({ where: { id: job.workspaceId }, select: { plan: true } }),
      tx.scan.count({ where: { status: "running" } }),
    ]);
    if (running >= PLANS[workspace.plan].concurrentScans) {
      const queued = await tx.scan.count({ where: { id: job.scanId, status: "queued" } });
      if (!queued) return "gone";
      await sc.services.jobs!.enqueue(scanJob, job, {
        transaction: sqlIn(tx),
        delaySeconds: SCAN_ROOM_RETRY_SECONDS,
      });
      return "put back";
    }
    const now = sc.services.now();
    const claimed = await tx.scan.updateMany({
      where: { id: job.scanId, status: "queued" },
      data: {
        status: "running",
        startedAt: now,
        heartbeatAt: now,
        stage: "starting",
        progress: 0,
        attempts: { increment: 1 },
      },
    });
    return claimed.count ? "claimed" : "gone";
  });
}

async function syncOpenPorts(
  tx: Parameters<Parameters<Services["scoped"]["$transaction"]>[0]>[0],
  workspaceId: number,
  assetId: number,
  ports: { port: number; protocol: string; service: string | null; banner: string | null }[],
  now: Date,
) {
  const open = await tx.openPort.findMany({
    where: { assetId, closedAt: null },
    select: { port: true, protocol: true },
  });
  const wasOpen = new Set(open.map((p) => `${p.port}/${p.protocol}`));
  for (const p of ports) {
    await tx.openPort.upsert({
      where: { assetId_port_protocol: { assetId, port: p.port, protocol: p.protocol } },
      create: {
        workspaceId,
        assetId,
        port: p.port,
        protocol: p.protocol,
        service: p.service,
        banner: p.banner?.slice(0, 2000),
        firstSeenAt: now,
        lastSeenAt: now,
      },
      update: { service: p.service, banner: p.banner?.slice(0, 2000), lastSeenAt: now, closedAt: null },
    });
  }
  await tx.openPort.updateMany({
    where: { assetId, closedAt: null, port: { notIn: ports.map((p) => p.port) } },
    data: { closedAt: now },
  });
  return ports
    .filter((p) => !wasOpen.has(`${p.port}/${p.protocol}`))
    .map((p) => ({ port: p.port, protocol: p.protocol, service: p.service }));
}

/** Marks a running scan failed and, unless it was cancelled, tells the endpoints (scan.failed) in the same step. */
/** Fails this attempt of a running scan and tells the webhooks (not for a cancellation). */
async function failScan(
  sc: ServiceContext<"jobs" | "webhooks">,
  scan: { id: number; asset: { id: number; value: string; name: string | null } },
  error: string,
  extra: { stage: string; attempt: number },
) {
  return sc.db.$transaction(async (tx) => {
    const r = await tx.scan.updateMany({
      where: { id: scan.id, status: "running", attempts: extra.attempt },
      data: {
        status: "failed",
        error: error.slice(0, 2000),
        finishedAt: new Date(),
        stage: extra.stage,
      },
    });
    if (r.count === 1 && error !== "cancelled") {
      await emitWebhookEvent(sc, tx, {
        type: "scan.failed",
        asset: assetInfo(scan.asset),
        scan: { id: scan.id, error: error.slice(0, 2000) },
      });
    }
    return r.count;
  });
}

/** A scan of one asset (ports, TLS, HTTP, technologies, templates). */
export const scanJob = defineJob({
  queue: "scan-run",
  // No pg-boss retries: the scan watchdog requeues a scan whose worker died (once, see scans.watchdog.ts).
  policy: { retryLimit: 0, expireInSeconds: SCAN_JOB_EXPIRE_SECONDS },
  payload: scanPayload,
  // Scans use many sockets each: fewer at a time per process; add processes to scale.
  concurrency: { slots: 2 },
  handler: (services, job) => runScanJob(services, services.scanEngine, job),
});
