import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../config.ts";
import {
  startDnsServer,
  startHttpServer,
  startTestWebServers,
  testChecksSettings,
  testNetConfig,
  type TestDnsServer,
  type TestServer,
  type TestWebServers,
} from "../testing/index.ts";
import { checkHttp, cookieProblems, type WebEndpoint } from "./http-scan.ts";
import { dedupeFindings } from "./run.ts";
import type { ScanFinding } from "./types.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let soft: TestServer;
let net: NetConfig;
const covers = (h: string) => h.endsWith(".example.test");

const GOOD_HEADERS = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  server: "nginx",
};

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "planted.example.test": { A: ["127.0.0.1"] },
      "clean.example.test": { A: ["127.0.0.1"] },
      "soft.example.test": { A: ["127.0.0.1"] },
    },
  });
  web = await startTestWebServers({
    routes: {
      // Planted: every problem at once.
      "planted.example.test/": (req, res) => {
        const origin = req.headers.origin;
        res.writeHead(200, {
          "content-type": "text/html",
          server: "Apache/2.4.57 (Debian)",
          "x-powered-by": "PHP/8.1.2",
          "set-cookie": ["session=abc123; Path=/", "theme=dark; Secure; HttpOnly; SameSite=Lax"],
          ...(origin ? { "access-control-allow-origin": origin, "access-control-allow-credentials": "true" } : {}),
        });
        res.end(
          "<html><head><title>Index of /</title></head><body><h1>Index of /</h1><a " +
            'href="backup.zip">backup.zip</a></body></html>',
        );
      },
      "planted.example.test/.git/HEAD": { headers: { "content-type": "text/plain" }, body: "ref: refs/heads/main\n" },
      "planted.example.test/.git/config": {
        headers: { "content-type": "text/plain" },
        body: "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n",
      },
      "planted.example.test/.env": {
        headers: { "content-type": "text/plain" },
        body: "APP_ENV=production\nDB_PASSWORD=hunter2\nexport AWS_SECRET_ACCESS_KEY=abc\n",
      },
      "planted.example.test/backup.zip": {
        headers: { "content-type": "application/zip" },
        body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]),
      },
      "planted.example.test/db.sql": {
        headers: { "content-type": "application/sql" },
        body: "-- MySQL dump 10.13\nCREATE TABLE `users` (id int);\n",
      },
      "planted.example.test/index.php.bak": {
        headers: { "content-type": "text/plain" },
        body: "<?php\n$db_password = 'hunter2';\n",
      },
      "planted.example.test/.DS_Store": {
        headers: { "content-type": "application/octet-stream" },
        body: Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0, 0, 0x10, 0]),
      },
      "planted.example.test/server-status": {
        body:
          "<html><head><title>Apache Status</title></head><body><h1>Apache Server Status for " +
          "planted</h1><dl><dt>Server uptime: 3 days</dt></dl>",
      },
      "planted.example.test/server-info": {
        body: "<html><body><h1>Apache Server Information</h1><dt><strong>Server Settings</strong></dt></body></html>",
      },
      // Clean: HTTPS with every header, HTTP redirecting to it, nothing exposed.
      "https://clean.example.test/": {
        headers: { ...GOOD_HEADERS, "set-cookie": "id=1; Path=/; Secure; HttpOnly; SameSite=Lax" },
        body: "<html><title>clean</title></html>",
      },
    },
  });
  web.route("http://clean.example.test/", {
    status: 301,
    headers: { location: `https://clean.example.test:${web.https.port}/` },
  });
  // A site that answers 200 with its home page for every path (soft 404s).
  soft = await startHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html", ...GOOD_HEADERS });
    res.end(
      "<!doctype html><html><head><title>Home</title></head><body>Welcome [core] ref: refs/heads/main KEY=VALUE " +
        "<?php</body></html>",
    );
  });
  net = testNetConfig(dns, web);
});

afterAll(async () => {
  await Promise.all([web?.close(), soft?.close(), dns?.close()]);
});

const endpoints = (host: string): WebEndpoint[] => [
  { scheme: "https", port: web.https.port, base: `https://${host}:${web.https.port}` },
  { scheme: "http", port: web.http.port, base: `http://${host}:${web.http.port}` },
];

async function run(eps: WebEndpoint[]): Promise<ScanFinding[]> {
  const found: ScanFinding[] = [];
  const progress: number[] = [];
  await checkHttp(eps, {
    net,
    covers,
    settings: testChecksSettings,
    emit: (f) => found.push(f),
    onProgress: (p) => progress.push(p),
  });
  if (progress.length) expect(progress.at(-1)).toBe(1);
  return found;
}

