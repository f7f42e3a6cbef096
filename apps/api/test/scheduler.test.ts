// The scheduler across real `ems worker` processes: each due slot starts
// exactly one scan, a process killed in the middle of a tick loses and
// doubles nothing, a long-missed slot runs once, an active scan is a skip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { startDnsServer, type TestDnsServer } from "@ems/scanners/testing";
import { call, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";
import { startCliProcess } from "./processes.ts";

let api: TestApi;
let dns: TestDnsServer;
let env: Record<string, string>;

beforeAll(async () => {
  dns = await startDnsServer(); // answers nothing it was not told: scans of these assets fail fast
  api = await startApi({ queue: true }); // the schedulers run in the worker processes only
  env = {
    DATABASE_URL: api.db.url,
    EMS_DNS_SERVERS: dns.address,
    EMS_ALLOWED_RANGES: "127.0.0.0/8",
    EMS_SCHEDULER_INTERVAL_MS: "300",
  };
});
afterAll(async () => {
  await api.close();
  await dns.close();
});

// Worker processes are separate Node processes: seconds to start on a quiet machine, tens of seconds on a busy runner.
const PROCESS_TEST_MS = 180_000;

/** What the worker processes printed, for a wait that timed out. */
const printed = (what: string, workers: { output: () => string }[]) => () =>
  `${what}; the workers printed:\n${workers.map((w) => w.output()).join("\n---\n")}`;

/** Proven assets, each with a daily schedule whose slot is `dueAgoMs` in the past. */
async function dueSchedules(n: number, prefix: string, dueAgoMs = 60_000) {
  const { key, workspace } = await workspaceWithKey(api.services, { plan: "pro" });
  const projectId = (
    (await (await call(api.url, key, "POST", "/app/projects", { name: prefix })).json()) as { id: number }
  ).id;
  const out: { assetId: number; scheduleId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(api.url, key, "POST", "/app/assets", {
      projectId,
      type: "domain",
      value: `${prefix}-${i}.com`,
      portScanMode: "off",
    });
    const assetId = ((await res.json()) as { id: number }).id;
    await runInWorkspace(workspace.id, () =>
      api.services.scoped.asset.update({
        where: { id: assetId },
        data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
      }),
    );
    // Disabled while being set up, so no worker claims it half-made.
    const s = await call(api.url, key, "POST", "/app/scan-schedules", {
      assetId,
      frequency: "daily",
      time: "00:00",
      enabled: false,
    });
    out.push({ assetId, scheduleId: ((await s.json()) as { id: number }).id });
  }
  const ids = out.map((o) => o.scheduleId);
  await api.db.pool.query(
    `update "ScanSchedule" set enabled = true, "nextRunAt" = now() - $2 * interval '1 millisecond' where id = any($1)`,
    [ids, dueAgoMs],
  );
  return { workspaceId: workspace.id, key, schedules: out, ids };
}

const scansOf = async (ids: number[]) =>
  (
    await api.db.pool.query<{ scheduleId: number; n: number; trigger: string }>(
      `select "scheduleId", count(*)::int as n, min(trigger) as trigger from "Scan" where "scheduleId" = any($1) ` +
        `group by 1`,
      [ids],
    )
  ).rows;
const ran = async (ids: number[]) =>
  (
    await api.db.pool.query<{ n: number }>(
      `select count(*)::int as n from "ScanSchedule" where id = any($1) and "nextRunAt" > now()`,
      [ids],
    )
  ).rows[0]!.n;

describe("the scheduler in several processes", () => {
  it(
    "starts one scan per due slot, a slot missed for ten days once, and records a skip for a busy asset",
    async () => {
      const fresh = await dueSchedules(12, "due-now");
      const stale = await dueSchedules(3, "missed", 10 * 86_400_000);
      const busy = await dueSchedules(1, "busy");
      const busyAsset = busy.schedules[0]!.assetId;
      // An active scan of the busy asset (queued with no job: it stays queued).
      const active = await runInWorkspace(busy.workspaceId, () =>
        api.services.scoped.scan.create({ data: { workspaceId: busy.workspaceId, assetId: busyAsset } }),
      );

      const all = [...fresh.ids, ...stale.ids, ...busy.ids];
      const a = startCliProcess(["worker"], env);
      const b = startCliProcess(["worker"], env);
      try {
        await until(async () => (await ran(all)) === all.length, printed("every slot to run", [a, b]), 150_000);
        await new Promise((r) => setTimeout(r, 1500)); // several more ticks of both processes
        const scans = await scansOf(all);
        expect(scans.map((s) => s.scheduleId).sort((x, y) => x - y)).toEqual(
          [...fresh.ids, ...stale.ids].sort((x, y) => x - y),
        );
        expect(scans.every((s) => s.n === 1 && s.trigger === "schedule")).toBe(true);
        const skips = (await (
          await call(api.url, busy.key, "GET", `/app/scan-schedules/${busy.ids[0]}/skips`)
        ).json()) as { reason: string; activeScanId: number }[];
        expect(skips).toEqual([expect.objectContaining({ reason: "scan-already-active", activeScanId: active.id })]);
        // SIGTERM stops a worker between ticks and jobs, cleanly.
        expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    "a process killed in the middle of a tick loses no slot and doubles none",
    async () => {
      const { ids, schedules } = await dueSchedules(3, "killed");
      // Hold one asset's row lock, so the first worker's tick claims the rows and then waits inside its transaction.
      const blocker = await api.db.pool.connect();
      await blocker.query("begin");
      await blocker.query(`select 1 from "Asset" where id = $1 for update`, [schedules[2]!.assetId]);
      const doomed = startCliProcess(["worker"], { ...env, EMS_SCHEDULER_INTERVAL_MS: "200" });
      let survivor: ReturnType<typeof startCliProcess> | undefined;
      try {
        await until(
          async () => {
            const r = await api.db.pool.query(
              `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%from ` +
                `"Asset"%for update%'`,
            );
            return r.rows[0].n > 0;
          },
          printed("the doomed worker to wait on the lock", [doomed]),
          150_000,
        );
        doomed.kill("SIGKILL");
        // The dead process's transaction can go on only to find its client gone: rolled back.
        await blocker.query("commit");
        expect(await scansOf(ids)).toEqual([]);
        survivor = startCliProcess(["worker"], env);
        await until(
          async () => (await ran(ids)) === ids.length,
          printed("the survivor to run the slots", [survivor]),
          150_000,
        );
        await new Promise((r) => setTimeout(r, 1000));
        const scans = await scansOf(ids);
        expect(scans).toHaveLength(3);
        expect(scans.every((s) => s.n === 1)).toBe(true);
      } finally {
        blocker.release();
        await survivor?.stop();
        await doomed.stop();
      }
    },
    PROCESS_TEST_MS,
  );
});
