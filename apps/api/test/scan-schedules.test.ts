// Scan schedules over REST: the object, validation by frequency, plan rules, workspace isolation.
import { describe, expect, it } from "vitest";
import { expectError, newApiKey } from "./harness.ts";
import { api, SCHEDULE_FIELDS, setup, setupScheduleApi, type Schedule } from "./scan-schedules-fixture.ts";

setupScheduleApi();

describe("creating schedules", () => {
  it("answers 201 with every field of the Scan schedule object and the asset as asset routes return it", async () => {
    const t = await setup();
    const assetId = await t.asset("weekly-site.com");
    const before = Date.now();
    const s = await t.create({ assetId, frequency: "weekly", dayOfWeek: 1, time: "02:30" });
    expect(Object.keys(s).sort()).toEqual(SCHEDULE_FIELDS);
    expect(s).toMatchObject({
      assetId,
      frequency: "weekly",
      dayOfWeek: 1,
      dayOfMonth: null,
      time: "02:30",
      intervalDays: null,
      windowDays: [],
      enabled: true,
      lastRunAt: null,
    });
    const next = new Date(s.nextRunAt!);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 2, 30]);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(7 * 86_400_000);
    const asset = (await (await t.req("GET", `/app/assets?limit=500`)).json()) as Record<string, unknown>[];
    const listed = asset.find((a) => a.id === assetId)!;
    for (const [k, v] of Object.entries(s.asset!)) expect(listed[k], k).toEqual(v);
    expect(await (await t.req("GET", `/app/scan-schedules/${s.id}`)).json()).toEqual(s);
  });

  it("answers 400 naming the field, and writes nothing, for a missing or wrong field", async () => {
    const t = await setup();
    const assetId = await t.asset("bad-input.com");
    const cases: [Record<string, unknown>, string][] = [
      [{ assetId, time: "02:00" }, "frequency"],
      [{ assetId, frequency: "hourly", time: "02:00" }, "frequency"],
      [{ assetId, frequency: "daily" }, "time"],
      [{ assetId, frequency: "daily", time: "24:00" }, "time"],
      [{ assetId, frequency: "daily", time: "2:00" }, "time"],
      [{ assetId, frequency: "weekly", time: "02:00" }, "dayOfWeek"],
      [{ assetId, frequency: "weekly", dayOfWeek: 7, time: "02:00" }, "dayOfWeek"],
      [{ assetId, frequency: "weekly", dayOfWeek: 1, dayOfMonth: 3, time: "02:00" }, "dayOfMonth"],
      [{ assetId, frequency: "monthly", time: "02:00" }, "dayOfMonth"],
      [{ assetId, frequency: "monthly", dayOfMonth: 32, time: "02:00" }, "dayOfMonth"],
      [{ assetId, frequency: "interval", time: "02:00" }, "intervalDays"],
      [{ assetId, frequency: "interval", intervalDays: 0, time: "02:00" }, "intervalDays"],
      [{ assetId, frequency: "interval", intervalDays: 366, time: "02:00" }, "intervalDays"],
      [{ assetId, frequency: "daily", intervalDays: 2, time: "02:00" }, "intervalDays"],
      [{ assetId, frequency: "daily", time: "02:00", windowStartHour: 9 }, "windowEndHour"],
      [{ assetId, frequency: "daily", time: "02:00", windowEndHour: 9 }, "windowStartHour"],
      [{ assetId, frequency: "daily", time: "02:00", windowStartHour: 22, windowEndHour: 6 }, "windowEndHour"],
      [{ assetId, frequency: "daily", time: "02:00", windowStartHour: 24, windowEndHour: 24 }, "windowStartHour"],
      [{ assetId, frequency: "daily", time: "02:00", windowDays: [1, 1] }, "windowDays"],
      [{ assetId, frequency: "daily", time: "02:00", windowDays: [7] }, "windowDays.0"],
      [{ frequency: "daily", time: "02:00" }, "assetId"],
    ];
    for (const [body, field] of cases)
      await expectError(await t.req("POST", "/app/scan-schedules", body), 400, "VALIDATION_ERROR", field);
    expect(await t.count()).toBe(0);
  });

  it("refuses an asset whose ownership is not proven (409) and another workspace's asset (404)", async () => {
    const t = await setup();
    const unproven = await t.asset("not-mine-yet.com", false);
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId: unproven, frequency: "daily", time: "01:00" }),
      409,
      "OWNERSHIP_NOT_PROVEN",
      "assetId",
    );
    const other = await setup();
    const theirs = await other.asset("theirs.com");
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId: theirs, frequency: "daily", time: "01:00" }),
      404,
      "NOT_FOUND",
      "assetId",
    );
    expect(await t.count()).toBe(0);
  });

  it("keeps to the plan: Essential has one weekly/monthly schedule per asset, no daily/interval/windows", async () => {
    const t = await setup("essential");
    const assetId = await t.asset("essential-site.com");
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId, frequency: "daily", time: "01:00" }),
      403,
      "PLAN_LIMIT_REACHED",
      "frequency",
    );
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId, frequency: "interval", intervalDays: 3, time: "01:00" }),
      403,
      "PLAN_LIMIT_REACHED",
      "frequency",
    );
    const windowed = {
      assetId,
      frequency: "weekly",
      dayOfWeek: 2,
      time: "01:00",
      windowStartHour: 8,
      windowEndHour: 18,
    };
    await expectError(
      await t.req("POST", "/app/scan-schedules", windowed),
      403,
      "PLAN_LIMIT_REACHED",
      "windowStartHour",
    );
    await t.create({ assetId, frequency: "monthly", dayOfMonth: 31, time: "01:00" });
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId, frequency: "weekly", dayOfWeek: 3, time: "01:00" }),
      403,
      "PLAN_LIMIT_REACHED",
      "assetId",
    );
    expect(await t.count()).toBe(1);
  });

  it("allows five schedules per asset on Pro, the sixth is refused", async () => {
    const t = await setup("pro");
    const assetId = await t.asset("five.com");
    for (let i = 0; i < 5; i++)
      await t.create({
        assetId,
        frequency: "daily",
        time: `0${i}:00`,
        windowStartHour: 1,
        windowEndHour: 23,
        windowDays: [1, 2],
      });
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId, frequency: "daily", time: "06:00" }),
      403,
      "PLAN_LIMIT_REACHED",
      "assetId",
    );
  });

  it("needs scans:write to write and scans:read to read", async () => {
    const t = await setup();
    const assetId = await t.asset("scoped.com");
    const readOnly = (await newApiKey(api.services, t.workspaceId, { scopes: ["scans:read"] })).key;
    const assetsOnly = (await newApiKey(api.services, t.workspaceId, { scopes: ["assets:read"] })).key;
    await expectError(
      await t.req("POST", "/app/scan-schedules", { assetId, frequency: "daily", time: "01:00" }, readOnly),
      403,
      "SCOPE_REQUIRED",
    );
    expect((await t.req("GET", "/app/scan-schedules", undefined, readOnly)).status).toBe(200);
    await expectError(await t.req("GET", "/app/scan-schedules", undefined, assetsOnly), 403, "SCOPE_REQUIRED");
  });
});

