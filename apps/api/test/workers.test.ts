// Several worker processes share the scan queue: each scan runs once, and a
// scan whose worker dies is failed by the watchdog instead of hanging.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEARTBEAT_TIMEOUT_MS, failAbandonedScans } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { startDnsServer, startTestWebServers, type TestDnsServer, type TestWebServers } from "@ems/scanners/testing";
import { call, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";
import { startCliProcess } from "./processes.ts";

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let env: Record<string, string>;

beforeAll(async () => {
  dns = await startDnsServer();
  web = await startTestWebServers();
  api = await startApi({ queue: true }); // enqueues; the workers are separate processes
  env = {
    DATABASE_URL: api.db.url,
    EMS_DNS_SERVERS: dns.address,
    EMS_ALLOWED_RANGES: "127.0.0.0/8",
    EMS_HTTP_PORT: String(web.ports.httpPort),
    EMS_HTTPS_PORT: String(web.ports.httpsPort),
    EMS_HTTP_TIMEOUT_MS: "20000",
  };
});
afterAll(async () => {
  await api.close();
  await web.close();
  await dns.close();
});

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
  it("share the queue: every scan runs exactly once", async () => {
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
      await until(async () => (await statusOf(...ids)).every((s) => s === "completed"), "the four scans");
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

  it("a scan whose worker is killed mid-scan ends as failed with the reason; the other worker goes on", async () => {
    const { key } = await workspaceWithKey(api.services, { plan: "pro" });
    web.route("slow-site.com/", async (_req, res) => {
      await new Promise((r) => setTimeout(r, 15_000));
      res.writeHead(200).end("<html></html>");
    });
    const slow = await provenAsset(key, "slow-site.com");
    const doomed = startCliProcess(["worker"], env);
    const scan = ((await (await call(api.url, key, "POST", "/app/scans", { assetId: slow })).json()) as { id: number })
      .id;
    await until(async () => (await statusOf(scan))[0] === "running", `scan ${scan} to start`);
    const survivor = startCliProcess(["worker"], env);
    try {
      doomed.kill("SIGKILL");
      // What the survivor's watchdog does once the heartbeat is old enough (run now, with the clock moved on).
      await until(
        async () =>
          (await failAbandonedScans(api.services, Date.now() + HEARTBEAT_TIMEOUT_MS + 1000)) >= 0 &&
          (await statusOf(scan))[0] === "failed",
        `scan ${scan} to fail`,
        20_000,
      );
      const failed = await scanStatus(key, scan);
      expect(failed.error).toMatch(/worker running this scan stopped responding/);

      web.route("quick-site.com/", { status: 200, body: "<html></html>" });
      const quick = await provenAsset(key, "quick-site.com");
      const next = (
        (await (await call(api.url, key, "POST", "/app/scans", { assetId: quick })).json()) as { id: number }
      ).id;
      await until(async () => (await statusOf(next))[0] === "completed", `scan ${next}`);
      // The dead worker's scan was not run again by the survivor.
      expect((await scanStatus(key, scan)).status).toBe("failed");
    } finally {
      await survivor.stop();
    }
  });
});
