// Hostile sites against the screenshot browser. The "site" lives on
// 127.0.0.2, the only range the guard allows here; a tripwire listens on
// 127.0.0.1 (forbidden) for TCP and UDP. Every page below tries to reach the
// tripwire or to take the worker down; each test asserts that the tripwire
// counted nothing and that takeScreenshot settled with a picture or a reason.
import { createSocket } from "node:dgram";
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createConnection } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "./config.ts";
import { FetchRefused } from "./http.ts";
import { takeScreenshot } from "./screenshot.ts";
import {
  startDnsServer,
  startTestWebServers,
  startTripwire,
  testNetConfig,
  type TestDnsServer,
  type TestRoute,
  type TestWebServers,
  type Tripwire,
} from "./testing/index.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let trip: Tripwire;
let cfg: NetConfig;
let T: string; // the tripwire's host:port, aimed at by every page

const html = (body: string, headers: Record<string, string> = {}): TestRoute => ({ body, headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Keeps the page from reaching "load" for a while, so that its scripts have time to act. */
const HOLD = `<img src="/hold.png">`;
const pageReports: string[] = [];

/** STUN and TURN aimed at the tripwire; the page reports the ICE candidates it gathered to its own host. */
const webrtcPage = () =>
  html(`${HOLD}<script>
    const found = [];
    const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${T}' },
      { urls: 'turn:${T}?transport=udp', username: 'u', credential: 'p' }] });
    pc.createDataChannel('x');
    pc.onicecandidate = (e) => e.candidate ? found.push(e.candidate.candidate)
      : fetch('/report?c=' + encodeURIComponent(found.join('|') || 'none'));
    pc.createOffer().then((o) => pc.setLocalDescription(o));
  </script>`);

beforeAll(async () => {
  trip = await startTripwire("127.0.0.1");
  T = `127.0.0.1:${trip.port}`;
  dns = await startDnsServer({
    zone: { "hostile.test": { A: ["127.0.0.2"] }, "inside.test": { A: ["127.0.0.1"] } },
  });
  web = await startTestWebServers({
    host: "127.0.0.2",
    hostnames: ["hostile.test"],
    routes: {
      "/hold.png": async (_req, res) => {
        await sleep(2500);
        res.writeHead(200, { "content-type": "image/png" }).end("x");
      },
      "/report": (req, res) => {
        pageReports.push(decodeURIComponent((req.url ?? "").split("c=")[1] ?? ""));
        res.writeHead(204).end();
      },
    },
  });
  cfg = testNetConfig(dns, web, { allowedRanges: ["127.0.0.2/32"], screenshotTimeoutMs: 6000 });
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close(), trip.close()]);
});
afterEach(() => {
  expect(trip.hits()).toEqual({ tcp: 0, udp: 0 });
});

/** Publishes the page at / and screenshots it: resolves to the PNG or the error, never throws. */
async function shoot(route: TestRoute, extraRoutes: Record<string, TestRoute> = {}) {
  web.route("/", route);
  for (const [k, r] of Object.entries(extraRoutes)) web.route(k, r);
  const started = Date.now();
  const result = await takeScreenshot("http://hostile.test/", cfg).then(
    (png) => ({ png, error: null }),
    (error: Error) => ({ png: null, error }),
  );
  // Settled within the screenshot timeout plus the browser's start-up slack.
  expect(Date.now() - started).toBeLessThan(cfg.screenshotTimeoutMs + 15_000);
  await sleep(200); // stray packets a killed browser might still have had in flight
  return result;
}

