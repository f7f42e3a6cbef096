import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "./config.ts";
import { checkReachability } from "./reachability.ts";
import { safeFetch } from "./http.ts";
import { prepareTarget } from "./scan/target.ts";
import { parseTarget, type AssetType, type ParsedTarget } from "./targets.ts";
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

const LISTING =
  `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult ` +
  `xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>public-bucket</Name>` +
  `<Contents><Key>backup.sql</Key></Contents></ListBucketResult>`;

function target(type: AssetType, raw: string): ParsedTarget {
  const r = parseTarget(type, raw, { allowPrivate: false, allowedRanges: ["127.0.0.0/8", "::1/128"] });
  if (!r.ok) throw new Error(r.message);
  return r.target;
}
const coversExampleCom = (h: string) => h === "example.com" || h.endsWith(".example.com");

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "example.com": { A: ["127.0.0.1"] },
      "www.example.com": { CNAME: "www.example.com.cdn.cloudflare.net" },
      "www.example.com.cdn.cloudflare.net": { A: ["127.0.0.1"] },
      "shop.example.com": { A: ["127.0.0.1"] },
      "login.other.net": { A: ["127.0.0.1"] },
      "intranet.example.com": { A: ["10.0.0.5"] },
      "txt-only.example.com": { TXT: ["hello"] },
    },
  });
  web = await startTestWebServers({
    routes: {
      "http://example.com/": { status: 301, headers: { location: "https://example.com/" } },
      "https://example.com/": {
        body: '<html><head><title>Example Domain</title><meta name="generator" content="Hugo 0.120.4"></head></html>',
        headers: { server: "nginx/1.25.3" },
      },
      "www.example.com/": { body: "<title>www</title>", headers: { "cf-ray": "8a1b-FRA" } },
      "shop.example.com/": { status: 302, headers: { location: "https://login.other.net/sso" } },
      "login.other.net/sso": { body: "login" },
      "127.0.0.1/": { body: "<title>by address</title>" },
      "/public-bucket": { body: LISTING, headers: { "content-type": "application/xml", server: "AmazonS3" } },
      "/private-bucket": {
        status: 403,
        body: "<Error><Code>AccessDenied</Code></Error>",
        headers: { "content-type": "application/xml" },
      },
      "/missing-bucket": {
        status: 404,
        body: "<Error><Code>NoSuchBucket</Code></Error>",
        headers: { "content-type": "application/xml" },
      },
      "/myaccount/public": {
        body: '<?xml version="1.0"?><EnumerationResults ContainerName="public"><Blobs/></EnumerationResults>',
        headers: { "content-type": "application/xml" },
      },
    },
  });
  cfg = testNetConfig(dns, web, {
    bucketEndpoints: { s3: web.http.url, gcs: web.http.url, azure: `${web.http.url}/{account}` },
  });
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close()]);
});

