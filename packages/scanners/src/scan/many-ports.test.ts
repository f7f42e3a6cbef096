// Issue 32: a host with 100 open ports gets every one of them looked at. Planted
// unauthenticated services (the catalogue's own stand-ins: Redis, memcached,
// MongoDB, anonymous FTP, rsync, MySQL, Elasticsearch and CouchDB over HTTP, an
// exposed .env) spread across the port range, the last ports in port order
// among them, between ordinary services, silent ports and slow ones that hold
// the connection. The same services on a 10-port host are the reference. With
// a deliberately tiny time limit the scan is partial and says which ports it
// left; a later scan given what was left starts with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../checks/catalogue.ts";
import { DEFAULT_CHECKS } from "../checks/engine/settings.ts";
import { startHttpFixtures, type HttpFixtures } from "../checks/fixtures/http.ts";
import type { FixtureServer } from "../checks/fixtures/listen.ts";
import { startTcpFixture } from "../checks/fixtures/tcp.ts";
import type { HttpFixture, TcpFixture } from "../checks/format/index.ts";
import { bindable, startPortHost, type PortBehaviour, type PortHost } from "../testing/port-host.ts";
import { startHttpServer, testNetConfig, type TestServer } from "../testing/index.ts";
import { pickUpFrom } from "./caps.ts";
import { defaultScanEngineConfig, type ScanEngineConfig } from "./config.ts";
import { TOP_1000_TCP_PORTS } from "./ports.ts";
import { runScan, type ScanResult } from "./run.ts";
import { HTTPS_PORTS, HTTP_PORTS, TLS_PORTS } from "./services.ts";
import type { ScanProfile } from "./types.ts";

const BIG = "127.0.0.32";
const SMALL = "127.0.0.33";
const PICKUP = "127.0.0.34";

/** Where each planted kind listens on both hosts (top-1000 ports, so that the profile's port scan sees them). */
const PLANTED_TCP: Record<string, number> = {
  "service.unauthenticated.ftp": 21,
  "service.unauthenticated.rsync": 873,
  "service.mysql.exposed": 3306,
  // Silent on connect: found because the checks that try silent ports ask them, wherever they are.
  "service.unauthenticated.mongodb": 62078,
  "service.unauthenticated.memcached": 64680,
  "service.unauthenticated.redis": 65389, // the last port in port order
};
const PLANTED_HTTP: Record<string, number> = {
  "service.unauthenticated.elasticsearch": 9200,
  "service.unauthenticated.couchdb": 8081,
  "http.exposed.env": 8080,
};
const PLANTED = { ...PLANTED_TCP, ...PLANTED_HTTP };
const ORDINARY_WEB = [8000, 8888];

const net$ = testNetConfig(null, null, { httpPort: 80, httpsPort: 443 });
const profile: ScanProfile = {
  portScanMode: "top1000",
  nucleiMinSeverity: "info",
  disabledScannerTypes: ["tls", "templates", "nuclei", "technologies"],
};
const engine: ScanEngineConfig = {
  ...defaultScanEngineConfig,
  stageTimeoutMs: 120_000,
  portConcurrency: 200,
  portTimeoutMs: 1000,
  bannerTimeoutMs: 800,
  crawl: { maxDepth: 1, maxPages: 5, respectRobots: false },
  checks: { ...DEFAULT_CHECKS, rps: 2000, concurrency: 16, conversationTimeoutMs: 1500 },
};

const fixtureOf = <T>(kind: string): T => {
  const c = [...catalogue().tcp, ...catalogue().http].find((x) => x.kind === kind)!;
  const v = c.fixtures.vulnerable as T | T[];
  return Array.isArray(v) ? v[0]! : v;
};

let servers: FixtureServer[] = [];
let webFixtures: HttpFixtures[] = [];
let plainWeb: TestServer;
const hosts: PortHost[] = [];
let big: PortHost;
/** The big host's silent and dripping ports. */
let holding: number[] = [];
let small: PortHost;

