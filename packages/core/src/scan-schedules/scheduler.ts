// The scheduler. Every worker process (the API's in-process worker and each
// `ems worker`) ticks. A tick claims due schedules with FOR UPDATE SKIP
// LOCKED and, in the same transaction, starts each one's scan (a project
// schedule's: one per asset of the project), records a skip for each asset
// it cannot scan, queues the scans' jobs and moves nextRunAt past now. Processes never
// claim the same row; a process that dies mid-tick rolls back and the rows
// are due again for the next tick anywhere: each due slot scans each of its
// assets at most once. The claim reads the (enabled, nextRunAt) index, so a tick costs what
// is due, not what exists.
import { writeAudits } from "../audit/write.ts";
import type { Services } from "../service-context.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { actAs } from "../door.ts";
import { schedulerActor } from "../actors.ts";
import { insertScans } from "../scans/scans.many.ts";
import type { ServiceContext } from "../service-context.ts";
import { nextRunAfter, type Recurrence } from "./recurrence.ts";

export const SCHEDULER_INTERVAL_MS = 20_000;
/** Schedules claimed per transaction; a tick repeats until fewer are due. */
const BATCH = 100;

type DueSchedule = Recurrence & {
  id: number;
  workspaceId: number;
  assetId: number | null;
  projectId: number | null;
  nextRunAt: Date;
};

const SKIP_REASONS = {
  SCAN_ALREADY_ACTIVE: "scan-already-active",
  OWNERSHIP_NOT_PROVEN: "ownership-not-proven",
} as const;

/**
 * One due slot: a scan of the schedule's asset, or of each asset of its project now (those added since it was made
 * included), through the manual start's path; one skip per asset that cannot be scanned. The scheduler's changes
 * appear in the audit log as the system actor "scheduler".
 */
async function runSlot(sc: ServiceContext<"jobs">, tx: ScopedTx, s: DueSchedule, now: Date) {
  const nextRunAt = nextRunAfter(s, now);
  const assets = await tx.asset.findMany({
    where: s.assetId !== null ? { id: s.assetId } : { projectId: s.projectId! },
    select: { id: true, value: true },
    orderBy: { id: "asc" },
  });
  const attempts = await insertScans(tx, sc, assets, { trigger: "schedule", scheduleId: s.id });
  const refused = attempts.filter((a) => a.code === "SCAN_ALREADY_ACTIVE" || a.code === "OWNERSHIP_NOT_PROVEN");
  const started = attempts.some((a) => a.scanId !== null);
  await tx.scanSchedule.update({ where: { id: s.id }, data: { nextRunAt, ...(started ? { lastRunAt: now } : {}) } });
  if (refused.length) {
    const skips = await tx.scanScheduleSkip.createManyAndReturn({
      data: refused.map((a) => ({
        workspaceId: s.workspaceId,
        scheduleId: s.id,
        assetId: a.assetId,
        slotAt: s.nextRunAt,
        reason: SKIP_REASONS[a.code as keyof typeof SKIP_REASONS],
        message: a.reason!.slice(0, 500),
        activeScanId: a.activeScanId,
      })),
      select: { id: true },
    });
    await writeAudits(
      tx,
      sc.actor,
      skips.map((skip) => ({
        action: "scan-schedule.skip",
        resourceType: "scan-schedule",
        resourceId: s.id,
        changes: { skip: { before: null, after: skip.id } },
      })),
    );
  }
  return { started: attempts.filter((a) => a.scanId !== null).length, skipped: refused.length };
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
                "intervalDays", "projectId",
                 "windowStartHour", "windowEndHour", "windowDays", "createdAt", "nextRunAt"
          from "ScanSchedule" where enabled and "nextRunAt" <= ${now}
          order by "nextRunAt" limit ${batch} for update skip locked`;
        // Asset rows locked in one order in every process (a project's by id, after the single assets): ticks seldom
        // deadlock each other, and a deadlock undoes one slot, which is due again at the next tick.
        due.sort((a, b) => (a.assetId ?? Infinity) - (b.assetId ?? Infinity) || a.id - b.id);
        let progressed = 0;
        for (const s of due) {
          // A slot that fails unexpectedly is undone alone and stays due; the batch goes on.
          await tx.$executeRawUnsafe("savepoint slot");
          try {
            const slot = await actAs(services, schedulerActor(s.workspaceId), (sc) => runSlot(sc, tx, s, now));
            done.started += slot.started;
            done.skipped += slot.skipped;
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