describe("checkHttp", () => {
  let planted: ScanFinding[];
  beforeAll(async () => {
    planted = dedupeFindings(await run(endpoints("planted.example.test")));
  });
  const get = (kind: string) => {
    const f = planted.find((x) => x.kind === kind);
    if (!f) throw new Error(`no ${kind} in ${planted.map((x) => x.kind).join(", ")}`);
    return f;
  };

  it("finds every planted problem, one finding per kind", () => {
    expect(planted.map((f) => f.kind).sort()).toEqual(
      [
        "http.cors-credentials",
        "http.directory-listing",
        "http.exposed.backup",
        "http.exposed.env",
        "http.exposed.git",
        "http.exposed.server-info",
        "http.exposed.server-status",
        "http.insecure-cookie",
        "http.insecure-cookie-http", // the same session cookie, set over the plain HTTP endpoint too
        "http.missing-header.content-security-policy",
        "http.missing-header.referrer-policy",
        "http.missing-header.strict-transport-security",
        "http.missing-header.x-content-type-options",
        "http.missing-header.x-frame-options",
        "http.no-https-redirect",
        "http.version-disclosure",
      ].sort(),
    );
    expect(planted.every((f) => f.scanner === "http")).toBe(true);
  });

  it("grades them", () => {
    expect(get("http.exposed.env").severity).toBe("critical");
    expect(get("http.exposed.git").severity).toBe("high");
    expect(get("http.cors-credentials").severity).toBe("high");
    expect(get("http.exposed.backup").severity).toBe("high");
    expect(get("http.directory-listing").severity).toBe("medium");
    expect(get("http.exposed.server-status").severity).toBe("medium");
    for (const k of [
      "http.missing-header.content-security-policy",
      "http.insecure-cookie",
      "http.no-https-redirect",
      "http.version-disclosure",
    ])
      expect(get(k).severity).toBe("low");
  });

  it("keeps the evidence: request, response excerpt, matched value, every URL", () => {
    const env = get("http.exposed.env");
    expect(env.evidence.url).toMatch(/^https?:\/\/planted\.example\.test:\d+\/\.env$/);
    expect(env.evidence.request).toMatch(/^GET \/\.env HTTP\/1\.1\r\nhost: planted\.example\.test:\d+\r\n/);
    expect(env.evidence.response).toMatch(/^HTTP\/1\.1 200 OK\r\n.*content-type: text\/plain/s);
    expect(env.evidence.response).toContain("DB_PASSWORD=hunter2");
    expect(env.evidence.matched).toBe("APP_ENV=…\nDB_PASSWORD=…\nexport AWS_SECRET_ACCESS_KEY=…");
    expect(Buffer.byteLength(env.evidence.response!)).toBeLessThanOrEqual(2048);

    const backup = get("http.exposed.backup");
    expect(backup.evidence.urls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/backup\.zip$/),
        expect.stringMatching(/db\.sql$/),
        expect.stringMatching(/index\.php\.bak$/),
        expect.stringMatching(/\.DS_Store$/),
      ]),
    );

    const cors = get("http.cors-credentials");
    expect(cors.evidence.request).toMatch(/\r\norigin: https:\/\/cors-check\.exposure-monitor\.invalid\r\n/);
    expect(cors.evidence.matched).toContain("access-control-allow-credentials: true");

    expect(get("http.insecure-cookie").evidence.matched).toBe("session (no Secure, no HttpOnly, no SameSite)");
    expect(get("http.version-disclosure").evidence.matched).toBe(
      "server: Apache/2.4.57 (Debian)\nx-powered-by: PHP/8.1.2",
    );
    expect(get("http.missing-header.strict-transport-security").evidence.url).toMatch(/^https:/);
    expect(get("http.no-https-redirect").evidence.url).toMatch(/^http:/);
    expect(get("http.no-https-redirect").description).toContain("instead of redirecting to HTTPS");
  });

  it("shows binary bodies as hex", async () => {
    const raw = await run([
      { scheme: "http", port: web.http.port, base: `http://planted.example.test:${web.http.port}` },
    ]);
    const zip = raw.find((f) => f.evidence.url?.endsWith("/backup.zip"))!;
    expect(zip.evidence.matched).toBe("ZIP archive (PK\\x03\\x04)");
    expect(zip.evidence.response).toMatch(/\[binary, 10 bytes; first bytes: 50 4b 03 04 14 00 00 00 08 00\]$/);
  });

  it("reports nothing on a clean site", async () => {
    expect(await run(endpoints("clean.example.test"))).toEqual([]);
  });

  it("does not take soft 404 pages for exposed files", async () => {
    const found = await run([{ scheme: "http", port: soft.port, base: `http://soft.example.test:${soft.port}` }]);
    // Plain HTTP only: that is a finding; nothing else is.
    expect(found.map((f) => f.kind)).toEqual(["http.no-https-redirect"]);
    expect(found[0]!.description).toContain("no HTTPS version answered");
  });
});

describe("cookieProblems", () => {
  it("lists missing attributes per cookie", () => {
    expect(cookieProblems("a=1; Path=/\nb=2; secure; httponly; samesite=strict\nc=3; HttpOnly", true)).toEqual([
      { cookie: "a", missing: ["Secure", "HttpOnly", "SameSite"] },
      { cookie: "c", missing: ["Secure", "SameSite"] },
    ]);
    expect(cookieProblems("a=1; HttpOnly; SameSite=Lax", false)).toEqual([]);
    expect(cookieProblems(undefined, true)).toEqual([]);
  });
});
