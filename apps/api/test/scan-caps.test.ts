// No silent caps (issue 32), end to end through a real worker: a host on 127.0.0.35 whose services stage has more open
// ports than it asks at once, so that each port gets its share of the stage's time. The first scan looks at every
// port (complete). Before the second, the Redis port turns into one that holds every connection open and says
// nothing: its share ends its checks, so the scan is partial, its cap names the port, and the Redis issue stays open
// (not looked at), while the rsync port, looked at and now asking for a password, has its issue resolved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, DEFAULT_CHECKS, defaultScanEngineConfig, type ScanEngineConfig } from "@ems/scanners";
import { startTcpFixture } from "@ems/scanners/checks-harness";
import { startPortHost, type PortHost } from "@ems/scanners/testing";
import { call, until } from "./harness.ts";
import { startLoopbackStage, type LoopbackStage } from "./loopback-stage.ts";

const ADDRESS = "127.0.0.35";
const REDIS_PORT = 1025;
const RSYNC_PORT = 873;
const SSH_PORT = 1027;
const REDIS = "service.unauthenticated.redis";
const RSYNC = "service.unauthenticated.rsync";

// Two ports at a time over three open ports: two rounds, so each port's share is half of the stage's 4 s.
const engine: ScanEngineConfig = {
  ...defaultScanEngineConfig,
  stageTimeoutMs: 4000,
  stageCeilingMs: 4000,
  portConcurrency: 200,
  portTimeoutMs: 1000,
  bannerTimeoutMs: 500,
  checks: { ...DEFAULT_CHECKS, rps: 1000, concurrency: 2, conversationTimeoutMs: 10_000 },
};

const fixture = (kind: string, which: "vulnerable" | "clean") => {
  const v = catalogue().tcp.find((c) => c.kind === kind)!.fixtures[which];
  return Array.isArray(v) ? v[0]! : v;
};

interface Cap {
  stage: string;
  cap: string;
  limit: number;
  unit: string;
  leftOut: { what: string; count?: number; of?: number; ports?: number[]; urls?: string[] };
  reason: string;
}
interface Scan {
  id: number;
  status: string;
  completeness: "complete" | "partial";
  caps: Cap[];
}
interface Issue {
  id: number;
  kind: string;
  status: string;
  port: number | null;
  verified: boolean | null;
}

let stage: LoopbackStage;
let host: PortHost;
let assetId: number;
/** The rsync port's clean twin, put in its place before the second scan. */
let rsyncCleanPort: number;
const closers: Array<() => Promise<void>> = [];

const req = async (method: string, path: string, body?: unknown) => call(stage.api.url, stage.key, method, path, body);

async function scanOnce(): Promise<Scan> {
  const res = await req("POST", "/app/scans", { assetId });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as Scan;
  const status = () => stage.api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } });
  await until(async () => !["queued", "running"].includes((await status()).status), `scan ${id}`);
  return (await (await req("GET", `/app/scans/${id}`)).json()) as Scan;
}

const issueOf = async (kind: string) => {
  const list = (await (await req("GET", `/app/issues?assetId=${assetId}&limit=500`)).json()) as Issue[];
  return list.find((i) => i.kind === kind);
};

beforeAll(async () => {
  const [redis, rsync, rsyncClean] = await Promise.all([
    // Redis as it answers what it does not know (the banner's HEAD): an error that names it, so only its check asks.
    startTcpFixture({ ...fixture(REDIS, "vulnerable"), otherwise: "-ERR unknown command\r\n" }),
    startTcpFixture(fixture(RSYNC, "vulnerable")),
    startTcpFixture(fixture(RSYNC, "clean")),
  ]);
  closers.push(redis.close, rsync.close, rsyncClean.close);
  host = await startPortHost(
    ADDRESS,
    new Map([
      [REDIS_PORT, { forwardTo: redis.port }],
      [RSYNC_PORT, { forwardTo: rsync.port }],
      [SSH_PORT, { greeting: "SSH-2.0-OpenSSH_9.6\r\n" }],
    ]),
  );
  closers.push(host.close);
  rsyncCleanPort = rsyncClean.port;
  stage = await startLoopbackStage({ hostnames: ["localhost"], projectName: "Caps", scanEngine: engine });
  const res = await req("POST", "/app/assets", {
    projectId: stage.projectId,
    type: "ipv4",
    value: ADDRESS,
    portScanMode: "top1000",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  assetId = ((await res.json()) as { id: number }).id;
  await stage.api.services.db.prisma.asset.update({
    where: { id: assetId },
    data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
  });
}, 60_000);

afterAll(async () => {
  await stage?.close();
  for (const close of closers.reverse()) await close();
});

describe("a scan whose caps bite", () => {
  it("looks at every port when the shares suffice: complete, nothing recorded", async () => {
    const scan = await scanOnce();
    expect(scan).toMatchObject({ status: "completed", completeness: "complete", caps: [] });
    expect(await issueOf(REDIS)).toMatchObject({ status: "open", port: REDIS_PORT });
    expect(await issueOf(RSYNC)).toMatchObject({ status: "open", port: RSYNC_PORT });
  }, 60_000);

  it("is partial, returns its caps, and leaves the issues of what it did not look at open", async () => {
    host.set(REDIS_PORT, { silent: true });
    host.set(RSYNC_PORT, { forwardTo: rsyncCleanPort });
    const scan = await scanOnce();
    expect(scan).toMatchObject({ status: "completed", completeness: "partial" });
    expect(scan.caps).toEqual([
      {
        stage: "services",
        cap: "port-time-limit",
        limit: 2000,
        unit: "ms",
        leftOut: { what: "open ports", count: 1, ports: [REDIS_PORT] },
        reason: `the services stage's checks on open ports ${REDIS_PORT} did not finish within 2.0 s each`,
      },
    ]);
    // The list says it too.
    const list = (await (await req("GET", `/app/scans?assetId=${assetId}`)).json()) as Scan[];
    expect(list.find((s) => s.id === scan.id)).toMatchObject({ completeness: "partial", caps: scan.caps });
    // Redis was not looked at: its issue is untouched. rsync was, and now asks for a password: resolved, verified.
    expect(await issueOf(REDIS)).toMatchObject({ status: "open", port: REDIS_PORT });
    expect(await issueOf(RSYNC)).toMatchObject({ status: "resolved", verified: true });
  }, 60_000);
});
