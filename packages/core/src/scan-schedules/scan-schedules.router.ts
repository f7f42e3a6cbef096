import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  createScheduleInput,
  deleteScheduleOutput,
  listSchedulesInput,
  previewScheduleInput,
  previewScheduleOutput,
  scanScheduleSchema,
  scheduleIdInput,
  scheduleSkipSchema,
  scheduleSkipsInput,
  updateScheduleInput,
} from "./scan-schedules.schemas.ts";
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  listSkips,
  previewSchedule,
  updateSchedule,
} from "./scan-schedules.service.ts";

const tags = ["Scan schedules"];
const read = { scope: "scans:read", kind: "read" } as const;
const write = { scope: "scans:write", kind: "write" } as const;
const rules =
  "Fields by frequency and their ranges: docs/api.md, Scan schedules. 400 names the wrong field; 403 " +
  "PLAN_LIMIT_REACHED " +
  "for a frequency, window or count the plan does not include; 409 OWNERSHIP_NOT_PROVEN for an asset not yet proven.";

export const scanSchedulesRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/scan-schedules",
        tags,
        summary: "List scan schedules",
        description: "Ordered by id.",
      },
      paged: true,
      ...read,
    })
    .input(listSchedulesInput)
    .output(pageOf(scanScheduleSchema))
    .query(({ ctx, input }) => listSchedules(ctx, input)),

  get: procedure
    .meta({
      openapi: { method: "GET", path: "/app/scan-schedules/{id}", tags, summary: "Get a scan schedule" },
      ...read,
    })
    .input(scheduleIdInput)
    .output(scanScheduleSchema)
    .query(({ ctx, input }) => getSchedule(ctx, input.id)),

  skips: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/scan-schedules/{id}/skips",
        tags,
        summary: "List the slots a schedule skipped",
        description: "Newest first.",
      },
      paged: true,
      ...read,
    })
    .input(scheduleSkipsInput)
    .output(pageOf(scheduleSkipSchema))
    .query(({ ctx, input }) => listSkips(ctx, input.id, input)),

  // The dashboard's form: the next runs from the scheduler's own recurrence code (no date math in the browser).
  preview: procedure
    .meta({ dashboardOnly: true, ...read })
    .input(previewScheduleInput)
    .output(previewScheduleOutput)
    .query(({ ctx, input }) => previewSchedule(ctx, input)),

  create: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/scan-schedules",
        tags,
        summary: "Create a scan schedule",
        description: rules,
      },
      successStatus: 201,
      ...write,
    })
    .input(createScheduleInput)
    .output(scanScheduleSchema)
    .mutation(({ ctx, input }) => createSchedule(ctx, input)),

  update: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/scan-schedules/{id}",
        tags,
        summary: "Change, enable or disable a scan schedule",
        description: `Send only what changes. ${rules}`,
      },
      ...write,
    })
    .input(updateScheduleInput)
    .output(scanScheduleSchema)
    .mutation(({ ctx, input }) => updateSchedule(ctx, input)),

  delete: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/scan-schedules/{id}", tags, summary: "Delete a scan schedule" },
      ...write,
    })
    .input(scheduleIdInput)
    .output(deleteScheduleOutput)
    .mutation(({ ctx, input }) => deleteSchedule(ctx, input.id)),
});
