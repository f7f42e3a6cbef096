// Below the root, on every web port, over plain HTTP: real nginx servers on
// loopback with planted problems (a directory listing two links deep with a
// dump in it, stub_status, a session cookie without flags) and a clean twin
// (autoindex off, status for localhost only behind a deny, flagged cookie).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginx, type Daemon } from "../testing/daemons.ts";
import { testChecksSettings, testNetConfig } from "../testing/index.ts";
import { crawlBelowRoots, robotsDisallows, sameOriginLinks, type CrawlLimits } from "./crawl.ts";
import { checkHttp, type WebEndpoint } from "./http-scan.ts";
import type { ScanFinding } from "./types.ts";

const net = testNetConfig(null, null);
let planted: Daemon, clean: Daemon;

const PAGES = {
  "index.html": '<html><body><a href="/about.html">About</a> <a href="https://elsewhere.example/">x</a></body></html>',
  "about.html":
    '<html><body><a href="/files/">Downloads</a> <a href="/private/">p</a> <img src="/logo.png"></body></html>',
  "files/dump.sql": "-- MySQL dump 10.13\nCREATE TABLE `users` (id int, email text);\n",
  "files/readme.txt": "hello\n",
  "private/notes.txt": "internal\n",
  "robots.txt": "User-agent: *\nDisallow: /private/\n",
};

beforeAll(async () => {
  planted = await startNginx(
    `location / { autoindex on; add_header Set-Cookie "PHPSESSID=abc123; Path=/"; }
     location = /nginx_status { stub_status; }`,
    PAGES,
  );
  clean = await startNginx(
    `location / { autoindex off; add_header Set-Cookie "PHPSESSID=abc123; Path=/; Secure; HttpOnly; SameSite=Lax"; }
     location = /nginx_status { stub_status; allow 10.255.255.1; deny all; }`,
    PAGES,
  );
}, 20_000);

afterAll(async () => {
  await Promise.all([planted?.stop(), clean?.stop()]);
});

const endpoint = (port: number): WebEndpoint => ({ scheme: "http", port, base: `http://127.0.0.1:${port}` });

async function scan(port: number, limits?: CrawlLimits) {
  const found: ScanFinding[] = [];
  const ctx = { net, covers: () => true, settings: testChecksSettings, emit: (f: ScanFinding) => void found.push(f) };
  const roots = await checkHttp([endpoint(port)], ctx);
  const crawl = await crawlBelowRoots(roots, ctx, limits);
  return { found, pages: crawl.pages };
}

describe("HTTP checks below the root and over plain HTTP (real nginx)", () => {
  it("finds the listing and the dump two links deep, stub_status on its port, the flagless cookie", async () => {
    const { found } = await scan(planted.port);
    const by = (kind: string) => found.filter((f) => f.kind === kind);
    const listings = by("http.directory-listing")
      .map((f) => f.evidence.url)
      .sort();
    expect(listings).toEqual([`http://127.0.0.1:${planted.port}/files/`, `http://127.0.0.1:${planted.port}/private/`]);
    expect(by("http.exposed.backup")).toMatchObject([
      {
        severity: "high",
        evidence: { url: `http://127.0.0.1:${planted.port}/files/dump.sql`, matched: "-- MySQL dump" },
      },
    ]);
    const status = by("http.exposed.nginx-status");
    expect(status.map((f) => f.evidence.url)).toEqual([`http://127.0.0.1:${planted.port}/nginx_status`]);
    expect(status[0]!.evidence.matched).toMatch(/^Active connections: \d+ server accepts handled requests \d+ \d+ \d+/);
    expect(by("http.insecure-cookie-http")).toMatchObject([
      { severity: "medium", evidence: { matched: "PHPSESSID (no Secure, no HttpOnly, no SameSite)" } },
    ]);
  }, 30_000);

  it("honours robots.txt when told to, and stops at the depth and page limits", async () => {
    const polite = await scan(planted.port, { maxDepth: 2, maxPages: 30, respectRobots: true });
    const listed = polite.found.filter((f) => f.kind === "http.directory-listing").map((f) => f.evidence.url);
    expect(listed).toEqual([`http://127.0.0.1:${planted.port}/files/`]);
    const shallow = await scan(planted.port, { maxDepth: 1, maxPages: 30, respectRobots: false });
    expect(shallow.pages).toBe(1); // about.html only: the listings are two links away
    expect(shallow.found.filter((f) => f.kind === "http.directory-listing")).toEqual([]);
    const few = await scan(planted.port, { maxDepth: 2, maxPages: 2, respectRobots: false });
    expect(few.pages).toBe(2);
  }, 30_000);

  it("reports none of it on the clean twin", async () => {
    const { found, pages } = await scan(clean.port);
    expect(pages).toBeGreaterThanOrEqual(3); // it did crawl: about.html, /files/, /private/
    const kinds = found.map((f) => f.kind);
    for (const k of [
      "http.directory-listing",
      "http.exposed.backup",
      "http.exposed.nginx-status",
      "http.insecure-cookie-http",
    ])
      expect(kinds).not.toContain(k);
  }, 30_000);
});

describe("crawl helpers", () => {
  it("keeps same-origin page links only", () => {
    const html =
      '<a href="a.html#x">1</a><a href="//other.test/b">2</a><a href="/c/?q=1">3</a><link rel="stylesheet" ' +
      'href="/s.css"><iframe src="/frame"></iframe><a href="mailto:x@y.z">m</a>';
    expect(sameOriginLinks(html, "http://site.test:8080/dir/page")).toEqual([
      "http://site.test:8080/dir/a.html",
      "http://site.test:8080/c/?q=1",
      "http://site.test:8080/frame",
    ]);
  });
  it("reads the Disallow rules of the * group only", () => {
    const robots =
      "User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /private/ # x\nDisallow:\nAllow: /\n";
    expect(robotsDisallows(robots)).toEqual(["/private/"]);
  });
});
