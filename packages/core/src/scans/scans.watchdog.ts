// The scan watchdog, run by every worker: a running scan whose worker stopped
// sending heartbeats (it died or hung) is queued once more, for whichever
// worker is alive; a scan that lost its worker on its last attempt fails with
// the reason. Several workers may run it at once: each scan row is changed by
// one of them only (the update re-checks the state it read, under a row lock).
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { jobActor } from "../actors.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.events.ts";
import { assetInfo } from "./scans.alerts.ts";
import { scanJob } from "./scans.run.ts";

/** A running scan without a heartbeat for this long has lost its worker. */
export const HEARTBEAT_TIMEOUT_MS = 45_000;
export const WATCHDOG_INTERVAL_MS = 15_000;
/** Starts per scan: the first, and one more after its worker died. */
export const MAX_SCAN_ATTEMPTS = 2;

export interface WatchdogOptions {
  now?: number;
  heartbeatTimeoutMs?: number;
}

/** Retries or fails the scans whose worker stopped; returns how many it handled. */
export async function recoverAbandonedScans(services: Services, opts: WatchdogOptions = {}) {
  const cutoff = new Date((opts.now ?? services.now().getTime()) - (opts.heartbeatTimeoutMs ?? HEARTBEAT_TIMEOUT_MS));
  const stale = await services.db.prisma.scan.findMany({
    where: { status: "running", heartbeatAt: { lt: cutoff } },
    select: { id: true, workspaceId: true, asset: { select: { id: true, value: true, name: true } } },
  });
  let handled = 0;
  for (const { id, workspaceId, asset } of stale) {
    const done = await actAs(services, jobActor(workspaceId), (sc) =>
      sc.db.$transaction(async (tx) => {
        const [scan] = await tx.$queryRaw<{ attempts: number; heartbeatAt: Date | null }[]>`
          select attempts, "heartbeatAt" from "Scan"
          where id = ${id} and status = 'running' and "heartbeatAt" < ${cutoff} for update skip locked`;
        if (!scan) return false; // another watchdog has it, or the worker came back
        const reason =
          `the worker running this scan stopped responding ` +
          `(no heartbeat since ${scan.heartbeatAt?.toISOString() ?? "its start"})`;
        if (scan.attempts < MAX_SCAN_ATTEMPTS && services.jobs) {
          await tx.scan.update({
            where: { id },
            data: { status: "queued", stage: null, progress: 0, heartbeatAt: null, retryReason: reason },
          });
          await services.jobs.enqueue(scanJob, { scanId: id, workspaceId }, { transaction: sqlIn(tx) });
        } else {
          const error = scan.attempts > 1 ? `${reason}; it was already retried once after the same failure` : reason;
          await tx.scan.update({ where: { id }, data: { status: "failed", finishedAt: new Date(), error } });
          await emitWebhookEvent(sc, tx, { type: "scan.failed", asset: assetInfo(asset), scan: { id, error } });
        }
        return true;
      }),
    );
    if (done) handled++;
  }
  return handled;
}
