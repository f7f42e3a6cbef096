// Scan schedules over REST: the object, validation by frequency, plan rules,
// workspace isolation, plan downgrades; and the scheduler's tick in-process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeWorkspacePlan } from "@ems/core";
import { runInWorkspace, runSchedulerTick } from "@ems/core/testing";
import { call, expectError, newApiKey, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startApi({ queue: true }); // scans are queued; no worker runs them here
});
afterAll(async () => {
  await api.close();
});

const SCHEDULE_FIELDS = [
  "id",
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
  "disabledReason",
  "lastRunAt",
  "nextRunAt",
  "createdAt",
  "updatedAt",
  "asset",
].sort();

interface Schedule {
  id: number;
  assetId: number;
  name: string;
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  enabled: boolean;
  disabledReason: string | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  asset: Record<string, unknown>;
}

async function setup(plan: "essential" | "pro" = "pro") {
  const { key, workspace } = await workspaceWithKey(api.services, { plan });
  const req = (method: string, path: string, body?: unknown, credential = key) =>
    call(api.url, credential, method, path, body);
  const projectId = ((await (await req("POST", "/app/projects", { name: "P" })).json()) as { id: number }).id;
  async function asset(value: string, proven = true) {
    const res = await req("POST", "/app/assets", { projectId, type: "domain", value, portScanMode: "off" });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    if (proven) {
      await runInWorkspace(workspace.id, () =>
        api.services.scoped.asset.update({
          where: { id },
          data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
        }),
      );
    }
    return id;
  }
  const create = async (body: Record<string, unknown>) => {
    const res = await req("POST", "/app/scan-schedules", body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Schedule;
  };
  const count = () => runInWorkspace(workspace.id, () => api.services.scoped.scanSchedule.count());
  return { key, workspaceId: workspace.id, req, projectId, asset, create, count };
}

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
    for (const [k, v] of Object.entries(s.asset)) expect(listed[k], k).toEqual(v);
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

  it("keeps to the plan: Essential has one weekly or monthly schedule per asset, no daily, interval or windows", async () => {
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

describe("a plan downgrade", () => {
  it("disables, with the reason audited, the schedules the new plan does not allow", async () => {
    const t = await setup("pro");
    const a = await t.asset("downgrade-a.com");
    const b = await t.asset("downgrade-b.com");
    const daily = await t.create({ assetId: a, frequency: "daily", time: "01:00" });
    const kept = await t.create({ assetId: b, frequency: "weekly", dayOfWeek: 1, time: "01:00" });
    const extra = await t.create({ assetId: b, frequency: "monthly", dayOfMonth: 1, time: "01:00" });
    const windowed = await t.create({
      assetId: a,
      frequency: "weekly",
      dayOfWeek: 2,
      time: "01:00",
      windowStartHour: 6,
      windowEndHour: 9,
    });

    const r = await changeWorkspacePlan(api.services, t.workspaceId, "essential", { channel: "cli", name: "test" });
    expect(r.disabledSchedules).toBe(3);
    const get = async (id: number) => (await (await t.req("GET", `/app/scan-schedules/${id}`)).json()) as Schedule;
    expect(await get(kept.id)).toMatchObject({ enabled: true, disabledReason: null });
    for (const s of [daily, extra, windowed])
      expect(await get(s.id)).toMatchObject({ enabled: false, nextRunAt: null });
    // The reason is on the schedule too, for the dashboard.
    expect((await get(daily.id)).disabledReason).toBe(
      "Disabled by the change to plan Essential: daily schedules are not included in plan Essential " +
        "(it allows weekly, monthly)",
    );

    const audit = (await (await t.req("GET", `/app/audit-log?action=scan-schedule.disable&limit=50`)).json()) as {
      resourceId: string;
      changes: { reason: { after: string } };
    }[];
    expect(audit.map((e) => Number(e.resourceId)).sort()).toEqual([daily.id, extra.id, windowed.id].sort());
    expect(audit.find((e) => Number(e.resourceId) === daily.id)!.changes.reason.after).toMatch(
      /daily schedules are not included in plan Essential/,
    );
    // Enabling one again is refused while the plan forbids it.
    await expectError(
      await t.req("PUT", `/app/scan-schedules/${daily.id}`, { enabled: true }),
      403,
      "PLAN_LIMIT_REACHED",
      "frequency",
    );
    await expectError(
      await t.req("PUT", `/app/scan-schedules/${extra.id}`, { enabled: true }),
      403,
      "PLAN_LIMIT_REACHED",
      "enabled",
    );
    // Refused writes keep the reason; a person's enable (plan upgraded) clears it.
    expect((await get(extra.id)).disabledReason).toMatch(/allows 1 enabled schedule/);
    await changeWorkspacePlan(api.services, t.workspaceId, "pro", { channel: "cli", name: "test" });
    expect(await (await t.req("PUT", `/app/scan-schedules/${extra.id}`, { enabled: true })).json()).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });

  it("changes nothing when the plan name is wrong", async () => {
    const t = await setup("pro");
    const a = await t.asset("typo.com");
    await t.create({ assetId: a, frequency: "daily", time: "01:00" });
    await expect(
      changeWorkspacePlan(api.services, t.workspaceId, "basic", { channel: "cli", name: "test" }),
    ).rejects.toThrow(/plan/);
    expect(((await (await t.req("GET", "/app/scan-schedules")).json()) as Schedule[])[0]).toMatchObject({
      enabled: true,
    });
  });
});

describe("the scheduler's tick", () => {
  it("starts one scan per due slot, once; a missed stretch runs once; an active scan makes a recorded skip", async () => {
    const t = await setup();
    const assetId = await t.asset("ticked.com");
    const s = await t.create({ assetId, frequency: "daily", time: "05:00" });
    // Down for ten days: the slot is long past.
    const due = new Date(Date.now() - 10 * 86_400_000);
    await runInWorkspace(t.workspaceId, () =>
      api.services.scoped.scanSchedule.update({ where: { id: s.id }, data: { nextRunAt: due } }),
    );

    const now = new Date();
    expect(await runSchedulerTick(api.services, { now })).toMatchObject({ started: 1 });
    expect(await runSchedulerTick(api.services, { now })).toEqual({ started: 0, skipped: 0, failed: 0 });
    const scans = (await (await t.req("GET", `/app/scans?assetId=${assetId}`)).json()) as {
      id: number;
      trigger: string;
      status: string;
    }[];
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ trigger: "schedule", status: "queued" });
    const row = await api.services.db.prisma.scan.findUniqueOrThrow({ where: { id: scans[0]!.id } });
    expect(row.scheduleId).toBe(s.id);
    const after = (await (await t.req("GET", `/app/scan-schedules/${s.id}`)).json()) as Schedule;
    expect(after.lastRunAt).toBe(now.toISOString());
    expect(new Date(after.nextRunAt!).getTime()).toBeGreaterThan(now.getTime());
    expect(new Date(after.nextRunAt!).getTime() - now.getTime()).toBeLessThanOrEqual(86_400_000);
    // The scan's job was queued with it.
    const jobs = await api.services.db.pool.query(
      `select count(*)::int as n from pgboss.job where name = 'scan-run' and data->>'scanId' = $1`,
      [String(scans[0]!.id)],
    );
    expect(jobs.rows[0].n).toBe(1);

    // Next slot comes while that scan is still queued: skipped, recorded, and moved on.
    const slot = new Date(after.nextRunAt!);
    const later = new Date(slot.getTime() + 1000);
    // (Other tests' schedules fall due by then too: look at this one's effects only.)
    expect((await runSchedulerTick(api.services, { now: later })).skipped).toBeGreaterThanOrEqual(1);
    const skips = (await (await t.req("GET", `/app/scan-schedules/${s.id}/skips`)).json()) as {
      reason: string;
      slotAt: string;
      activeScanId: number;
    }[];
    expect(skips).toEqual([
      expect.objectContaining({
        reason: "scan-already-active",
        slotAt: slot.toISOString(),
        activeScanId: scans[0]!.id,
      }),
    ]);
    const skipped = (await (await t.req("GET", `/app/scan-schedules/${s.id}`)).json()) as Schedule;
    expect(new Date(skipped.nextRunAt!).getTime()).toBeGreaterThan(later.getTime());
    expect(skipped.lastRunAt).toBe(now.toISOString());
    expect((await (await t.req("GET", `/app/scans?assetId=${assetId}`)).json()) as unknown[]).toHaveLength(1);
  });

  it("a schedule that fails unexpectedly is undone alone and stays due; the rest of the batch runs", async () => {
    const t = await setup();
    const good = await t.create({ assetId: await t.asset("healthy.com"), frequency: "daily", time: "05:00" });
    const bad = await t.create({ assetId: await t.asset("poison.com"), frequency: "daily", time: "05:00" });
    // A window no day can open (only reachable past validation, e.g. by hand in SQL).
    await api.db.pool.query(`update "ScanSchedule" set "windowDays" = '{9}' where id = $1`, [bad.id]);
    await api.db.pool.query(`update "ScanSchedule" set "nextRunAt" = now() - interval '1 minute' where id = any($1)`, [
      [good.id, bad.id],
    ]);
    const now = new Date();
    expect(await runSchedulerTick(api.services, { now })).toMatchObject({ started: 1, failed: 1 });
    expect(await runSchedulerTick(api.services, { now })).toMatchObject({ started: 0, failed: 1 });
    const scans = await api.db.pool.query(`select "scheduleId" from "Scan" where "scheduleId" = any($1)`, [
      [good.id, bad.id],
    ]);
    expect(scans.rows).toEqual([{ scheduleId: good.id }]);
    const poison = await api.db.pool.query(`select "nextRunAt" from "ScanSchedule" where id = $1`, [bad.id]);
    expect(poison.rows[0].nextRunAt.getTime()).toBeLessThan(now.getTime());
  });

  it("skips, with the reason, a slot whose asset lost its proven ownership", async () => {
    const t = await setup();
    const assetId = await t.asset("lapsed.com");
    const s = await t.create({ assetId, frequency: "daily", time: "05:00" });
    await runInWorkspace(t.workspaceId, () =>
      api.services.scoped.asset.update({ where: { id: assetId }, data: { ownershipVerifiedAt: null } }),
    );
    await api.db.pool.query(`update "ScanSchedule" set "nextRunAt" = now() - interval '1 minute' where id = $1`, [
      s.id,
    ]);
    expect((await runSchedulerTick(api.services)).skipped).toBeGreaterThanOrEqual(1);
    const skips = (await (await t.req("GET", `/app/scan-schedules/${s.id}/skips`)).json()) as Record<string, unknown>[];
    expect(skips).toEqual([expect.objectContaining({ reason: "ownership-not-proven", activeScanId: null })]);
    expect((await (await t.req("GET", `/app/scans?assetId=${assetId}`)).json()) as unknown[]).toEqual([]);
  });
});
