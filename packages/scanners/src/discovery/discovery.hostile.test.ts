// Hostile CT sources and takeover targets. The sources live on 127.0.0.2,
// the only range the guard allows here; a tripwire listens on 127.0.0.1
// (forbidden) for TCP and UDP. Every answer below tries to reach it or to
// hold the run; each test asserts that the tripwire counted nothing and that
// the source ended as a sourceError within its time limit.
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../config.ts";
import {
  startDnsServer,
  startHttpServer,
  startTripwire,
  testNetConfig,
  type TestDnsServer,
  type TestServer,
  type Tripwire,
} from "../testing/index.ts";
import { defaultDiscoveryConfig } from "./config.ts";
import { CT_MAX_RESPONSE_BYTES } from "./ct.ts";
import { discoverHostnames } from "./discover.ts";

let dns: TestDnsServer;
let trip: Tripwire;
let source: TestServer;
let net: NetConfig;
let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.end("[]");

beforeAll(async () => {
  trip = await startTripwire("127.0.0.1");
  dns = await startDnsServer({
    zone: {
      "ct.hostile.test": { A: ["127.0.0.2"] },
      "inside.test": { A: ["127.0.0.1"] },
      // A takeover candidate whose service "lives" on the forbidden address.
      "docs.example.com": { CNAME: "acme.github.io" },
      "acme.github.io": { A: ["127.0.0.1"] },
    },
  });
  source = await startHttpServer((req, res) => handle(req, res), { host: "127.0.0.2" });
  // Port-less URLs (the takeover fetch) go to the tripwire's port.
  net = testNetConfig(dns, null, { allowedRanges: ["127.0.0.2/32"], httpPort: trip.port, httpsPort: trip.port });
});
afterAll(async () => {
  await Promise.all([dns.close(), trip.close(), source.close()]);
});
afterEach(() => {
  expect(trip.hits()).toEqual({ tcp: 0, udp: 0 });
});

async function crtsh(sourceTimeoutMs = 1500) {
  const started = Date.now();
  const result = await discoverHostnames({
    domain: "example.com",
    seen: [],
    net,
    config: {
      ...defaultDiscoveryConfig,
      crtShUrl: `http://ct.hostile.test:${source.port}`,
      certSpotterUrl: null,
      sourceTimeoutMs,
      bruteforce: false,
    },
  });
  return { result, ms: Date.now() - started };
}

describe("hostile CT sources", () => {
  it("a redirect to the tripwire, by address or by name, is refused", async () => {
    for (const to of [`http://127.0.0.1:${trip.port}/`, `http://inside.test:${trip.port}/`]) {
      handle = (_req, res) => void res.writeHead(302, { location: to }).end();
      const { result } = await crtsh();
      expect(result.sourceErrors).toHaveLength(1);
      expect(result.sourceErrors[0]!.message).toMatch(/^crt\.sh: refused to connect/);
    }
  });

  it("a body that never ends is cut at the source's time limit", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).write('[{"name_value":"a.example.com"}');
      const drip = setInterval(() => res.write(","), 50);
      res.on("close", () => clearInterval(drip));
    };
    const { result, ms } = await crtsh(800);
    expect(result.sourceErrors).toEqual([{ source: "crtsh", message: "crt.sh: no answer within 800 ms" }]);
    expect(ms).toBeLessThan(3000);
  });

  it("a Content-Length that lies either way is an error or a short body, never a hang", async () => {
    handle = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100000" });
      res.end('[{"name_value":"a.example.com"}]');
      res.socket?.destroy();
    };
    let { result, ms } = await crtsh();
    expect(result.sourceErrors.map((e) => e.source)).toEqual(["crtsh"]);
    expect(ms).toBeLessThan(3000);

    handle = (req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "5" });
      req.socket.write('[{"name_value":"b.example.com"}]');
      res.end();
    };
    ({ result, ms } = await crtsh());
    expect(result.hosts).toEqual([]);
    expect(result.sourceErrors.map((e) => e.source)).toEqual(["crtsh"]);
    expect(ms).toBeLessThan(3000);
  });

  it("an answer beyond the size cap is refused, not buffered", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    handle = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      let sent = 0;
      const more = () => {
        while (sent <= CT_MAX_RESPONSE_BYTES + chunk.length && res.write(chunk)) sent += chunk.length;
        if (sent > CT_MAX_RESPONSE_BYTES + chunk.length) res.end();
      };
      res.on("drain", more);
      more();
    };
    const { result } = await crtsh(10_000);
    expect(result.sourceErrors).toEqual([
      { source: "crtsh", message: `crt.sh: answer larger than ${CT_MAX_RESPONSE_BYTES} bytes` },
    ]);
  });
});

describe("hostile takeover targets", () => {
  it("does not fetch a service page that resolves to a forbidden address", async () => {
    const result = await discoverHostnames({
      domain: "example.com",
      seen: [{ host: "docs.example.com", source: "cname" }],
      net,
      config: { ...defaultDiscoveryConfig, crtShUrl: null, certSpotterUrl: null, bruteforce: false },
    });
    expect(result.hosts).toEqual([
      expect.objectContaining({ host: "docs.example.com", cname: expect.anything(), takeover: null }),
    ]);
  });
});
