// Scan schedules and the plan: what it allows a schedule to be (frequency, window), how many schedules a target may
// have (schedulesPerAsset, per asset and per project alike: docs/api.md, Scan schedules), and the schedules a plan
// change disables.
import type { Plan } from "@ems/db";
import { writeAudit } from "../audit/write.ts";
import type { Actor } from "../actors.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { AppError, ErrorCode } from "../errors.ts";
import { PLANS } from "../plans.ts";
import { hasWindow, type Recurrence } from "./recurrence.ts";

/** A schedule's target as its rules see it: the rows it counts against the plan and its words. */
export type Target = {
  data: { assetId: number } | { projectId: number };
  field: "assetId" | "projectId";
  name: string;
};

/** Why the plan does not allow this schedule to run, or null. */
export function planForbids(
  plan: Plan,
  r: Pick<Recurrence, "frequency" | "windowStartHour" | "windowEndHour" | "windowDays">,
) {
  const limits = PLANS[plan];
  if (!limits.scheduleFrequencies.includes(r.frequency)) {
    return {
      field: "frequency",
      message:
        `${r.frequency} schedules are not included in plan ${limits.label} (it allows ` +
        `${limits.scheduleFrequencies.join(", ")})`,
    };
  }
  if (hasWindow(r) && !limits.scheduleWindows) {
    const field = r.windowDays.length && r.windowStartHour === null ? "windowDays" : "windowStartHour";
    return { field, message: `schedule windows are not included in plan ${limits.label}` };
  }
  return null;
}

export const planError = (f: { field: string; message: string }) =>
  new AppError(403, ErrorCode.PLAN_LIMIT_REACHED, `${f.field}: ${f.message}`, { field: f.field });

/** 403 when the target has the plan's number of schedules (`enabled`: of enabled ones) already. */
export async function requireRoom(tx: ScopedTx, plan: Plan, t: Target, field: string, enabled?: true) {
  const count = await tx.scanSchedule.count({ where: { ...t.data, enabled } });
  const limits = PLANS[plan];
  if (count < limits.schedulesPerAsset) return;
  const per = t.field === "assetId" ? "asset" : "project";
  throw planError({
    field,
    message:
      `${t.name} already has ${count} ${enabled ? "enabled " : ""}schedule${count === 1 ? "" : "s"}, the most plan ` +
      `${limits.label} allows per ${per}`,
  });
}

/**
 * After a plan change: disables, with the reason in the audit log, the
 * enabled schedules the plan does not allow (frequency, window, or more per
 * asset or project than it allows: the oldest stay). Runs in the plan change's transaction.
 */
export async function disableForbiddenSchedules(tx: ScopedTx, actor: Actor, plan: Plan) {
  const schedules = await tx.scanSchedule.findMany({ where: { enabled: true }, orderBy: { id: "asc" } });
  const keptPerTarget = new Map<string, number>();
  let disabled = 0;
  for (const s of schedules) {
    const target = s.assetId === null ? `project ${s.projectId}` : `asset ${s.assetId}`;
    const kept = keptPerTarget.get(target) ?? 0;
    const reason =
      planForbids(plan, s)?.message ??
      (kept >= PLANS[plan].schedulesPerAsset
        ? `plan ${PLANS[plan].label} allows ${PLANS[plan].schedulesPerAsset} enabled schedule(s) per ` +
          target.split(" ")[0]
        : null);
    if (!reason) {
      keptPerTarget.set(target, kept + 1);
      continue;
    }
    const disabledReason = `Disabled by the change to plan ${PLANS[plan].label}: ${reason}`;
    await tx.scanSchedule.update({ where: { id: s.id }, data: { enabled: false, nextRunAt: null, disabledReason } });
    await writeAudit(tx, actor, {
      action: "scan-schedule.disable",
      resourceType: "scan-schedule",
      resourceId: s.id,
      changes: {
        enabled: { before: true, after: false },
        reason: { before: null, after: disabledReason },
      },
    });
    disabled++;
  }
  return disabled;
}
