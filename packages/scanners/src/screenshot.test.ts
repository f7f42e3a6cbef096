import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "./config.ts";
import { FetchRefused } from "./http.ts";
import { takeScreenshot } from "./screenshot.ts";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "./testing/index.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let cfg: NetConfig;

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "example.com": { A: ["127.0.0.1"] },
      "third-party.example.net": { A: ["127.0.0.1"] },
      "intranet.example.com": { A: ["10.0.0.5"] },
    },
  });
  web = await startTestWebServers({
    routes: {
      "http://example.com/": { status: 301, headers: { location: "https://example.com/" } },
      "https://example.com/": {
        body: `<html><head><title>Shot</title><link rel="stylesheet" href="/site.css"></head>
          <body><h1>Hello from example.com</h1>
          <img src="https://third-party.example.net/pixel.png">
          <img src="http://169.254.169.254/latest/meta-data/x.png">
          <script src="http://10.0.0.1/evil.js"></script></body></html>`,
      },
      "/site.css": {
        body: "body{background:#2a6;color:#fff;font:48px sans-serif}",
        headers: { "content-type": "text/css" },
      },
      "/pixel.png": { body: "x", headers: { "content-type": "image/png" } },
    },
  });
  cfg = testNetConfig(dns, web);
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close()]);
});

describe("takeScreenshot", () => {
  it("captures a page as PNG, following its redirect, requesting only its own host", async () => {
    const png = await takeScreenshot("http://example.com/", cfg);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBeGreaterThan(1024);
    expect(png.readUInt32BE(16)).toBe(1280); // IHDR width
    expect(png.readUInt32BE(20)).toBe(800); // IHDR height
    const paths = web.https.requests.map((r) => `${r.host}${r.path}`);
    expect(paths).toContain("example.com/site.css");
    expect(paths.some((p) => p.startsWith("third-party"))).toBe(false);
  });

  it("refuses a page on a private address before starting a browser", async () => {
    const err = await takeScreenshot("http://intranet.example.com/", { ...cfg, allowedRanges: [] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as FetchRefused).reason).toBe("private-address");
  });
});
