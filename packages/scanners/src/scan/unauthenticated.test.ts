// The services stage against real redis-server, memcached and vsftpd on
// loopback (and protocol-faithful fakes of MongoDB and Elasticsearch, which
// Debian does not package): an open server of each kind is a finding with its
// version, its clean twin (password, auth file, no anonymous login, access
// control on) is not.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpServer, testNetConfig, type TestServer } from "../testing/index.ts";
import { startMemcached, startRedis, startVsftpd, type Daemon } from "../testing/daemons.ts";
import { defaultScanEngineConfig } from "./config.ts";
import { scanPortsDetailed } from "./port-scan.ts";
import { opMsg, readOpMsg } from "../checks/engine/codecs.ts";
import { StageWork } from "./caps.ts";
import { servicesStage } from "./stages/services.ts";
import type { Shared } from "./stages/stage.ts";
import type { ScanFinding } from "./types.ts";

/** A MongoDB wire-protocol server: OP_MSG buildInfo and listDatabases; with auth on, listDatabases is refused. */
async function startFakeMongo(auth: boolean): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((s) => {
    let buf = Buffer.alloc(0);
    s.on("error", () => undefined);
    s.on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4) {
        const len = buf.readInt32LE(0);
        if (len < 21 || len > 48_000_000) return void s.destroy(); // what mongod does with an HTTP request
        if (buf.length < len) return;
        const msg = buf.subarray(0, len);
        buf = buf.subarray(len);
        const doc = readOpMsg(msg) ?? {};
        const reply =
          "buildInfo" in doc
            ? { version: "6.0.12", gitVersion: "21e6e8e1", ok: 1 }
            : auth
              ? { ok: 0, errmsg: "command listDatabases requires authentication", code: 13, codeName: "Unauthorized" }
              : { databases: [{ name: "admin" }, { name: "customers" }], totalSize: 8192, ok: 1 };
        s.write(opMsg(99, reply, msg.readInt32LE(4)));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Elasticsearch's HTTP API: "/" and "/_cat/indices"; with security on, 401 with its realm everywhere. */
function startFakeElasticsearch(secured: boolean): Promise<TestServer> {
  return startHttpServer((req, res) => {
    if (secured) {
      res.writeHead(401, {
        "www-authenticate": 'Basic realm="security" charset="UTF-8"',
        "content-type": "application/json",
      });
      return void res.end('{"error":{"type":"security_exception"},"status":401}');
    }
    res.setHeader("content-type", "application/json");
    if (req.url === "/") {
      return void res.end(
        JSON.stringify({
          name: "node-1",
          cluster_name: "prod",
          version: { number: "7.17.9" },
          tagline: "You Know, for Search",
        }),
      );
    }
    if (req.url?.startsWith("/_cat/indices")) {
      return void res.end(
        JSON.stringify([
          { index: "orders", "docs.count": "120" },
          { index: "users", "docs.count": "7" },
        ]),
      );
    }
    res.writeHead(404).end("{}");
  });
}

const net$ = testNetConfig(null, null);
const daemons: Daemon[] = [];
let fakes: Array<{ close(): Promise<void> }> = [];
const ports: Record<string, number> = {};

beforeAll(async () => {
  const named: Array<[string, () => Promise<Daemon>]> = [
    ["redisOpen", () => startRedis()],
    ["redisAuth", () => startRedis("s3cret-pass")],
    ["memcachedOpen", () => startMemcached()],
    ["memcachedAuth", () => startMemcached({ name: "app", password: "s3cret" })],
    ["ftpAnon", () => startVsftpd(true)],
    ["ftpClosed", () => startVsftpd(false)],
  ];
  for (const [name, start] of named) {
    const d = await start();
    daemons.push(d);
    ports[name] = d.port;
  }
  const mongoOpen = await startFakeMongo(false);
  const mongoAuth = await startFakeMongo(true);
  const esOpen = await startFakeElasticsearch(false);
  const esSecured = await startFakeElasticsearch(true);
  fakes = [mongoOpen, mongoAuth, esOpen, esSecured];
  Object.assign(ports, {
    mongoOpen: mongoOpen.port,
    mongoAuth: mongoAuth.port,
    esOpen: esOpen.port,
    esSecured: esSecured.port,
  });
}, 30_000);

afterAll(async () => {
  await Promise.all([...daemons.map((d) => d.stop()), ...fakes.map((f) => f.close())]);
});

/** A real port scan (with banners) of the given ports, then the services stage over what it found. */
async function scanServices(list: number[], engine = defaultScanEngineConfig) {
  const open = await scanPortsDetailed("127.0.0.1", list, { concurrency: 50, timeoutMs: 1000, bannerTimeoutMs: 1500 });
  const shared: Shared = { openPorts: open, portsComplete: true, roots: null };
  const findings: ScanFinding[] = [];
  const signal = new AbortController().signal;
  const t0 = performance.now();
  await servicesStage.run({
    target: { kind: "host", host: "127.0.0.1", isIp: true, address: "127.0.0.1", addresses: ["127.0.0.1"] },
    profile: { portScanMode: "top100", nucleiMinSeverity: "info", disabledScannerTypes: [] },
    net: net$,
    engine,
    covers: () => true,
    minSeverity: "info",
    disabled: () => false,
    focus: null,
    wants: () => true,
    shared,
    signal,
    emit: (f) => void findings.push(f),
    progress: () => undefined,
    note: () => undefined,
    pickUp: {},
    timeLimitMs: engine.stageTimeoutMs,
    work: (what, items, portOf) => new StageWork(what, items, portOf),
    cap: () => undefined,
  });
  return { findings, openPorts: shared.openPorts!, ms: performance.now() - t0 };
}

describe("services stage: data stores and FTP asked in their own protocol", () => {
  it("reports open Redis, memcached, anonymous FTP, MongoDB and Elasticsearch with their versions", async () => {
    const { findings, openPorts } = await scanServices([
      ports.redisOpen!,
      ports.memcachedOpen!,
      ports.ftpAnon!,
      ports.mongoOpen!,
      ports.esOpen!,
    ]);
    const byKind = Object.fromEntries(findings.map((f) => [f.kind, f]));
    // Debian's vsftpd runs without TLS here, which the FTP-without-TLS check rightly reports.
    expect(Object.keys(byKind).sort()).toEqual([
      "service.ftp.no-tls",
      "service.unauthenticated.elasticsearch",
      "service.unauthenticated.ftp",
      "service.unauthenticated.memcached",
      "service.unauthenticated.mongodb",
      "service.unauthenticated.redis",
    ]);
    const redis = byKind["service.unauthenticated.redis"]!;
    expect(redis).toMatchObject({ severity: "critical", port: ports.redisOpen });
    expect(redis.evidence.version).toMatch(/^7\.\d+\.\d+$/); // Debian 12's redis-server is 7.0.x
    expect(redis.title).toContain(`Redis ${String(redis.evidence.version)}`);
    expect(redis.evidence.transcript).toContain("> PING\n< +PONG");
    expect(redis.evidence.matched).toBe("+PONG");
    expect(byKind["service.unauthenticated.memcached"]).toMatchObject({
      severity: "critical",
      evidence: { version: "1.6.18" },
    });
    const ftp = byKind["service.unauthenticated.ftp"]!;
    expect(ftp).toMatchObject({ severity: "high", evidence: { product: expect.stringMatching(/^vsftpd 3\./) } });
    expect(ftp.evidence.matched).toMatch(/^230/);
    expect(byKind["service.unauthenticated.mongodb"]).toMatchObject({
      severity: "critical",
      evidence: { version: "6.0.12", databases: ["admin", "customers"] },
    });
    expect(byKind["service.unauthenticated.elasticsearch"]).toMatchObject({
      severity: "critical",
      evidence: { version: "7.17.9", indices: ["orders", "users"] },
    });
    // The open ports now say what the protocol said, not what the number suggests.
    const named = Object.fromEntries(openPorts.map((p) => [p.port, [p.service, p.product]]));
    expect(named[ports.redisOpen!]).toEqual(["redis", `Redis ${String(redis.evidence.version)}`]);
    expect(named[ports.memcachedOpen!]).toEqual(["memcached", "Memcached 1.6.18"]);
    expect(named[ports.mongoOpen!]).toEqual(["mongodb", "MongoDB 6.0.12"]);
    expect(named[ports.esOpen!]).toEqual(["elasticsearch", "Elasticsearch 7.17.9"]);
  }, 30_000);

  it("reports nothing for the clean twins, yet names what they are", async () => {
    // Without default logins: each refused pair waits for PAM's failure delay (about 2 s) on the real vsftpd, which
    // would hide a probe that waits for its time limit (the default-login check has fixtures of its own).
    const noLogins = { ...defaultScanEngineConfig, checks: { ...defaultScanEngineConfig.checks, loginAttempts: 0 } };
    const { findings, openPorts, ms } = await scanServices(
      [ports.redisAuth!, ports.memcachedAuth!, ports.ftpClosed!, ports.mongoAuth!, ports.esSecured!],
      noLogins,
    );
    // The hardened vsftpd still has no TLS configured: that one finding is right, and the only one.
    expect(findings.map((f) => f.kind)).toEqual(["service.ftp.no-tls"]);
    const named = Object.fromEntries(openPorts.map((p) => [p.port, p.service]));
    expect(named).toEqual({
      [ports.redisAuth!]: "redis",
      [ports.memcachedAuth!]: "memcached",
      [ports.ftpClosed!]: "ftp",
      [ports.mongoAuth!]: "mongodb",
      [ports.esSecured!]: "elasticsearch",
    });
    // Every probe gets an answer; none waits for its time limit. The bound grows with the catalogue: every HTTP
    // service check asks the web endpoint once, at the scan's 50 requests a second.
    expect(ms).toBeLessThan(8000);
  }, 30_000);
});
