// The whole catalogue against hostile hosts. The host lives on 127.0.0.2, the only range the guard allows here; a
// tripwire listens on 127.0.0.1 (forbidden) for TCP and UDP. Every answer tries to reach it or to hold the checks:
// redirects to it, bodies that never end, a Content-Length that lies, services that talk forever, a name server on the
// forbidden address. Each test asserts that the tripwire counted nothing and that the run ended within its bounds.
import type { IncomingMessage, ServerResponse } from "node:http";
import dgram from "node:dgram";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../config.ts";
import type { OpenPortDetail } from "../scan/port-scan.ts";
import type { ScanFinding } from "../scan/types.ts";
import {
  startDnsServer,
  startHttpServer,
  startTripwire,
  testNetConfig,
  type TestDnsServer,
  type TestServer,
  type Tripwire,
} from "../testing/index.ts";
import { catalogue } from "./catalogue.ts";
import { runDnsChecks } from "./engine/facts-run.ts";
import { runHttpChecks } from "./engine/http-run.ts";
import { DEFAULT_CHECKS, HostLimiter } from "./engine/settings.ts";
import { runTcpChecks, runUdpChecks } from "./engine/tcp.ts";

let dns: TestDnsServer;
let trip: Tripwire;
let site: TestServer;
let cfg: NetConfig;
let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.end("");
const settings = { ...DEFAULT_CHECKS, rps: 2000, concurrency: 32, maxBytes: 4096, conversationTimeoutMs: 500 };

beforeAll(async () => {
  trip = await startTripwire("127.0.0.1");
  dns = await startDnsServer({
    zone: {
      "hostile.test": { A: ["127.0.0.2"], MX: [{ priority: 10, exchange: "mx.hostile.test" }], NS: ["ns.inside.test"] },
      "inside.test": { A: ["127.0.0.1"] },
      "ns.inside.test": { A: ["127.0.0.1"] },
    },
  });
  site = await startHttpServer((req, res) => handle(req, res), { host: "127.0.0.2" });
  cfg = testNetConfig(dns, null, { allowedRanges: ["127.0.0.2/32"], httpTimeoutMs: 1500 });
});
afterAll(async () => {
  await Promise.all([dns.close(), trip.close(), site.close()]);
});
afterEach(() => {
  expect(trip.hits()).toEqual({ tcp: 0, udp: 0 });
});

/** Every HTTP check of the catalogue (both stages') on the hostile site; the findings and the time it took. */
async function httpChecks() {
  const found: ScanFinding[] = [];
  const notes: string[] = [];
  const t0 = Date.now();
  await runHttpChecks([{ base: `http://hostile.test:${site.port}`, port: site.port, root: null }], catalogue().http, {
    net: cfg,
    covers: () => true,
    settings,
    limiter: new HostLimiter(settings),
    httpsAvailable: false,
    loginAttempts: new Map(),
    emit: (f) => void found.push(f),
    note: (n) => void notes.push(n),
  });
  return { found, notes, ms: Date.now() - t0 };
}

describe("HTTP checks on a hostile site", () => {
  it("never follow a redirect to a forbidden address, and find nothing in one", async () => {
    handle = (_req, res) => res.writeHead(302, { location: `http://inside.test:${trip.port}/` }).end();
    const { found, notes } = await httpChecks();
    expect(notes).toEqual([]);
    expect(found.filter((f) => f.kind !== "http.open-redirect")).toEqual([]);
  });

  it("read at most their byte cap of a body that never ends, and stop in time", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const drip = setInterval(() => res.write("[core]\nAPP_KEY=x\n".repeat(64)), 5);
      res.on("close", () => clearInterval(drip));
    };
    const { notes, ms } = await httpChecks();
    expect(notes).toEqual([]);
    expect(ms).toBeLessThan(20_000);
  });

  it("survive a Content-Length that lies both ways", async () => {
    let n = 0;
    handle = (_req, res) => {
      const short = n++ % 2 === 0;
      res.writeHead(200, { "content-type": "text/plain", "content-length": short ? "5" : "100000" });
      res.end(short ? "[core]\nrepositoryformatversion = 0\n" : "[core]");
    };
    const { notes } = await httpChecks();
    expect(notes).toEqual([]);
  });
});

