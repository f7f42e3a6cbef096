// Scan schedules: validated against their frequency and the plan, with
// nextRunAt computed on every write that can move it. The scheduler
// (scheduler.ts) starts their scans.
import type { Plan, Prisma } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { type Actor } from "../actors.ts";
import { assetInclude, presentAsset } from "../assets/assets.present.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { PLANS } from "../plans.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type ServiceContext } from "../service-context.ts";
import { lockWorkspace } from "../db/sql.ts";
import { hasWindow, nextRunAfter, type Recurrence } from "./recurrence.ts";
import type { z } from "zod";
import type {
  CreateScheduleInput,
  ListSchedulesInput,
  PreviewScheduleInput,
  scanScheduleSchema,
  scheduleSkipSchema,
  UpdateScheduleInput,
} from "./scan-schedules.schemas.ts";
import { SCHEDULE_SORT } from "./scan-schedules.schemas.ts";

const include = { asset: { include: assetInclude } } as const;
type ScheduleRow = Prisma.ScanScheduleGetPayload<{ include: typeof include }>;

type ScanSchedule = z.output<typeof scanScheduleSchema>;
type ScheduleSkip = z.output<typeof scheduleSkipSchema>;

export const presentSchedule = (s: ScheduleRow): ScanSchedule => ({
  id: s.id,
  assetId: s.assetId,
  name: s.name,
  frequency: s.frequency,
  dayOfWeek: s.dayOfWeek,
  dayOfMonth: s.dayOfMonth,
  time: s.time,
  intervalDays: s.intervalDays,
  windowStartHour: s.windowStartHour,
  windowEndHour: s.windowEndHour,
  windowDays: s.windowDays,
  enabled: s.enabled,
  disabledReason: s.disabledReason,
  lastRunAt: s.lastRunAt,
  nextRunAt: s.nextRunAt,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  asset: presentAsset(s.asset),
});

const AUDITED = [
  "assetId",
  "name",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "time",
  "intervalDays",
  "windowStartHour",
  "windowEndHour",
  "windowDays",
  "enabled",
] as const;

/** The field each frequency requires; the others of these it forbids. */
const DAY_FIELD = { daily: null, weekly: "dayOfWeek", monthly: "dayOfMonth", interval: "intervalDays" } as const;
const DAY_FIELDS = ["dayOfWeek", "dayOfMonth", "intervalDays"] as const;

type Fields = Omit<Recurrence, "createdAt">;

/** The rules zod cannot see field by field: what the frequency needs, and a window's two ends. */
function checkRecurrence(r: Fields) {
  const own = DAY_FIELD[r.frequency];
  for (const field of DAY_FIELDS) {
    if (field === own && r[field] === null) throw validationError(field, `required when frequency is ${r.frequency}`);
    if (field !== own && r[field] !== null)
      throw validationError(field, `must not be set when frequency is ${r.frequency}`);
  }
  if (r.windowStartHour === null && r.windowEndHour !== null)
    throw validationError("windowStartHour", "required with windowEndHour");
  if (r.windowEndHour === null && r.windowStartHour !== null)
    throw validationError("windowEndHour", "required with windowStartHour");
  if (r.windowStartHour !== null && r.windowEndHour! <= r.windowStartHour) {
    throw validationError("windowEndHour", "must be after windowStartHour (a window does not wrap midnight)");
  }
}

