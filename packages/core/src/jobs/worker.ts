// A worker: handles queued jobs in this process. On start it also re-queues
// checks that never ran (the queue was down, or a worker died before starting).
import { pendingChecks, runAssetCheck } from "../assets/assets.check.ts";
import type { Services } from "../context.ts";

export async function startWorker(services: Services, opts: { concurrency?: number } = {}) {
  const jobs = services.jobs;
  if (!jobs) throw new Error("startWorker needs services with a job queue");
  await jobs.work({ assetCheck: (job) => runAssetCheck(services, job) }, opts);
  for (const a of await pendingChecks(services)) {
    await jobs.enqueueAssetCheck({ assetId: a.id, workspaceId: a.workspaceId, reason: "recovery" });
  }
}