describe("checkReachability", () => {
  it("a domain answering on HTTP and HTTPS", async () => {
    const r = await checkReachability({ target: target("domain", "example.com"), covers: coversExampleCom }, cfg);
    expect(r).toMatchObject({
      status: "reachable",
      resolvedIp: "127.0.0.1",
      canonicalUrl: "https://example.com/",
      cdnProvider: null,
      bucketProvider: null,
      failReason: null,
      skippedRedirectHost: null,
    });
    expect(r.outside.dns).toEqual({ a: ["127.0.0.1"], aaaa: [], cname: [] });
    expect(r.outside.http).toMatchObject({ url: "https://example.com/", status: 200, title: "Example Domain" });
    expect(r.outside.http?.hops.map((h) => h.status)).toEqual([301, 200]);
    expect(r.outside.https).toMatchObject({ url: "https://example.com/", status: 200, title: "Example Domain" });
    expect(r.outside.tls).toMatchObject({ selfSigned: true, authorized: false });
    expect(r.outside.technologies.map((t) => `${t.name} ${t.version}`)).toEqual(["nginx 1.25.3", "Hugo 0.120.4"]);
    expect(new Date(r.outside.checkedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("detects the CDN from the CNAME chain", async () => {
    const r = await checkReachability(
      { target: target("subdomain", "www.example.com"), covers: coversExampleCom },
      cfg,
    );
    expect(r).toMatchObject({
      status: "reachable",
      cdnProvider: "cloudflare",
      canonicalUrl: "https://www.example.com/",
    });
    expect(r.outside.dns?.cname).toEqual(["www.example.com.cdn.cloudflare.net"]);
  });

  it("a name without addresses is unreachable", async () => {
    const r = await checkReachability(
      { target: target("subdomain", "txt-only.example.com"), covers: coversExampleCom },
      cfg,
    );
    expect(r).toMatchObject({
      status: "unreachable",
      failReason: "no A/AAAA record",
      resolvedIp: null,
      canonicalUrl: null,
    });
    const gone = await checkReachability(
      { target: target("subdomain", "gone.example.com"), covers: coversExampleCom },
      cfg,
    );
    expect(gone).toMatchObject({ status: "unreachable", failReason: "no A/AAAA record" });
  });

  it("nothing listening is unreachable, with both reasons", async () => {
    const r = await checkReachability(
      { target: target("domain", "example.com"), covers: coversExampleCom },
      { ...cfg, httpPort: 1, httpsPort: 1 },
    );
    expect(r.status).toBe("unreachable");
    expect(r.failReason).toMatch(
      /^HTTP: http:\/\/example.com\/: connection refused; HTTPS: https:\/\/example.com\/: connection refused$/,
    );
  });

  it("a name resolving to a private address is an error naming it", async () => {
    const r = await checkReachability(
      { target: target("subdomain", "intranet.example.com"), covers: coversExampleCom },
      { ...cfg, allowedRanges: [] },
    );
    expect(r).toMatchObject({
      status: "error",
      resolvedIp: "10.0.0.5",
      failReason: "refused to connect to intranet.example.com: 10.0.0.5 is a private address",
    });
    expect(r.outside.http).toBeNull();
  });

  it("stops at a redirect to a host the proof does not cover", async () => {
    const r = await checkReachability(
      { target: target("subdomain", "shop.example.com"), covers: coversExampleCom },
      cfg,
    );
    expect(r).toMatchObject({
      status: "reachable",
      skippedRedirectHost: "login.other.net",
      canonicalUrl: "https://shop.example.com/",
    });
    expect(r.outside.https?.hops).toEqual([
      { url: "https://shop.example.com/", status: 302, location: "https://login.other.net/sso", address: "127.0.0.1" },
    ]);
    expect(r.outside.errors.https).toMatch(/redirects to login.other.net/);
    expect(web.https.requests.some((q) => q.host === "login.other.net")).toBe(false);
  });

  it("an IP address, without DNS", async () => {
    const r = await checkReachability({ target: target("ipv4", "127.0.0.1"), covers: (h) => h === "127.0.0.1" }, cfg);
    expect(r).toMatchObject({ status: "reachable", resolvedIp: "127.0.0.1", canonicalUrl: "https://127.0.0.1/" });
    expect(r.outside.dns).toBeNull();
    expect(r.outside.https?.title).toBe("by address");
  });

  it("a publicly listable S3 bucket", async () => {
    const r = await checkReachability({ target: target("bucket", "s3://public-bucket"), covers: () => false }, cfg);
    expect(r).toMatchObject({
      status: "reachable",
      bucketProvider: "s3",
      canonicalUrl: `${web.http.url}/public-bucket`,
      resolvedIp: "127.0.0.1",
      failReason: null,
    });
    expect(r.outside.http).toMatchObject({ status: 200, publicListing: true });
    expect(r.outside.technologies.map((t) => t.name)).toEqual(["Amazon S3"]);
  });

  it("a private bucket is reachable without a listing; a missing one is not", async () => {
    const priv = await checkReachability(
      { target: target("bucket", "private-bucket.s3.amazonaws.com"), covers: () => false },
      cfg,
    );
    expect(priv).toMatchObject({ status: "reachable", bucketProvider: "s3" });
    expect(priv.outside.http).toMatchObject({ status: 403, publicListing: false });
    const missing = await checkReachability(
      { target: target("bucket", "gs://missing-bucket"), covers: () => false },
      cfg,
    );
    expect(missing).toMatchObject({
      status: "unreachable",
      bucketProvider: "gcs",
      failReason: "bucket not found (HTTP 404 NoSuchBucket)",
    });
  });

  it("an Azure container through the {account} endpoint template", async () => {
    const r = await checkReachability(
      { target: target("bucket", "azure://myaccount/public"), covers: () => false },
      cfg,
    );
    expect(r).toMatchObject({
      status: "reachable",
      bucketProvider: "azure",
      canonicalUrl: `${web.http.url}/myaccount/public`,
    });
    expect(r.outside.http?.publicListing).toBe(true);
    expect(web.http.requests.at(-1)?.path).toBe("/myaccount/public?restype=container&comp=list");
  });
});

describe("a resolver that refuses, SERVFAILs or drops one record type", () => {
  const check = (host: string, covers = coversExampleCom) =>
    checkReachability({ target: target("domain", host), covers }, { ...cfg, dnsTimeoutMs: 300 });

  for (const how of ["refused", "servfail", "drop"] as const)
    it(`checks over IPv4 when AAAA is ${how}, and says so`, async () => {
      dns.failing = { AAAA: how };
      try {
        const r = await check("example.com");
        expect(r).toMatchObject({ status: "reachable", resolvedIp: "127.0.0.1", canonicalUrl: "https://example.com/" });
        expect(r.warnings).toEqual([
          expect.stringMatching(/^The AAAA lookup of example.com failed: .*; checked over IPv4 only$/),
        ]);
        expect(r.outside.dns?.failures?.map((f) => f.type)).toEqual(["AAAA"]);
      } finally {
        dns.failing = {};
      }
    });

  it("goes on without the CNAME chain when CNAME is dropped (the CDN still told from headers)", async () => {
    dns.failing = { CNAME: "drop" };
    try {
      const r = await checkReachability(
        { target: target("subdomain", "www.example.com"), covers: coversExampleCom },
        { ...cfg, dnsTimeoutMs: 300 },
      );
      expect(r).toMatchObject({ status: "reachable", cdnProvider: "cloudflare" });
      expect(r.warnings).toEqual([
        expect.stringMatching(/CNAME lookup of www.example.com failed: timed out.*CNAME chain is unknown/),
      ]);
    } finally {
      dns.failing = {};
    }
  });

  it("is an error to retry, not unreachable, when the only address type that could answer did not", async () => {
    dns.failing = { A: "servfail" };
    try {
      const r = await check("example.com");
      expect(r.status).toBe("error");
      expect(r.failReason).toMatch(
        /^could not check, try again: The A lookup of example.com failed: the DNS server answered SERVFAIL/,
      );
    } finally {
      dns.failing = {};
    }
  });

  it("is an error when neither A nor AAAA answered", async () => {
    dns.failing = { A: "refused", AAAA: "refused" };
    try {
      const r = await check("example.com");
      expect(r).toMatchObject({
        status: "error",
        failReason: expect.stringMatching(/^DNS lookup of example.com failed: the DNS server refused the query/),
      });
    } finally {
      dns.failing = {};
    }
  });

  it("fetches (safeFetch, the scans' and proofs' way in) connect to the addresses that did answer", async () => {
    dns.failing = { AAAA: "refused", CNAME: "refused" };
    try {
      const r = await safeFetch("https://example.com/", cfg);
      expect(r.status).toBe(200);
      const target6 = await prepareTarget(target("domain", "example.com"), cfg);
      expect(target6).toMatchObject({ kind: "host", addresses: ["127.0.0.1"] });
    } finally {
      dns.failing = {};
    }
  });
});
