import { z } from "zod";
import { messageSchema, queryFlag, text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { assetSchema } from "../assets/assets.schemas.ts";
import { FREQUENCIES } from "./recurrence.ts";

const int = (min: number, max: number) =>
  z
    .number()
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`);

/** What a schedule's next slot scans, as things stand now (docs/api.md, Scan schedules: project schedules). */
export const nextScanSchema = z
  .object({
    assetCount: z.number().int().meta({
      description:
        "Assets the next slot will scan: the asset, or the project's proven assets now (0 or 1 for an asset)",
    }),
    assets: z
      .array(z.object({ id: z.number().int(), value: z.string() }))
      .meta({ description: "The first five of them, by id" }),
    unprovenCount: z.number().int().meta({
      description: "Assets the slot will skip because their ownership is not proven (one skip recorded per asset)",
    }),
  })
  .meta({ id: "ScanScheduleNextScan" });

export const scanScheduleSchema = z
  .object({
    id: z.number().int(),
    assetId: z.number().int().nullable().meta({ description: "The asset it scans; null for a project schedule" }),
    projectId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The project whose assets it scans (present and future); null for an asset schedule" }),
    name: z.string(),
    frequency: z.enum(FREQUENCIES),
    dayOfWeek: z.number().int().nullable().meta({ description: "weekly: 0 = Sunday to 6 = Saturday" }),
    dayOfMonth: z
      .number()
      .int()
      .nullable()
      .meta({ description: "monthly: 1-31; 29-31 mean the month's last day when it is shorter" }),
    time: z.string().meta({ description: "HH:MM, UTC" }),
    intervalDays: z.number().int().nullable().meta({ description: "interval: 1-365 days between runs" }),
    windowStartHour: z.number().int().nullable().meta({ description: "0-23, UTC; the window opens at this hour" }),
    windowEndHour: z
      .number()
      .int()
      .nullable()
      .meta({ description: "1-24, UTC, after windowStartHour; the window closes at this hour" }),
    windowDays: z.array(z.number().int()).meta({ description: "0-6 (0 = Sunday); empty: every day" }),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({
      description: "why the system disabled it (e.g. a plan change); null when enabled or disabled by a person",
    }),
    lastRunAt: z.date().nullable(),
    nextRunAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    asset: assetSchema.nullable().meta({ description: "The asset it scans; null for a project schedule" }),
    project: z
      .object({ id: z.number().int(), name: z.string(), color: z.string() })
      .nullable()
      .meta({ description: "The project it scans; null for an asset schedule" }),
    nextScan: nextScanSchema,
  })
  .meta({ id: "ScanSchedule" });

export const scheduleSkipSchema = z
  .object({
    id: z.number().int(),
    scheduleId: z.number().int(),
    assetId: z.number().int().nullable().meta({
      description: "The asset not scanned (null: the schedule's own asset, for skips kept before 2026-11-29)",
    }),
    slotAt: z.date().meta({ description: "the slot that was due" }),
    reason: z.enum(["scan-already-active", "ownership-not-proven"]),
    message: z.string(),
    activeScanId: z.number().int().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "ScanScheduleSkip" });

/** The recurrence fields; which of them each frequency needs is checked in the service (checkRecurrence). */
const recurrenceFields = {
  frequency: z.enum(FREQUENCIES),
  dayOfWeek: int(0, 6).nullable().optional(),
  dayOfMonth: int(1, 31).nullable().optional(),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM from 00:00 to 23:59 (UTC)")
    .max(5, "must be HH:MM from 00:00 to 23:59 (UTC)"),
  intervalDays: int(1, 365).nullable().optional(),
  windowStartHour: int(0, 23).nullable().optional(),
  windowEndHour: int(1, 24).nullable().optional(),
  windowDays: z
    .array(int(0, 6))
    .max(7, "must have at most 7 days")
    .refine((d) => new Set(d).size === d.length, "must not repeat a day")
    .optional(),
};
const scheduleFields = {
  name: text(255, 1).optional().meta({ description: "default: a description of the recurrence" }),
  ...recurrenceFields,
  enabled: z.boolean().optional().meta({ description: "default true" }),
};

/** A schedule's target: exactly one of assetId and projectId (400 naming the field otherwise). */
export const createScheduleInput = z
  .object({
    assetId: idParam("assetId").optional().meta({ description: "The asset to scan (or projectId)" }),
    projectId: idParam("projectId")
      .optional()
      .meta({ description: "The project whose assets to scan at each slot, those added later included (or assetId)" }),
    ...scheduleFields,
  })
  .superRefine((input, ctx) => {
    if ((input.assetId === undefined) !== (input.projectId === undefined)) return;
    ctx.addIssue({
      code: "custom",
      path: [input.assetId === undefined ? "assetId" : "projectId"],
      message: input.assetId === undefined ? "send assetId or projectId" : "send assetId or projectId, not both",
    });
  });
export const updateScheduleInput = z.object({
  id: idParam(),
  ...scheduleFields,
  frequency: recurrenceFields.frequency.optional(),
  time: recurrenceFields.time.optional(),
});

/** The form's recurrence so far; `id` when editing (an interval schedule counts its days from its creation). */
export const previewScheduleInput = z.object({ id: idParam().optional(), ...recurrenceFields });
export const previewScheduleOutput = z.object({
  runs: z.array(z.date()).meta({ description: "the next five runs (UTC instants)" }),
});

export const SCHEDULE_SORT = {
  createdAt: { field: "id", order: "asc" },
  name: { field: "name", order: "asc" },
  nextRunAt: { field: "nextRunAt", order: "asc" },
  lastRunAt: { field: "lastRunAt", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listSchedulesInput = pagingInput.extend({
  q: searchInput("schedule name, asset name or value"),
  ...sortInputs(SCHEDULE_SORT, "createdAt"),
  assetId: idParam("assetId").optional(),
  projectId: idParam("projectId").optional(),
  enabled: queryFlag.optional(),
});
export const scheduleIdInput = z.object({ id: idParam() });
export const scheduleSkipsInput = pagingInput.extend({ id: idParam() });
export const deleteScheduleOutput = messageSchema;

export type CreateScheduleInput = z.output<typeof createScheduleInput>;
export type UpdateScheduleInput = z.output<typeof updateScheduleInput>;
export type PreviewScheduleInput = z.output<typeof previewScheduleInput>;
export type ListSchedulesInput = z.output<typeof listSchedulesInput>;
