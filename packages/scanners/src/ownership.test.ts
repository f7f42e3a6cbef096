import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "./config.ts";
import { ownershipRecord, verifyOwnership } from "./ownership.ts";
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
const token = "tok_8f3a2c";

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "example.com": { A: ["127.0.0.1"] },
      "www.example.com": { A: ["127.0.0.1"] },
      "http-only.example.com": { A: ["127.0.0.1"] },
      "elsewhere.example.com": { A: ["127.0.0.1"] },
    },
  });
  web = await startTestWebServers();
  cfg = testNetConfig(dns, web);
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close()]);
});

describe("ownershipRecord", () => {
  it("names what to publish", () => {
    expect(ownershipRecord.dnsName("Example.com.")).toBe("_ems-verify.example.com");
    expect(ownershipRecord.dnsValue("abc")).toBe("ems-verify=abc");
    expect(ownershipRecord.filePath).toBe("/.well-known/ems-verify.txt");
    expect(ownershipRecord.metaName).toBe("ems-verify");
  });
});

describe("verifyOwnership: dns-txt", () => {
  it("fails clearly when there is no record", async () => {
    expect(await verifyOwnership({ method: "dns-txt", host: "example.com", token }, cfg)).toEqual({
      ok: false,
      detail: `no TXT record at _ems-verify.example.com (expected ems-verify=${token})`,
    });
  });

  it("fails showing what was found when the value differs", async () => {
    dns.set("_ems-verify.example.com", { TXT: ["ems-verify=abc"] });
    expect(await verifyOwnership({ method: "dns-txt", host: "example.com", token }, cfg)).toEqual({
      ok: false,
      detail: `TXT _ems-verify.example.com has: ems-verify=abc (expected ems-verify=${token})`,
    });
  });

  it("passes when one record matches", async () => {
    dns.add("_ems-verify.example.com", { TXT: [`ems-verify=${token}`] });
    expect(await verifyOwnership({ method: "dns-txt", host: "example.com", token }, cfg)).toEqual({
      ok: true,
      detail: `TXT _ems-verify.example.com has ems-verify=${token}`,
    });
  });

  it("passes with a record longer than one TXT string", async () => {
    const long = "t".repeat(300);
    dns.set("_ems-verify.www.example.com", { TXT: [`ems-verify=${long}`] });
    expect((await verifyOwnership({ method: "dns-txt", host: "www.example.com", token: long }, cfg)).ok).toBe(true);
  });

  it("reports a DNS failure as such: not a verdict, a check to try again", async () => {
    const silent = await startDnsServer({ mode: "silent" });
    try {
      const r = await verifyOwnership(
        { method: "dns-txt", host: "example.com", token },
        testNetConfig(silent, web, { dnsTimeoutMs: 200 }),
      );
      expect(r).toEqual({
        ok: false,
        inconclusive: true,
        detail: expect.stringMatching(
          /^could not check, try again: DNS lookup of _ems-verify.example.com failed: timed out/,
        ),
      });
    } finally {
      await silent.close();
    }
  });

  const verbs = { refused: "refuses", servfail: "SERVFAILs", drop: "drops" } as const;
  for (const how of ["refused", "servfail", "drop"] as const)
    it(`cannot say when the resolver ${verbs[how]} TXT alone`, async () => {
      dns.failing = { TXT: how };
      try {
        const r = await verifyOwnership(
          { method: "dns-txt", host: "example.com", token },
          { ...cfg, dnsTimeoutMs: 300 },
        );
        expect(r).toMatchObject({ ok: false, inconclusive: true });
        expect(r.detail).toMatch(/^could not check, try again: DNS lookup of _ems-verify\.example\.com failed: /);
      } finally {
        dns.failing = {};
      }
    });

  it("a missing record is a verdict, not a check to retry", async () => {
    const r = await verifyOwnership({ method: "dns-txt", host: "nothing-here.example.com", token }, cfg);
    expect(r).toEqual({ ok: false, detail: expect.stringMatching(/^no TXT record at _ems-verify.nothing-here/) });
  });
});