/** Why the plan does not allow this schedule to run, or null. */
export function planForbids(
  plan: Plan,
  r: Pick<Fields, "frequency" | "windowStartHour" | "windowEndHour" | "windowDays">,
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

const planError = (f: { field: string; message: string }) =>
  new AppError(403, ErrorCode.PLAN_LIMIT_REACHED, `${f.field}: ${f.message}`, { field: f.field });

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
function defaultName(r: Fields) {
  const when = {
    daily: "Daily",
    weekly: `Weekly on ${WEEKDAY_NAMES[r.dayOfWeek ?? 0]}`,
    monthly: `Monthly on day ${r.dayOfMonth}`,
    interval: `Every ${r.intervalDays} day${r.intervalDays === 1 ? "" : "s"}`,
  }[r.frequency];
  return `${when} at ${r.time} UTC`;
}

async function requireSchedule(tx: Pick<ScopedTx, "scanSchedule">, id: number) {
  const schedule = await tx.scanSchedule.findUnique({ where: { id }, include });
  if (!schedule) throw notFound("Scan schedule");
  return schedule;
}

// ------------------------------------------------------------------ reads

/** The scan schedules, declared once (db/list-page.ts). */
export const SCHEDULE_LIST = defineList<
  Pick<ListSchedulesInput, "assetId" | "projectId" | "enabled">,
  Prisma.ScanScheduleWhereInput,
  ScheduleRow,
  ScanSchedule,
  keyof typeof SCHEDULE_SORT
>("schedules", {
  sorts: SCHEDULE_SORT,
  defaultSort: "createdAt",
  search: { fields: ["name"], asset: true },
  where: ({ assetId, projectId, enabled }) => ({
    assetId,
    enabled,
    asset: projectId ? { projectId } : undefined,
  }),
  model: (sc) => ({
    ids: (args) => sc.db.scanSchedule.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.scanSchedule.findMany({ ...args, include }),
    count: (where) => sc.db.scanSchedule.count({ where }),
  }),
  present: presentSchedule,
});

export const listSchedules = (sc: ServiceContext, input: ListSchedulesInput) =>
  listPage(sc, SCHEDULE_LIST, { assetId: input.assetId, projectId: input.projectId, enabled: input.enabled }, input);

export const getSchedule = async (sc: ServiceContext, id: number) => presentSchedule(await requireSchedule(sc.db, id));

/** Slots that started no scan, newest first. */
export async function listSkips(sc: ServiceContext, id: number, p: PagingInput) {
  await requireSchedule(sc.db, id);
  const [items, total] = await Promise.all([
    sc.db.scanScheduleSkip.findMany({
      where: { scheduleId: id },
      orderBy: { id: "desc" },
      select: {
        id: true,
        scheduleId: true,
        slotAt: true,
        reason: true,
        message: true,
        activeScanId: true,
        createdAt: true,
      },
      ...skipTake(p),
    }),
    sc.db.scanScheduleSkip.count({ where: { scheduleId: id } }),
  ]);
  return {
    items: items.map((s): ScheduleSkip => ({ ...s, reason: s.reason as ScheduleSkip["reason"] })),
    total,
    page: p.page,
    limit: p.limit,
  };
}

// ------------------------------------------------------------------ writes

/** The recurrence of a create (or a preview): absent fields are null. */
const fieldsOf = (input: CreateScheduleInput | PreviewScheduleInput): Fields => ({
  frequency: input.frequency,
  dayOfWeek: input.dayOfWeek ?? null,
  dayOfMonth: input.dayOfMonth ?? null,
  time: input.time,
  intervalDays: input.intervalDays ?? null,
  windowStartHour: input.windowStartHour ?? null,
  windowEndHour: input.windowEndHour ?? null,
  windowDays: input.windowDays ?? [],
});

export const PREVIEW_RUNS = 5;

/**
 * The next runs of a recurrence the dashboard's form describes, from the
 * scheduler's own code: each run is the next one after the previous, as the
 * scheduler moves nextRunAt after a slot. Checked like a create, plan aside.
 */
export async function previewSchedule(sc: ServiceContext, input: PreviewScheduleInput) {
  const fields = fieldsOf(input);
  checkRecurrence(fields);
  const now = sc.services.now();
  const createdAt = input.id ? (await requireSchedule(sc.db, input.id)).createdAt : now;
  const runs: Date[] = [];
  for (let after = now; runs.length < PREVIEW_RUNS; after = runs.at(-1)!) {
    runs.push(nextRunAfter({ ...fields, createdAt }, after));
  }
  return { runs };
}

export async function createSchedule(sc: ServiceContext, input: CreateScheduleInput) {
  const fields = fieldsOf(input);
  checkRecurrence(fields);
  const enabled = input.enabled ?? true;
  return sc.db.$transaction(async (tx) => {
    await lockWorkspace(tx, sc.workspaceId);
    const asset = await tx.asset.findUnique({
      where: { id: input.assetId },
      select: { id: true, value: true, ownershipVerifiedAt: true },
    });
    if (!asset)
      throw new AppError(404, ErrorCode.NOT_FOUND, "assetId: no such asset in this workspace", { field: "assetId" });
    const { plan } = await tx.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { plan: true } });
    const forbidden = planForbids(plan, fields);
    if (forbidden) throw planError(forbidden);
    const count = await tx.scanSchedule.count({ where: { assetId: asset.id } });
    const max = PLANS[plan].schedulesPerAsset;
    if (count >= max)
      throw planError({
        field: "assetId",
        message:
          `${asset.value} already has ${count} schedule${count === 1 ? "" : "s"}, the most plan ` +
          `${PLANS[plan].label} allows per asset`,
      });
    if (!asset.ownershipVerifiedAt) {
      throw new AppError(
        409,
        ErrorCode.OWNERSHIP_NOT_PROVEN,
        `assetId: ${asset.value} cannot be scheduled until its ownership is proven (GET ` +
          `/app/assets/${asset.id}/ownership says how)`,
        { field: "assetId" },
      );
    }
    const createdAt = sc.services.now();
    const created = await tx.scanSchedule.create({
      data: {
        workspaceId: sc.workspaceId,
        assetId: asset.id,
        name: input.name ?? defaultName(fields),
        ...fields,
        enabled,
        createdAt,
        nextRunAt: enabled ? nextRunAfter({ ...fields, createdAt }, createdAt) : null,
      },
      include,
    });
    await writeAudit(tx, sc.actor, {
      action: "scan-schedule.create",
      resourceType: "scan-schedule",
      resourceId: created.id,
      changes: changesOf(null, created, AUDITED),
    });
    return presentSchedule(created);
  });
}

