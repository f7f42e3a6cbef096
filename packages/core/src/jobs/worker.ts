// A worker: handles queued jobs in this process. On start it also re-queues
// checks that never ran (the queue was down, or a worker died before
// starting), and every worker runs the scan watchdog and the scan scheduler.
import { runAssessmentJob } from "../assessments/assessments.job.ts";
import { pendingChecks, runAssetCheck } from "../assets/assets.check.ts";
import type { Services } from "../context.ts";
import { startScheduler } from "../scan-schedules/scheduler.ts";
import { runScanJob } from "../scans/scans.run.ts";
import { startScanWatchdog } from "../scans/scans.watchdog.ts";

export async function startWorker(
  services: Services,
  opts: {
    concurrency?: number;
    scanConcurrency?: number;
    schedulerIntervalMs?: number;
    watchdogIntervalMs?: number;
    heartbeatTimeoutMs?: number;
  } = {},
) {
  const jobs = services.jobs;
  if (!jobs) throw new Error("startWorker needs services with a job queue");
  await jobs.work(
    {
      assetCheck: (job) => runAssetCheck(services, job),
      scan: (job) => runScanJob(services, services.scanEngine, job),
      assessment: (job) => runAssessmentJob(services, job),
    },
    { concurrency: opts.concurrency, scanConcurrency: opts.scanConcurrency },
  );
  for (const a of await pendingChecks(services)) {
    await jobs.enqueueAssetCheck({ assetId: a.id, workspaceId: a.workspaceId, reason: "recovery" });
  }
  const watchdog = startScanWatchdog(services, {
    intervalMs: opts.watchdogIntervalMs,
    heartbeatTimeoutMs: opts.heartbeatTimeoutMs,
  });
  const scheduler = startScheduler(services, opts.schedulerIntervalMs);
  return {
    stop: () => {
      watchdog.stop();
      scheduler.stop();
    },
  };
}