describe("listing, changing and deleting", () => {
  it("filters by asset, project and enabled with exact totals; other workspaces see 404", async () => {
    const t = await setup();
    const a = await t.asset("list-a.com");
    const b = await t.asset("list-b.com");
    const s1 = await t.create({ assetId: a, frequency: "daily", time: "01:00" });
    await t.create({ assetId: a, frequency: "weekly", dayOfWeek: 0, time: "01:00", enabled: false });
    await t.create({ assetId: b, frequency: "monthly", dayOfMonth: 15, time: "01:00" });
    const list = async (q: string) => {
      const res = await t.req("GET", `/app/scan-schedules${q}`);
      expect(res.status).toBe(200);
      return { total: Number(res.headers.get("x-total-count")), items: (await res.json()) as Schedule[] };
    };
    expect((await list("")).total).toBe(3);
    expect((await list(`?assetId=${a}`)).items.map((s) => s.assetId)).toEqual([a, a]);
    expect((await list(`?enabled=false`)).items.map((s) => s.frequency)).toEqual(["weekly"]);
    expect((await list(`?enabled=true&assetId=${a}`)).total).toBe(1);
    expect(await list(`?projectId=${t.projectId}&limit=1`)).toMatchObject({ total: 3, items: [{ id: s1.id }] });
    expect((await list(`?projectId=999999`)).total).toBe(0);

    const other = await setup();
    expect(await (await other.req("GET", "/app/scan-schedules")).json()).toEqual([]);
    for (const [method, body] of [["GET"], ["PUT", { time: "03:00" }], ["DELETE"]] as const) {
      await expectError(await other.req(method, `/app/scan-schedules/${s1.id}`, body), 404, "NOT_FOUND");
    }
    expect(await (await t.req("GET", `/app/scan-schedules/${s1.id}`)).json()).toMatchObject({ time: "01:00" });
  });

  it("updates what is sent, drops what a new frequency does not use, recomputes nextRunAt, and audits", async () => {
    const t = await setup();
    const assetId = await t.asset("update.com");
    const s = await t.create({ assetId, frequency: "weekly", dayOfWeek: 3, time: "04:00" });
    let res = await t.req("PUT", `/app/scan-schedules/${s.id}`, { frequency: "monthly", dayOfMonth: 30 });
    expect(res.status, await res.clone().text()).toBe(200);
    const monthly = (await res.json()) as Schedule;
    // The default name follows the recurrence; a name someone chose stays.
    expect(monthly).toMatchObject({ frequency: "monthly", dayOfWeek: null, dayOfMonth: 30 });
    expect(monthly.name).toBe("Monthly on day 30 at 04:00 UTC");
    await t.req("PUT", `/app/scan-schedules/${s.id}`, { name: "Month end" });
    res = await t.req("PUT", `/app/scan-schedules/${s.id}`, { time: "04:30" });
    expect(await res.json()).toMatchObject({ name: "Month end", time: "04:30" });
    const next = new Date(monthly.nextRunAt!);
    const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    expect(next.getUTCDate()).toBe(Math.min(30, last));

    await expectError(
      await t.req("PUT", `/app/scan-schedules/${s.id}`, { frequency: "interval" }),
      400,
      "VALIDATION_ERROR",
      "intervalDays",
    );
    await expectError(await t.req("PUT", `/app/scan-schedules/${s.id}`, {}), 400, "VALIDATION_ERROR", "body");

    res = await t.req("PUT", `/app/scan-schedules/${s.id}`, { enabled: false });
    expect(await res.json()).toMatchObject({ enabled: false, nextRunAt: null });
    res = await t.req("PUT", `/app/scan-schedules/${s.id}`, { enabled: true });
    expect(new Date(((await res.json()) as Schedule).nextRunAt!).getTime()).toBeGreaterThan(Date.now());

    const audit = (await (await t.req("GET", `/app/audit-log?resourceType=scan-schedule&limit=50`)).json()) as {
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(audit.map((e) => e.action).sort()).toEqual([
      "scan-schedule.create",
      ...Array<string>(5).fill("scan-schedule.update"),
    ]);

    res = await t.req("DELETE", `/app/scan-schedules/${s.id}`);
    expect(res.status).toBe(200);
    await expectError(await t.req("GET", `/app/scan-schedules/${s.id}`), 404, "NOT_FOUND");
  });
});
