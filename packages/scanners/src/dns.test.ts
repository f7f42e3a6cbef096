import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DnsError, resolveHost, resolveTxt } from "./dns.ts";
import { startDnsServer, testNetConfig, type TestDnsServer } from "./testing/index.ts";

let dns: TestDnsServer;
let silent: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "example.com": {
        A: ["93.184.216.34"],
        AAAA: ["2606:2800:220:1::1"],
        TXT: ["v=spf1 -all", `long=${"x".repeat(400)}`],
      },
      "www.example.com": { CNAME: "edge.example.net" },
      "edge.example.net": { CNAME: "e1.cdn.example.org" },
      "e1.cdn.example.org": { A: ["104.16.1.1", "104.16.1.2"] },
      "v6only.example.com": { AAAA: ["2001:4860::1"] },
      "empty.example.com": { TXT: ["only text"] },
    },
  });
  silent = await startDnsServer({ mode: "silent" });
});
afterAll(async () => {
  await dns.close();
  await silent.close();
});

describe("resolveHost", () => {
  it("answers A and AAAA", async () => {
    expect(await resolveHost("Example.COM.", testNetConfig(dns, null))).toEqual({
      a: ["93.184.216.34"],
      aaaa: ["2606:2800:220:1::1"],
      cname: [],
    });
    expect(await resolveHost("v6only.example.com", testNetConfig(dns, null))).toEqual({
      a: [],
      aaaa: ["2001:4860::1"],
      cname: [],
    });
  });

  it("follows a CNAME chain and reports it", async () => {
    expect(await resolveHost("www.example.com", testNetConfig(dns, null))).toEqual({
      a: ["104.16.1.1", "104.16.1.2"],
      aaaa: [],
      cname: ["edge.example.net", "e1.cdn.example.org"],
    });
  });

  it("gives empty lists for NXDOMAIN and NODATA", async () => {
    expect(await resolveHost("nope.example.com", testNetConfig(dns, null))).toEqual({ a: [], aaaa: [], cname: [] });
    expect(await resolveHost("empty.example.com", testNetConfig(dns, null))).toEqual({ a: [], aaaa: [], cname: [] });
  });

  it("answers an IP literal without asking", async () => {
    const before = dns.queries.length;
    expect(await resolveHost("[2001:db8::1]", testNetConfig(dns, null))).toEqual({
      a: [],
      aaaa: ["2001:db8::1"],
      cname: [],
    });
    expect(dns.queries.length).toBe(before);
  });

  it("throws a DnsError when the server never answers, within the timeout", async () => {
    const started = Date.now();
    const err = await resolveHost("example.com", testNetConfig(silent, null, { dnsTimeoutMs: 300 })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DnsError);
    expect((err as DnsError).message).toMatch(/DNS lookup of example.com failed: timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("throws a DnsError on SERVFAIL", async () => {
    const broken = await startDnsServer({ mode: "servfail" });
    try {
      await expect(resolveHost("example.com", testNetConfig(broken, null))).rejects.toThrow(/SERVFAIL/);
    } finally {
      await broken.close();
    }
  });

  it("sees zone changes at once (tests publish records on the fly)", async () => {
    dns.set("later.example.com", { A: ["8.8.4.4"] });
    expect((await resolveHost("later.example.com", testNetConfig(dns, null))).a).toEqual(["8.8.4.4"]);
    dns.remove("later.example.com");
    expect((await resolveHost("later.example.com", testNetConfig(dns, null))).a).toEqual([]);
  });
});

describe("resolveTxt", () => {
  it("joins the strings of each record", async () => {
    const txt = await resolveTxt("example.com", testNetConfig(dns, null));
    expect(txt).toEqual(["v=spf1 -all", `long=${"x".repeat(400)}`]);
  });
  it("gives [] when there is none", async () => {
    expect(await resolveTxt("_ems-verify.nope.example.com", testNetConfig(dns, null))).toEqual([]);
  });
});