export async function updateSchedule(sc: ServiceContext, input: UpdateScheduleInput) {
  const { id, name, enabled, ...sent } = input;
  if (Object.values(input).filter((v) => v !== undefined).length === 1) {
    throw validationError("body", "send at least one field to change");
  }
  return sc.db.$transaction(async (tx) => {
    await lockWorkspace(tx, sc.workspaceId);
    const before = await requireSchedule(tx, id);
    const fields: Fields = {
      frequency: before.frequency,
      dayOfWeek: before.dayOfWeek,
      dayOfMonth: before.dayOfMonth,
      time: before.time,
      intervalDays: before.intervalDays,
      windowStartHour: before.windowStartHour,
      windowEndHour: before.windowEndHour,
      windowDays: before.windowDays,
    };
    for (const [key, value] of Object.entries(sent)) if (value !== undefined) Object.assign(fields, { [key]: value });
    // A new frequency drops the day fields it does not use, unless they were sent (then they are an error).
    if (sent.frequency && sent.frequency !== before.frequency) {
      for (const field of DAY_FIELDS)
        if (field !== DAY_FIELD[fields.frequency] && sent[field] === undefined) fields[field] = null;
    }
    checkRecurrence(fields);
    const willRun = enabled ?? before.enabled;
    const { plan } = await tx.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { plan: true } });
    if (willRun) {
      const forbidden = planForbids(plan, fields);
      if (forbidden) throw planError(forbidden);
    }
    if (willRun && !before.enabled) {
      const running = await tx.scanSchedule.count({ where: { assetId: before.assetId, enabled: true } });
      if (running >= PLANS[plan].schedulesPerAsset) {
        throw planError({
          field: "enabled",
          message:
            `${before.asset.value} already has ${running} enabled schedules, the most plan ` +
            `${PLANS[plan].label} allows per asset`,
        });
      }
    }
    const recurrenceChanged = (Object.keys(fields) as (keyof Fields)[]).some(
      (k) => JSON.stringify(fields[k]) !== JSON.stringify(before[k]),
    );
    let nextRunAt = before.nextRunAt;
    if (!willRun) nextRunAt = null;
    else if (recurrenceChanged || !before.enabled)
      nextRunAt = nextRunAfter({ ...fields, createdAt: before.createdAt }, sc.services.now());
    // A default name describes the recurrence: it follows a change of it unless a name is sent.
    const renamed = recurrenceChanged && before.name === defaultName(before) ? defaultName(fields) : undefined;
    const after = await tx.scanSchedule.update({
      where: { id },
      data: {
        ...fields,
        name: name ?? renamed,
        enabled: willRun,
        nextRunAt,
        // A person's enable or disable replaces the system's reason.
        disabledReason: enabled === undefined ? undefined : null,
      },
      include,
    });
    const changes = changesOf(before, after, AUDITED);
    if (Object.keys(changes).length) {
      await writeAudit(tx, sc.actor, {
        action: "scan-schedule.update",
        resourceType: "scan-schedule",
        resourceId: id,
        changes,
      });
    }
    return presentSchedule(after);
  });
}

export async function deleteSchedule(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const schedule = await requireSchedule(tx, id);
    await tx.scanSchedule.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "scan-schedule.delete",
      resourceType: "scan-schedule",
      resourceId: id,
      changes: changesOf(schedule, null, AUDITED),
    });
    return { message: `Scan schedule ${id} ("${schedule.name}") deleted; its past scans stay` };
  });
}

/**
 * After a plan change: disables, with the reason in the audit log, the
 * enabled schedules the plan does not allow (frequency, window, or more per
 * asset than it allows: the oldest stay). Runs in the plan change's transaction.
 */
export async function disableForbiddenSchedules(tx: ScopedTx, actor: Actor, plan: Plan) {
  const schedules = await tx.scanSchedule.findMany({ where: { enabled: true }, orderBy: { id: "asc" } });
  const keptPerAsset = new Map<number, number>();
  let disabled = 0;
  for (const s of schedules) {
    const kept = keptPerAsset.get(s.assetId) ?? 0;
    const reason =
      planForbids(plan, s)?.message ??
      (kept >= PLANS[plan].schedulesPerAsset
        ? `plan ${PLANS[plan].label} allows ${PLANS[plan].schedulesPerAsset} enabled schedule(s) per asset`
        : null);
    if (!reason) {
      keptPerAsset.set(s.assetId, kept + 1);
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
