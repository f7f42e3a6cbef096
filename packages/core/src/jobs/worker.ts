// A worker: handles queued jobs in this process. On start it also re-queues
// checks that never ran (the queue was down, or a worker died before
// starting), and every worker runs the watchdogs (scans, discovery runs), the
// scan scheduler, the discovery cadence, the folding of the reports' rollup, the SLA breach tick and the digest tick.
import { assetCheckJob, pendingChecks } from "../assets/assets.check.ts";
import type { Services } from "../service-context.ts";
import { failAbandonedDiscoveryRuns } from "../discovery/discovery.job.ts";
import { DISCOVERY_TICK_INTERVAL_MS, runDiscoveryTick } from "../discovery/discovery.runs.ts";
import { runSchedulerTick, SCHEDULER_INTERVAL_MS } from "../scan-schedules/scheduler.ts";
import { recoverAbandonedScans, WATCHDOG_INTERVAL_MS } from "../scans/scans.watchdog.ts";
import { compactReportRollups, ROLLUP_COMPACTION_INTERVAL_MS } from "../reports/rollups.ts";
import { scanJob } from "../scans/scans.run.ts";
import { notifySlaBreaches, SLA_BREACH_INTERVAL_MS } from "../issues/issues.sla-breach.ts";
import { DIGEST_INTERVAL_MS, sendDueDigests } from "../webhooks/webhooks.digest.ts";
import { JOBS } from "./jobs.ts";
import { runEvery } from "./periodic.ts";

const DISCOVERY_WATCHDOG_INTERVAL_MS = 15_000;

export async function startWorker(
  services: Services,
  opts: {
    concurrency?: number;
    scanConcurrency?: number;
    schedulerIntervalMs?: number;
    watchdogIntervalMs?: number;
    heartbeatTimeoutMs?: number;
    discoveryIntervalMs?: number;
    slaBreachIntervalMs?: number;
    digestIntervalMs?: number;
  } = {},
) {
  const jobs = services.jobs;
  if (!jobs) throw new Error("startWorker needs services with a job queue");
  await jobs.work(
    JOBS.map((job) => ({ ...job, run: (payload: never) => job.handler(services, payload) })),
    { slots: { [assetCheckJob.queue]: opts.concurrency, [scanJob.queue]: opts.scanConcurrency } },
  );
  for (const a of await pendingChecks(services)) {
    await jobs.enqueue(assetCheckJob, { assetId: a.id, workspaceId: a.workspaceId, reason: "recovery" });
  }
  const loops = [
    runEvery("scan watchdog", opts.watchdogIntervalMs ?? WATCHDOG_INTERVAL_MS, () =>
      recoverAbandonedScans(services, { heartbeatTimeoutMs: opts.heartbeatTimeoutMs }),
    ),
    // Discovery runs are not retried: one whose worker died is failed; the next run merges again.
    runEvery("discovery watchdog", DISCOVERY_WATCHDOG_INTERVAL_MS, () => failAbandonedDiscoveryRuns(services)),
    runEvery("scheduler tick", opts.schedulerIntervalMs ?? SCHEDULER_INTERVAL_MS, () => runSchedulerTick(services)),
    runEvery("discovery tick", opts.discoveryIntervalMs ?? DISCOVERY_TICK_INTERVAL_MS, () =>
      runDiscoveryTick(services),
    ),
    // The reports' ledgers stay exact without it; folding keeps them small (one row per key).
    runEvery("report rollup compaction", ROLLUP_COMPACTION_INTERVAL_MS, () => compactReportRollups(services)),
    runEvery("SLA breach tick", opts.slaBreachIntervalMs ?? SLA_BREACH_INTERVAL_MS, () => notifySlaBreaches(services)),
    runEvery("digest tick", opts.digestIntervalMs ?? DIGEST_INTERVAL_MS, () => sendDueDigests(services)),
  ];
  return {
    /** Stops the periodic loops and waits for their running ticks (the queue's jobs stop with jobs.stop()). */
    stop: async () => {
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
}