describe("verifyOwnership: http-file", () => {
  it("fails with the status of each attempt", async () => {
    const r = await verifyOwnership({ method: "http-file", host: "example.com", token }, cfg);
    expect(r).toEqual({
      ok: false,
      detail:
        "HTTP 404 at https://example.com/.well-known/ems-verify.txt; HTTP 404 at " +
        "http://example.com/.well-known/ems-verify.txt",
    });
  });

  it("fails showing the file's content when it holds another token", async () => {
    web.route("example.com/.well-known/ems-verify.txt", {
      body: "someone-else\n",
      headers: { "content-type": "text/plain" },
    });
    const r = await verifyOwnership({ method: "http-file", host: "example.com", token }, cfg);
    expect(r.ok).toBe(false);
    expect(r.detail).toBe(
      `https://example.com/.well-known/ems-verify.txt has "someone-else" (expected the token ${token}); ` +
        `http://example.com/.well-known/ems-verify.txt has "someone-else" (expected the token ${token})`,
    );
  });

  it("passes over HTTPS", async () => {
    web.route("example.com/.well-known/ems-verify.txt", {
      body: `\n${token}\n`,
      headers: { "content-type": "text/plain" },
    });
    expect(await verifyOwnership({ method: "http-file", host: "example.com", token }, cfg)).toEqual({
      ok: true,
      detail: "token found at https://example.com/.well-known/ems-verify.txt",
    });
  });

  it("falls back to HTTP, and accepts the token on a line of its own", async () => {
    web.route("http://http-only.example.com/.well-known/ems-verify.txt", {
      body: `# ems\n${token}\n`,
      headers: { "content-type": "text/plain" },
    });
    expect(await verifyOwnership({ method: "http-file", host: "http-only.example.com", token }, cfg)).toEqual({
      ok: true,
      detail: "token found at http://http-only.example.com/.well-known/ems-verify.txt",
    });
  });

  it("does not follow a redirect to another host", async () => {
    web.route("elsewhere.example.com/.well-known/ems-verify.txt", {
      status: 302,
      headers: { location: "https://example.com/.well-known/ems-verify.txt" },
    });
    const r = await verifyOwnership({ method: "http-file", host: "elsewhere.example.com", token }, cfg);
    expect(r.ok).toBe(false);
    expect(r.detail).toMatch(
      /redirects to another host \(example.com\); the proof must be served by elsewhere.example.com itself/,
    );
  });
});

describe("verifyOwnership: html-meta", () => {
  it("fails when the home page has no tag", async () => {
    web.route("www.example.com/", { body: "<html><head><title>Home</title></head></html>" });
    const r = await verifyOwnership({ method: "html-meta", host: "www.example.com", token }, cfg);
    expect(r).toEqual({
      ok: false,
      detail: "meta tag not found on https://www.example.com/; meta tag not found on http://www.example.com/",
    });
  });

  it("fails showing a different content", async () => {
    web.route("www.example.com/", { body: '<html><head><meta name="ems-verify" content="old-token"></head></html>' });
    const r = await verifyOwnership({ method: "html-meta", host: "www.example.com", token }, cfg);
    expect(r.detail).toBe(
      `meta ems-verify on https://www.example.com/ has "old-token" (expected "${token}"); meta ems-verify on ` +
        `http://www.example.com/ has "old-token" (expected "${token}")`,
    );
  });

  it("passes with the tag, whatever the attribute case and order", async () => {
    web.route("www.example.com/", {
      body: `<html><head><META CONTENT="${token}" NAME="ems-verify"></head><body>hi</body></html>`,
    });
    expect(await verifyOwnership({ method: "html-meta", host: "www.example.com", token }, cfg)).toEqual({
      ok: true,
      detail: `<meta name="ems-verify"> with the token found on https://www.example.com/`,
    });
  });

  it("says when the site cannot be reached at all", async () => {
    const r = await verifyOwnership({ method: "html-meta", host: "nowhere.example.com", token }, cfg);
    expect(r).toEqual({
      ok: false,
      detail: "nowhere.example.com has no A/AAAA record; nowhere.example.com has no A/AAAA record",
    });
  });
});
