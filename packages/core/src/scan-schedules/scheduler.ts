// The scheduler. Every worker process (the API's in-process worker and each
// `ems worker`) ticks. A tick claims due schedules with FOR UPDATE SKIP
// LOCKED and, in the same transaction, starts each one's scan (or records a
// skip), queues the scan's job and moves nextRunAt past now. Processes never
// claim the same row; a process that dies mid-tick rolls back and the rows
// are due again for the next tick anywhere: each due slot starts exactly one
// scan. The claim reads the (enabled, nextRunAt) index, so a tick costs what
// is due, not what exists.
import { writeAudit } from "../audit/write.ts";
import type { Services } from "../service-context.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { actAs } from "../door.ts";
import { schedulerActor } from "../actors.ts";
import { AppError, ErrorCode } from "../errors.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import { insertScan } from "../scans/scans.service.ts";
import type { ServiceContext } from "../service-context.ts";
import { nextRunAfter, type Recurrence } from "./recurrence.ts";
import { scanJob } from "../scans/scans.run.ts";

export const SCHEDULER_INTERVAL_MS = 20_000;
/** Schedules claimed per transaction; a tick repeats until fewer are due. */
const BATCH = 100;

type DueSchedule = Recurrence & { id: number; workspaceId: number; assetId: number; nextRunAt: Date };

const SKIP_REASONS: Partial<Record<string, string>> = {
  [ErrorCode.SCAN_ALREADY_ACTIVE]: "scan-already-active",
  [ErrorCode.OWNERSHIP_NOT_PROVEN]: "ownership-not-proven",
};

/** The scheduler's changes appear in the audit log as the system actor "scheduler". */

async function runSlot(sc: ServiceContext<"jobs">, tx: ScopedTx, s: DueSchedule, now: Date) {
  const services = sc.services;
  const nextRunAt = nextRunAfter(s, now);
  try {
    const scan = await insertScan(tx, sc, s.assetId, { trigger: "schedule", scheduleId: s.id });
    await services.jobs!.enqueue(scanJob, { scanId: scan.id, workspaceId: s.workspaceId }, { transaction: sqlIn(tx) });
    await tx.scanSchedule.update({ where: { id: s.id }, data: { nextRunAt, lastRunAt: now } });
    return "started" as const;
  } catch (err) {
    const reason = err instanceof AppError ? SKIP_REASONS[err.appCode] : undefined;
    if (!reason) throw err;
    const active = await tx.scan.findFirst({
      where: { assetId: s.assetId, status: { in: ["queued", "running"] } },
      select: { id: true },
    });
    const skip = await tx.scanScheduleSkip.create({
      data: {
        workspaceId: s.workspaceId,
        scheduleId: s.id,
        slotAt: s.nextRunAt,
        reason,
        message: (err as AppError).message.slice(0, 500),
        activeScanId: active?.id ?? null,
      },
    });
    await tx.scanSchedule.update({ where: { id: s.id }, data: { nextRunAt } });
    await writeAudit(tx, sc.actor, {
      action: "scan-schedule.skip",
      resourceType: "scan-schedule",
      resourceId: s.id,
      changes: { skip: { before: null, after: skip.id } },
    });
    return "skipped" as const;
  }
}

/** Starts the scans of every schedule due at `now`; returns what it did. */
export async function runSchedulerTick(services: Services, opts: { now?: Date; batch?: number } = {}) {
  if (!services.jobs) throw new Error("the scheduler needs services with a job queue");
  const batch = opts.batch ?? BATCH;
  const done = { started: 0, skipped: 0, failed: 0 };
  for (;;) {
    const now = opts.now ?? services.now();
    const claimed = await services.scoped.$transaction(
      async (tx) => {
        const due = await tx.$queryRaw<DueSchedule[]>`
          select id, "workspaceId", "assetId", frequency::text as frequency, "dayOfWeek", "dayOfMonth", time,
                "intervalDays",
                 "windowStartHour", "windowEndHour", "windowDays", "createdAt", "nextRunAt"
          from "ScanSchedule" where enabled and "nextRunAt" <= ${now}
          order by "nextRunAt" limit ${batch} for update skip locked`;
        // Asset rows locked in one order in every process: ticks do not deadlock each other.
        due.sort((a, b) => a.assetId - b.assetId || a.id - b.id);
        let progressed = 0;
        for (const s of due) {
          // A slot that fails unexpectedly is undone alone and stays due; the batch goes on.
          await tx.$executeRawUnsafe("savepoint slot");
          try {
            done[await actAs(services, schedulerActor(s.workspaceId), (sc) => runSlot(sc, tx, s, now))]++;
            progressed++;
          } catch (err) {
            await tx.$executeRawUnsafe("rollback to savepoint slot");
            done.failed++;
            const why = err instanceof Error ? err.message : err;
            console.error(`scheduler: schedule ${s.id} failed, retried next tick:`, why);
          }
        }
        return { claimed: due.length, progressed };
      },
      { timeout: 120_000, maxWait: 30_000 },
    );
    if (claimed.claimed < batch || claimed.progressed === 0) return done;
  }
}