/** The planted ports as forwards to their stand-ins. */
async function plantedPlan(): Promise<Map<number, PortBehaviour>> {
  const plan = new Map<number, PortBehaviour>();
  for (const [kind, port] of Object.entries(PLANTED_TCP)) {
    const server = await startTcpFixture(fixtureOf<TcpFixture>(kind));
    servers.push(server);
    plan.set(port, { forwardTo: server.port });
  }
  for (const [kind, port] of Object.entries(PLANTED_HTTP)) {
    const web = await startHttpFixtures([]);
    for (const host of [BIG, SMALL]) web.add(host, fixtureOf<HttpFixture>(kind));
    webFixtures.push(web);
    plan.set(port, { forwardTo: web.http.port });
  }
  return plan;
}

/** 100 ports: the planted ones, two ordinary web sites, and ordinary, silent and slow services below them. */
async function bigPlan(planted: Map<number, PortBehaviour>): Promise<Map<number, PortBehaviour>> {
  const plan = new Map(planted);
  for (const port of ORDINARY_WEB) plan.set(port, { forwardTo: plainWeb.port });
  const kinds: PortBehaviour[] = [
    { greeting: "SSH-2.0-OpenSSH_9.6\r\n" },
    { greeting: "220 mx.example.test ESMTP\r\n", otherwise: "502 5.5.2 Error: command not recognized\r\n" },
    { echo: true },
    { greeting: "* OK IMAP4rev1 ready\r\n", otherwise: "* BAD unknown\r\n" },
    { closes: true },
  ];
  const usual = new Set([...HTTP_PORTS, ...HTTPS_PORTS, ...TLS_PORTS, ...Object.values(PLANTED), ...ORDINARY_WEB]);
  const candidates = [...TOP_1000_TCP_PORTS].filter((p) => !usual.has(p) && p < 60_000).sort((a, b) => a - b);
  let n = 0;
  for (const port of candidates) {
    if (plan.size >= 100) break;
    if (!(await bindable(BIG, port))) continue; // held by another process on every address
    // Every eleventh port is silent and every seventeenth drips a byte at a time: both hold the connection open.
    const behaviour: PortBehaviour =
      n % 11 === 5 ? { silent: true } : n % 17 === 3 ? { drip: true } : kinds[n % kinds.length]!;
    plan.set(port, behaviour);
    n++;
  }
  return plan;
}

const scan = (address: string, config: ScanEngineConfig, pickUp?: ReturnType<typeof pickUpFrom>) =>
  runScan(
    { target: { type: "ipv4", value: address }, profile, covers: () => true, ...(pickUp ? { pickUp } : {}) },
    net$,
    config,
  );

/** The planted kinds found, with the port each was found on. */
const plantedFound = (r: ScanResult) =>
  Object.fromEntries(r.findings.filter((f) => f.kind in PLANTED).map((f) => [f.kind, f.port]));

beforeAll(async () => {
  plainWeb = await startHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", server: "nginx" });
    res.end("<html><body><h1>Welcome</h1><a href='/about'>about</a></body></html>");
  });
  const planted = await plantedPlan();
  small = await startPortHost(SMALL, new Map([...planted, [8000, { forwardTo: plainWeb.port }]]));
  const plan = await bigPlan(planted);
  holding = [...plan].filter(([, b]) => "silent" in b || "drip" in b).map(([p]) => p);
  big = await startPortHost(BIG, plan);
  hosts.push(small, big);
}, 60_000);

afterAll(async () => {
  await Promise.all([
    ...hosts.map((h) => h.close()),
    ...servers.map((s) => s.close()),
    ...webFixtures.map((w) => w.close()),
    plainWeb?.close(),
  ]);
  servers = [];
  webFixtures = [];
});

