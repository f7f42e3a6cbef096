// Scan schedules after they are made: a plan downgrade disables what the new plan does not allow, and the
// scheduler's tick (in-process) starts each due slot once, records skips and isolates failures.
import { describe, expect, it } from "vitest";
import { changeWorkspacePlan } from "@ems/core";
import { runInWorkspace, runSchedulerTick } from "@ems/core/testing";
import { expectError } from "./harness.ts";
import { api, setup, setupScheduleApi, type Schedule } from "./scan-schedules-fixture.ts";

setupScheduleApi();

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
  it("starts one scan per due slot, once; a missed stretch runs once; an active scan records a skip", async () => {
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
