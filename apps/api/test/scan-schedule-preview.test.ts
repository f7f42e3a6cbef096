// The dashboard's preview of a schedule's next runs (scanSchedules.preview):
// the scheduler's recurrence code, checked like a create, for sessions only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, requestContext, sessionContext } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { expectAppError, newApiKey, newUser, newWorkspace, startApi, type TestApi } from "./harness.ts";

const DAY = 86_400_000;
let api: TestApi;
let workspaceId: number;
let member: ReturnType<typeof createCaller>;
let assetId: number;

beforeAll(async () => {
  api = await startApi();
  workspaceId = (await newWorkspace(api.services, { plan: "pro" })).id;
  const user = await newUser(api.services, workspaceId, "member");
  member = createCaller(sessionContext(api.services, { userId: user.user.id, workspaceId }));
  const project = await member.projects.create({ name: "Previewed" });
  assetId = (await member.assets.create({ projectId: project.id, type: "domain", value: "preview.com" })).id;
  await runInWorkspace(workspaceId, () =>
    api.services.scoped.asset.update({
      where: { id: assetId },
      data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
    }),
  );
});
afterAll(() => api.close());

describe("scanSchedules.preview", () => {
  it("gives five weekly runs a week apart, the first being the nextRunAt a create stores", async () => {
    const weekly = { frequency: "weekly", dayOfWeek: 1, time: "09:00" } as const;
    const { runs } = await member.scanSchedules.preview(weekly);
    expect(runs).toHaveLength(5);
    expect(runs[0]!.getTime()).toBeGreaterThan(Date.now());
    runs.forEach((r, i) => {
      expect([r.getUTCDay(), r.getUTCHours(), r.getUTCMinutes()]).toEqual([1, 9, 0]);
      expect(r.getTime() - runs[0]!.getTime()).toBe(i * 7 * DAY);
    });
    const created = await member.scanSchedules.create({ assetId, ...weekly });
    expect(created.nextRunAt).toEqual(runs[0]);
    await member.scanSchedules.delete({ id: created.id });
  });

  it("puts monthly runs on day 31 or the month's last day, and windowed runs inside their window", async () => {
    const monthly = await member.scanSchedules.preview({ frequency: "monthly", dayOfMonth: 31, time: "23:30" });
    for (const r of monthly.runs) {
      const lastDay = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
      expect(r.getUTCDate()).toBe(lastDay);
    }
    const windowed = await member.scanSchedules.preview({
      frequency: "daily",
      time: "03:15",
      windowStartHour: 8,
      windowEndHour: 18,
      windowDays: [2, 4],
    });
    for (const r of windowed.runs) {
      expect([2, 4]).toContain(r.getUTCDay());
      expect(r.toISOString()).toMatch(/T08:00:00\.000Z$/);
    }
  });

  it("counts an edited interval schedule's days from its creation, as the scheduler does", async () => {
    const s = await member.scanSchedules.create({ assetId, frequency: "interval", intervalDays: 3, time: "04:00" });
    const { runs } = await member.scanSchedules.preview({
      id: s.id,
      frequency: "interval",
      intervalDays: 3,
      time: "04:00",
    });
    expect(runs[0]).toEqual(s.nextRunAt);
    expect(runs[4]!.getTime() - runs[0]!.getTime()).toBe(12 * DAY);
    await expectAppError(
      member.scanSchedules.preview({ id: 999_999, frequency: "daily", time: "04:00" }),
      404,
      "NOT_FOUND",
    );
    await member.scanSchedules.delete({ id: s.id });
  });

  it("names the wrong field as a create does, and is for the dashboard only", async () => {
    const field = async (input: Parameters<typeof member.scanSchedules.preview>[0]) =>
      (await expectAppError(member.scanSchedules.preview(input), 400, "VALIDATION_ERROR")).toBody().field;
    expect(await field({ frequency: "weekly", time: "09:00" })).toBe("dayOfWeek");
    expect(await field({ frequency: "daily", dayOfMonth: 3, time: "09:00" })).toBe("dayOfMonth");
    expect(await field({ frequency: "daily", time: "09:00", windowStartHour: 9, windowEndHour: 9 })).toBe(
      "windowEndHour",
    );
    expect(await field({ frequency: "daily", time: "9:00" })).toBe("time");

    const key = await newApiKey(api.services, workspaceId);
    const withKey = createCaller(requestContext(api.services, { kind: "bearer", authorization: `Bearer ${key.key}` }));
    await expectAppError(withKey.scanSchedules.preview({ frequency: "daily", time: "09:00" }), 403, "SESSION_REQUIRED");
  });
});
