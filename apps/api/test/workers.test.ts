// Several worker processes share the scan queue: each scan runs once, and a
// scan whose worker dies is run once more by another worker's watchdog, then
// failed if that attempt dies too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SCAN_ATTEMPTS, recoverAbandonedScans } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
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
  stack = await startWorkerStack({
    EMS_HTTP_TIMEOUT_MS: "20000",
    EMS_WATCHDOG_INTERVAL_MS: "1000",
    EMS_SCAN_HEARTBEAT_TIMEOUT_MS: "12000",
  });
  ({ api, dns, web, env } = stack);
});
afterAll(() => stack.close());

async function provenAsset(key: string, value: string) {
  dns.set(value, { A: ["127.0.0.1"] });
  const project = (
    (await (await call(api.url, key, "POST", "/app/projects", { name: value })).json()) as { id: number }
  ).id;
  const asset = (await (
    await call(api.url, key, "POST", "/app/assets", { projectId: project, type: "domain", value, portScanMode: "off" })
  ).json()) as { id: number };
  await runInWorkspace(
    (await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id: asset.id } })).workspaceId,
    () =>
      api.services.scoped.asset.update({
        where: { id: asset.id },
        data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
      }),
  );
  return asset.id;
}

const scanStatus = async (key: string, id: number) =>
  (await (await call(api.url, key, "GET", `/app/scans/${id}`)).json()) as {
    status: string;
    error: string | null;
    findingsCount: number;
  };

/** Scan statuses read from the database (waiting through the API would spend the key's read budget). */
const statusOf = async (...ids: number[]) =>
  (await api.services.db.prisma.scan.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map(
    (s) => s.status,
  );

describe("scan workers", () => {
  // Four full scans (every stage) across two worker processes: minutes on a busy 2-core machine.
  it("share the queue: every scan runs exactly once", { timeout: 180_000 }, async () => {
    const { key } = await workspaceWithKey(api.services, { plan: "pro" });
    const a = startCliProcess(["worker"], env);
    const b = startCliProcess(["worker"], env);
    try {
      const ids: number[] = [];
      for (const name of ["one-site.com", "two-site.com", "three-site.com", "four-site.com"]) {
        web.route(`${name}/`, { status: 200, headers: { server: "nginx/1.1" }, body: "<html></html>" });
        const assetId = await provenAsset(key, name);
        ids.push(((await (await call(api.url, key, "POST", "/app/scans", { assetId })).json()) as { id: number }).id);
      }
      await until(async () => (await statusOf(...ids)).every((s) => s === "completed"), "the four scans", 120_000);
      for (const id of ids) {
        const findings = (await (await call(api.url, key, "GET", `/app/scans/${id}/findings?limit=500`)).json()) as {
          kind: string;
        }[];
        expect(new Set(findings.map((f) => f.kind)).size).toBe(findings.length);
        expect((await scanStatus(key, id)).findingsCount).toBe(findings.length);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it(
    "a scan whose worker is killed mid-scan is run again by the surviving worker, by itself",
    { timeout: 180_000 },
    async () => {
      const { key } = await workspaceWithKey(api.services, { plan: "pro" });
      let slow = true; // until the first worker is dead: long enough to kill it mid-scan
      web.route("slow-site.com/", async (_req, res) => {
        if (slow) await new Promise((r) => setTimeout(r, 15_000));
        res.writeHead(200, { server: "nginx/1.1" }).end("<html></html>");
      });
      const asset = await provenAsset(key, "slow-site.com");
      const doomed = startCliProcess(["worker"], env);
      const scan = (
        (await (await call(api.url, key, "POST", "/app/scans", { assetId: asset })).json()) as { id: number }
      ).id;
      await until(async () => (await statusOf(scan))[0] === "running", `scan ${scan} to start`);
      const survivor = startCliProcess(["worker"], env);
      try {
        doomed.kill("SIGKILL");
        slow = false;
        // Nothing here calls the watchdog: the survivor's notices the silence, queues the scan again and runs it.
        await until(async () => (await statusOf(scan))[0] === "completed", `scan ${scan} to be retried`, 90_000);
        const done = (await (await call(api.url, key, "GET", `/app/scans/${scan}`)).json()) as Record<string, unknown>;
        expect(done).toMatchObject({ status: "completed", attempts: 2, maxAttempts: 2, error: null });
        expect(done.retryReason).toMatch(/worker running this scan stopped responding/);
        expect(done.findingsCount).toBeGreaterThan(0);
      } finally {
        await survivor.stop();
      }
    },
  );

  it("a scan whose worker died on its last attempt fails with the reason", async () => {
    const { key } = await workspaceWithKey(api.services, { plan: "pro" });
    web.route("twice-site.com/", { status: 200, body: "<html></html>" });
    const asset = await provenAsset(key, "twice-site.com");
    const scan = ((await (await call(api.url, key, "POST", "/app/scans", { assetId: asset })).json()) as { id: number })
      .id;
    // As a second attempt whose worker went silent a minute ago (no worker runs in this test).
    const minuteAgo = new Date(Date.now() - 60_000);
    await api.services.db.prisma.scan.update({
      where: { id: scan },
      data: { status: "running", attempts: MAX_SCAN_ATTEMPTS, startedAt: minuteAgo, heartbeatAt: minuteAgo },
    });
    expect(await recoverAbandonedScans(api.services)).toBe(1);
    expect(await recoverAbandonedScans(api.services)).toBe(0); // handled once
    const failed = (await (await call(api.url, key, "GET", `/app/scans/${scan}`)).json()) as Record<string, unknown>;
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed.error).toMatch(/stopped responding .*already retried once/);
  });
});
