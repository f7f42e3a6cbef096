// Fair queues on real worker processes (docs/api.md, Fair queues): one workspace's backlog of 2,000 queued scans does
// not hold another workspace's scan back, and no workspace runs more scans at once than its plan allows, however
// many worker slots are free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace, scanJob } from "@ems/core/testing";
import type { TestDnsServer, TestWebServers } from "@ems/scanners/testing";
import { call, until, workspaceWithKey, type TestApi } from "./harness.ts";
import { startCliProcess } from "./processes.ts";
import { startWorkerStack, type WorkerStack } from "./worker-stack.ts";

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let env: Record<string, string>;
let stack: WorkerStack;

beforeAll(async () => {
  stack = await startWorkerStack();
  ({ api, dns, web, env } = stack);
});
afterAll(() => stack.close());

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);

/** `n` proven assets of the workspace with port scanning off, and a queued scan of each; their ids. */
async function queuedScans(workspaceId: number, values: string[]) {
  const { rows: project } = await sql(
    `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'fleet', now()) returning id`,
    [workspaceId],
  );
  const { rows } = await sql(
    `with a as (
       insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt",
         "ownershipMethod", status, "portScanMode", "updatedAt")
       select $1, $2, (case when v ~ '^[0-9.]+$' then 'ipv4' else 'domain' end)::"AssetType", v, 't', now(), 'dns-txt',
         'reachable', 'off', now()
       from unnest($3::text[]) v returning id)
     insert into "Scan" ("workspaceId", "assetId", status, trigger, "updatedAt")
     select $1, id, 'queued', 'manual', now() from a returning id`,
    [workspaceId, project[0].id, values],
  );
  const ids = rows.map((r) => r.id as number);
  await api.services.jobs!.enqueueMany(
    scanJob,
    ids.map((scanId) => ({ scanId, workspaceId })),
  );
  return ids;
}

const statusCounts = async (workspaceId: number) => {
  const { rows } = await sql(
    `select status::text, count(*)::int as n from "Scan" where "workspaceId" = $1 group by 1`,
    [workspaceId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
};

describe("fair queues", () => {
  // First, while the queue is empty: the backlog of the next test would take the slots.
  it(
    "run no more of a workspace's scans at once than its plan allows, across workers",
    { timeout: 180_000 },
    async () => {
      const small = await workspaceWithKey(api.services, { plan: "essential" }); // 2 at once
      // Loopback addresses nothing listens on: short scans, six of them for eight slots.
      const ids = await queuedScans(
        small.workspace.id,
        Array.from({ length: 6 }, (_, i) => `127.1.0.${i + 1}`),
      );
      // Two workers of four scan slots each.
      const workers = [0, 1].map(() => startCliProcess(["worker"], { ...env, EMS_SCAN_SLOTS: "4" }));
      let most = 0;
      let last: Record<string, number> = {};
      try {
        await until(
          async () => {
            const counts = (last = await statusCounts(small.workspace.id));
            most = Math.max(most, counts.running ?? 0);
            return (counts.completed ?? 0) + (counts.failed ?? 0) === ids.length;
          },
          () => `the six scans (${JSON.stringify(last)}); ${workers.map((w) => w.output().slice(-1500)).join("\n")}`,
          150_000,
        );
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
      await runInWorkspace(small.workspace.id, async () => {
        const scans = await api.services.scoped.scan.findMany({ where: { id: { in: ids } } });
        expect(scans.map((s) => [s.status, s.attempts])).toEqual(ids.map(() => ["completed", 1]));
      });
    },
  );

  it("start another workspace's scan within seconds behind a backlog of 2,000", { timeout: 240_000 }, async () => {
    const busy = await workspaceWithKey(api.services, { plan: "premium" });
    // Loopback addresses nothing listens on: each scan is short, the backlog is long.
    const addresses = Array.from({ length: 2000 }, (_, i) => `127.0.${10 + Math.floor(i / 250)}.${1 + (i % 250)}`);
    await queuedScans(busy.workspace.id, addresses);
    const worker = startCliProcess(["worker"], env);
    try {
      await until(async () => ((await statusCounts(busy.workspace.id)).running ?? 0) > 0, "the backlog to start");

      const quiet = await workspaceWithKey(api.services, { plan: "essential" });
      dns.set("quiet-fair.com", { A: ["127.0.0.1"] });
      web.route("quiet-fair.com/", { status: 200, body: "<html>quiet</html>" });
      const [assetId] = await (async () => {
        const { rows } = await sql(
          `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'q', now()) returning id`,
          [quiet.workspace.id],
        );
        const { rows: a } = await sql(
          `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt",
             "ownershipMethod", status, "portScanMode", "updatedAt")
           values ($1, $2, 'domain', 'quiet-fair.com', 't', now(), 'dns-txt', 'reachable', 'off', now()) returning id`,
          [quiet.workspace.id, rows[0].id],
        );
        return [a[0].id as number];
      })();
      const queuedAt = Date.now();
      const res = await call(api.url, quiet.key, "POST", "/app/scans", { assetId });
      expect(res.status, await res.clone().text()).toBe(201);
      const scan = (await res.json()) as { id: number };
      await until(
        async () => (await sql(`select status from "Scan" where id = $1`, [scan.id])).rows[0].status !== "queued",
        "the quiet workspace's scan to start",
        60_000,
      );
      const waited = Date.now() - queuedAt;
      const backlog = await statusCounts(busy.workspace.id);
      // First in, first out it would have waited for the whole backlog; fair, it waits for a free slot.
      expect(backlog.queued).toBeGreaterThan(1800);
      expect(waited).toBeLessThan(30_000);
      console.log(`fair queues: the quiet workspace's scan started after ${waited} ms, ${backlog.queued} queued ahead`);
    } finally {
      await worker.stop();
    }
  });
});