describe("TCP conversations with hostile services", () => {
  it("end at their time limit or byte cap with a service that talks forever, and prove nothing", async () => {
    const server = net.createServer((s) => {
      s.on("error", () => undefined);
      const flood = setInterval(() => s.write("+PONG\r\n220 ready\r\nSTAT pid 1\r\n".repeat(500)), 1);
      s.on("close", () => clearInterval(flood));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const checks = catalogue().tcp;
      const found: ScanFinding[] = [];
      const t0 = Date.now();
      await runTcpChecks(
        checks.map((c) => ({
          port,
          protocol: "tcp",
          service: c.service.name,
          banner: null,
          tls: false,
          http: false,
        })) as OpenPortDetail[],
        checks,
        {
          host: "hostile.test",
          address: "127.0.0.2",
          net: cfg,
          settings,
          limiter: new HostLimiter(settings),
          loginAttempts: new Map(),
          emit: (f) => void found.push(f),
        },
      );
      expect(Date.now() - t0).toBeLessThan(15_000);
      // A flood of "+PONG" is not an INFO answer, nor "STAT pid" a memcached that ends its stats: only conversations
      // whose every step the flood happens to satisfy could fire, and none of ours does.
      expect(found.map((f) => f.kind)).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("refuse to converse with a forbidden address", async () => {
    const redis = catalogue().tcp.find((c) => c.kind === "service.unauthenticated.redis")!;
    await expect(
      runTcpChecks(
        [{ port: trip.port, protocol: "tcp", service: "redis", banner: null, tls: false, http: false }],
        [redis],
        {
          host: "inside.test",
          address: "127.0.0.1",
          net: cfg,
          settings,
          limiter: new HostLimiter(settings),
          loginAttempts: new Map(),
          emit: () => undefined,
          note: (n) => {
            throw new Error(n);
          },
        },
      ),
    ).rejects.toThrow(/refusing to contact 127\.0\.0\.1/);
  });
});

describe("UDP exchanges with hostile services", () => {
  const context = (address: string, found: ScanFinding[]) => ({
    host: "hostile.test",
    address,
    net: cfg,
    settings,
    limiter: new HostLimiter(settings),
    loginAttempts: new Map(),
    emit: (f: ScanFinding) => void found.push(f),
  });

  it("end at their time limit with a service that floods datagrams back, and prove nothing", async () => {
    // Every datagram is answered with itself and a stream of text and bytes that look like the start of answers.
    const socket = dgram.createSocket("udp4");
    socket.on("message", (msg, from) => {
      for (let i = 0; i < 50; i++) {
        socket.send(
          i % 2 ? msg : Buffer.from("HTTP/1.1 200 OK\r\nSTAT pid 1\r\n\x30\x82\x00\x10"),
          from.port,
          from.address,
        );
      }
    });
    await new Promise<void>((r) => socket.bind(0, "127.0.0.2", r));
    try {
      const found: ScanFinding[] = [];
      const t0 = Date.now();
      await runUdpChecks(catalogue().udp, context("127.0.0.2", found), [socket.address().port]);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(found.map((f) => f.kind)).toEqual([]);
    } finally {
      await new Promise<void>((r) => socket.close(() => r()));
    }
  });

  it("refuse to send a datagram to a forbidden address", async () => {
    const found: ScanFinding[] = [];
    const notes: string[] = [];
    await runUdpChecks(catalogue().udp, { ...context("127.0.0.1", found), note: (n) => void notes.push(n) }, [
      trip.port,
    ]);
    expect(found).toEqual([]);
    expect(notes.length).toBe(catalogue().udp.length);
    expect(notes.every((n) => /refusing to contact 127\.0\.0\.1/.test(n))).toBe(true);
  });
});

describe("DNS checks", () => {
  it("never ask a zone transfer of a name server on a forbidden address", async () => {
    const axfr = catalogue().dns.filter((c) => c.needs.includes("axfr"));
    const found = await runDnsChecks("hostile.test", axfr, { net: cfg, dnsPort: trip.port, timeoutMs: 1500 });
    expect(found).toEqual([]);
  });
});
