// Scan schedules: validated against their frequency and the plan, with
// nextRunAt computed on every write that can move it. The scheduler
// (scheduler.ts) starts their scans.
import type { Prisma } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { assetInclude, presentAsset } from "../assets/assets.present.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type ServiceContext } from "../service-context.ts";
import { lockWorkspace } from "../db/sql.ts";
import { nextRunAfter, type Recurrence } from "./recurrence.ts";
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
import { planError, planForbids, requireRoom, type Target } from "./scan-schedules.plan.ts";
import { withNextScans, type NextScan, type ScheduleReader } from "./scan-schedules.next.ts";

const include = {
  asset: { include: assetInclude },
  project: { select: { id: true, name: true, color: true } },
} as const;
type ScheduleRow = Prisma.ScanScheduleGetPayload<{ include: typeof include }> & { nextScan: NextScan };

type ScanSchedule = z.output<typeof scanScheduleSchema>;
type ScheduleSkip = z.output<typeof scheduleSkipSchema>;

export const presentSchedule = (s: ScheduleRow): ScanSchedule => ({
  id: s.id,
  assetId: s.assetId,
  projectId: s.projectId,
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
  asset: s.asset && presentAsset(s.asset),
  project: s.project,
  nextScan: s.nextScan,
});

const AUDITED = [
  "assetId",
  "projectId",
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

/** A stored schedule's target, for the plan's count when it is enabled again. */
const targetOfRow = (s: ScheduleRow): Target =>
  s.asset
    ? { data: { assetId: s.asset.id }, field: "assetId", name: s.asset.value }
    : { data: { projectId: s.project!.id }, field: "projectId", name: `Project ${s.project!.name}` };

async function requireSchedule(tx: ScheduleReader, id: number) {
  const schedule = await tx.scanSchedule.findUnique({ where: { id }, include });
  if (!schedule) throw notFound("Scan schedule");
  return (await withNextScans(tx, [schedule]))[0]!;
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
  // A project's schedules: its own and its assets'.
  where: ({ assetId, projectId, enabled }) => ({
    assetId,
    enabled,
    ...(projectId ? { OR: [{ projectId }, { asset: { projectId } }] } : {}),
  }),
  model: (sc) => ({
    ids: (args) => sc.db.scanSchedule.findMany({ ...args, select: { id: true } }),
    rows: async (args) => withNextScans(sc.db, await sc.db.scanSchedule.findMany({ ...args, include })),
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
        assetId: true,
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

/** An asset schedule's or a project schedule's target; 404 naming the field when it is not in the workspace. */
async function targetOf(tx: ScopedTx, input: Pick<CreateScheduleInput, "assetId" | "projectId">) {
  if (input.projectId !== undefined) {
    const project = await tx.project.findUnique({ where: { id: input.projectId }, select: { id: true, name: true } });
    if (!project)
      throw new AppError(404, ErrorCode.NOT_FOUND, "projectId: no such project in this workspace", {
        field: "projectId",
      });
    const target: Target = { data: { projectId: project.id }, field: "projectId", name: `Project ${project.name}` };
    return { target };
  }
  const asset = await tx.asset.findUnique({
    where: { id: input.assetId },
    select: { id: true, value: true, ownershipVerifiedAt: true },
  });
  if (!asset)
    throw new AppError(404, ErrorCode.NOT_FOUND, "assetId: no such asset in this workspace", { field: "assetId" });
  return { target: { data: { assetId: asset.id }, field: "assetId", name: asset.value } satisfies Target, asset };
}

export async function createSchedule(sc: ServiceContext, input: CreateScheduleInput) {
  const fields = fieldsOf(input);
  checkRecurrence(fields);
  const enabled = input.enabled ?? true;
  return sc.db.$transaction(async (tx) => {
    await lockWorkspace(tx, sc.workspaceId);
    const { target, asset } = await targetOf(tx, input);
    const { plan } = await tx.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { plan: true } });
    const forbidden = planForbids(plan, fields);
    if (forbidden) throw planError(forbidden);
    await requireRoom(tx, plan, target, target.field);
    // A project schedule needs no proof now: its slots scan the project's proven assets and skip the others.
    if (asset && !asset.ownershipVerifiedAt) {
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
        ...target.data,
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
    return presentSchedule((await withNextScans(tx, [created]))[0]!);
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
    if (willRun && !before.enabled) await requireRoom(tx, plan, targetOfRow(before), "enabled", true);
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
    return presentSchedule((await withNextScans(tx, [after]))[0]!);
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