function expectPicture(r: { png: Buffer | null; error: Error | null }) {
  expect(r.error?.message).toBeUndefined();
  expect(r.png?.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}

describe("the screenshot browser reaches nothing but the vetted site", () => {
  it("WebRTC: STUN and TURN aimed at a forbidden address send nothing, and no candidate comes back", async () => {
    const r = await shoot(webrtcPage());
    expectPicture(r);
    expect(pageReports.join(" ")).not.toMatch(/srflx|relay/);
  });

  it("WebSockets, WebTransport, fetch, XHR, beacons, EventSource, iframes, images and prefetch", async () => {
    const r = await shoot(
      html(`${HOLD}<img src="http://${T}/i.png"><iframe src="http://${T}/frame"></iframe>
        <link rel="prefetch" href="http://${T}/p"><link rel="preconnect" href="http://${T}">
        <link rel="dns-prefetch" href="//inside.test">
        <script>
          for (const u of ['ws://${T}/', 'wss://${T}/', 'ws://' + location.host + '/ws'])
            try { new WebSocket(u) } catch {}
          try { new WebTransport('https://${T}/wt') } catch {}
          fetch('http://${T}/f').catch(() => {}); fetch('https://${T}/dns-query?dns=AAAB').catch(() => {});
          fetch('http://inside.test:${trip.port}/by-name').catch(() => {});
          const x = new XMLHttpRequest(); x.open('GET', 'http://${T}/x'); x.send();
          navigator.sendBeacon('http://${T}/b', 'x'); new EventSource('http://${T}/es');
        </script>`),
    );
    expectPicture(r);
  });

  it("QUIC: an Alt-Svc pointing HTTP/3 at a forbidden address is not followed", async () => {
    const r = await shoot(html(`${HOLD}<img src="/again.png">`, { "alt-svc": `h3="${T}"; ma=86400, h3-29="${T}"` }));
    expectPicture(r);
  });

  it("service workers are not registered, so they fetch nothing", async () => {
    const sw = { body: `fetch('http://${T}/from-sw')`, headers: { "content-type": "text/javascript" } };
    const r = await shoot(html(`${HOLD}<script>navigator.serviceWorker?.register('/sw.js')</script>`), {
      "/sw.js": sw,
    });
    expectPicture(r);
  });

  it("a redirect of the page to a forbidden address is refused before any browser starts", async () => {
    const r = await shoot({ status: 302, headers: { location: `http://${T}/` } });
    expect(r.error).toBeInstanceOf(FetchRefused);
  });

  it("endless redirects end at the redirect limit", async () => {
    const r = await shoot((req: IncomingMessage, res: ServerResponse) => {
      const n = Number((req.url ?? "").split("?r=")[1] ?? 0);
      res.writeHead(302, { location: `/?r=${n + 1}` }).end();
    });
    expect(r.error).toBeInstanceOf(FetchRefused);
  });
});

describe("no page takes the worker down", () => {
  it("a popup (window.open) is closed, and the process lives on", async () => {
    web.route("/popup", html(`<script>fetch('http://${T}/from-popup').catch(() => {})</script>popup`));
    const r = await shoot(html(`${HOLD}<script>window.open('/popup')</script>`));
    expectPicture(r);
  });

  it("a popup storm", async () => {
    const r = await shoot(html(`${HOLD}<script>for (let i = 0; i < 100; i++) window.open('/popup?' + i)</script>`));
    expectPicture(r);
  });

  it("alert, confirm and prompt loops, print and beforeunload", async () => {
    const r = await shoot(
      html(`${HOLD}<script>
        onbeforeunload = (e) => { e.preventDefault(); return 'stay'; };
        window.print();
        for (let i = 0; i < 50; i++) { alert(i); confirm(i); prompt(i); }
        setTimeout(() => { location.href = '/'; }, 100);
      </script>`),
    );
    expect(r.png ?? r.error).toBeTruthy();
  });

  it("downloads are refused", async () => {
    const file = {
      body: "MZ",
      headers: { "content-type": "application/octet-stream", "content-disposition": "attachment" },
    };
    const r = await shoot(html(`${HOLD}<a id="d" href="/file.bin" download>x</a><script>d.click()</script>`), {
      "/file.bin": file,
    });
    expectPicture(r);
  });

  it("a page that never finishes loading fails with a reason", async () => {
    const r = await shoot((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><body>never ends");
    });
    expect(r.error).toBeInstanceOf(FetchRefused);
    expect((r.error as FetchRefused).reason).toBe("timeout");
  });

  it("a subresource that never arrives still gives a picture at the deadline", async () => {
    const r = await shoot(html(`<h1>waiting</h1><img src="/hang.png">`), { "/hang.png": () => undefined });
    expectPicture(r);
  });

  it("a 2 GB body is cut at the byte cap", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const r = await shoot((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": String(2 * 1024 ** 3) });
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    expect(r.png ?? r.error).toBeTruthy();
  });

  it("a slow drip is cut at the timeout", async () => {
    const r = await shoot((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write("<")), 100);
    });
    expect(r.error).toBeInstanceOf(FetchRefused);
  });

  it("a Content-Length longer than the body", async () => {
    const r = await shoot((req) => {
      req.socket.end("HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 100000\r\n\r\n<h1>short</h1>");
    });
    expect(r.error).toBeInstanceOf(FetchRefused);
  });

  it("a Content-Length shorter than the body", async () => {
    const r = await shoot((req) => {
      req.socket.end("HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 5\r\n\r\n<h1>much longer</h1>");
    });
    expect(r.error).toBeInstanceOf(FetchRefused);
  });

  it("a page that allocates memory until it dies", async () => {
    const r = await shoot(html(`<script>const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));</script>`));
    expect(r.png ?? r.error).toBeTruthy();
    // The next screenshot works: nothing of the crashed one is left in the way.
    const next = await shoot(html(`<h1>calm</h1>`));
    expectPicture(next);
  });
});

describe("the tripwire itself", () => {
  it("counts TCP connections and UDP datagrams (so the zeros above mean something)", async () => {
    const tcp = createConnection(trip.port, "127.0.0.1");
    await once(tcp, "connect");
    tcp.end();
    const udp = createSocket("udp4");
    await new Promise<void>((resolve) => udp.send("x", trip.port, "127.0.0.1", () => resolve()));
    udp.close();
    await sleep(100);
    expect(trip.hits()).toEqual({ tcp: 1, udp: 1 });
    // Start afresh for afterEach: these hits were meant.
    await trip.close();
    trip = await startTripwire("127.0.0.1");
    T = `127.0.0.1:${trip.port}`;
  });
});