describe("a host with 100 open ports", () => {
  it("has every planted service found, exactly as on a host with 10 ports", async () => {
    expect(big.ports).toHaveLength(100);
    expect(small.ports).toHaveLength(10);
    const reference = await scan(SMALL, engine);
    expect(reference.openPorts.map((p) => p.port)).toEqual(small.ports);
    expect(plantedFound(reference)).toEqual(PLANTED);

    const t0 = performance.now();
    const result = await scan(BIG, engine);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`100-port scan of ${BIG}: ${seconds.toFixed(1)} s`, result.stages);
    expect(result.openPorts.map((p) => p.port)).toEqual(big.ports);
    expect(plantedFound(result)).toEqual(plantedFound(reference));
    // Every cap was big enough: nothing left out, and the scan says so.
    expect(result.caps).toEqual([]);
    expect(result.completeness).toBe("complete");
    expect(result.stages.every((s) => !s.timedOut && !s.error)).toBe(true);
  }, 300_000);

  it("with a tiny time limit, is partial and names the ports its services stage left out", async () => {
    const tiny: ScanEngineConfig = {
      ...engine,
      stageTimeoutMs: 6000,
      stageCeilingMs: 6000,
      // Silent and dripping ports hold a conversation open far longer than each port's share of the stage.
      checks: { ...engine.checks!, conversationTimeoutMs: 20_000 },
    };
    const result = await scan(BIG, tiny);
    expect(result.completeness).toBe("partial");
    const services = result.caps.filter((c) => c.stage === "services");
    expect(services.length).toBeGreaterThan(0);
    const leftOut = services.flatMap((c) => c.leftOut.ports ?? []);
    expect(leftOut.length).toBeGreaterThan(0);
    // Only open ports are named, the ports that hold a connection open among them; each cap says in words what it left.
    expect(leftOut.filter((p) => !big.ports.includes(p))).toEqual([]);
    expect(holding.filter((p) => leftOut.includes(p)).length).toBeGreaterThan(0);
    for (const c of services) {
      expect(c.reason).toMatch(/^the services stage/);
      expect(c.reason).toContain(String(c.leftOut.ports![0]));
    }
  }, 300_000);
});

describe("the next scan picks up what the last one left", () => {
  let host: PortHost;
  beforeAll(async () => {
    // Twelve Redis look-alikes (a PING answers +PONG, anything else an error, as Redis does).
    const redis = await startTcpFixture({
      replies: [{ on: /PING\r\n/, send: "+PONG\r\n" }],
      otherwise: "-ERR unknown command\r\n",
    });
    servers.push(redis);
    const ports = [...TOP_1000_TCP_PORTS]
      .filter((p) => p > 1024 && !HTTP_PORTS.has(p) && !HTTPS_PORTS.has(p) && !TLS_PORTS.has(p))
      .sort((a, b) => a - b);
    const plan = new Map<number, PortBehaviour>();
    for (const port of ports) {
      if (plan.size >= 12) break;
      if (await bindable(PICKUP, port)) plan.set(port, { forwardTo: redis.port });
    }
    host = await startPortHost(PICKUP, plan);
    hosts.push(host);
  }, 30_000);

  it("starts with the ports left out, so that two partial scans cover the host", async () => {
    // Four conversations a second for a 2.5 s stage: about half of the twelve ports each time.
    const slowLimit: ScanEngineConfig = {
      ...engine,
      stageTimeoutMs: 2500,
      stageCeilingMs: 2500,
      checks: { ...engine.checks!, rps: 4, concurrency: 12 },
    };
    const first = await scan(PICKUP, slowLimit);
    expect(first.openPorts.map((p) => p.port)).toEqual(host.ports);
    const cap1 = first.caps.find((c) => c.stage === "services" && c.cap === "stage-time-limit")!;
    expect(cap1).toBeDefined();
    const left1 = cap1.leftOut.ports!;
    expect(cap1.leftOut).toMatchObject({ what: "open ports", of: 12, count: left1.length });
    expect(cap1.reason).toContain(`after ${12 - left1.length} of 12 open ports; not looked at: ${left1[0]}`);
    // In port order: the tail was left.
    expect(left1).toEqual(host.ports.slice(12 - left1.length));

    const second = await scan(PICKUP, slowLimit, pickUpFrom(first.caps));
    const cap2 = second.caps.find((c) => c.stage === "services" && c.cap === "stage-time-limit");
    const left2 = cap2?.leftOut.ports ?? [];
    // What the first left, the second looked at first: together they looked at every port.
    expect(left1.filter((p) => left2.includes(p))).toEqual([]);
    expect(left2.length).toBeLessThan(12);
  }, 120_000);
});
