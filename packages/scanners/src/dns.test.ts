import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DnsError, resolveAddresses, resolveHost, resolveTxt } from "./dns.ts";
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

describe("a resolver that refuses, SERVFAILs or drops one record type", () => {
  const cfg = () => testNetConfig(dns, null, { dnsTimeoutMs: 300 });
  const why = { refused: "refused the query", servfail: "SERVFAIL", drop: "timed out after 300 ms" };

  for (const how of ["refused", "servfail", "drop"] as const) {
    it(`uses A and the CNAME chain when AAAA is ${how}, and lists AAAA as failed`, async () => {
      dns.failing = { AAAA: how };
      try {
        const r = await resolveHost("www.example.com", cfg());
        expect(r).toMatchObject({
          a: ["104.16.1.1", "104.16.1.2"],
          aaaa: [],
          cname: ["edge.example.net", "e1.cdn.example.org"],
        });
        expect(r.failures).toHaveLength(1);
        expect(r.failures![0]).toMatchObject({ type: "AAAA" });
        expect(r.failures![0]!.message).toContain("the AAAA lookup of www.example.com failed: ");
        expect(r.failures![0]!.message).toContain(why[how]);
      } finally {
        dns.failing = {};
      }
    });
  }

  it("uses the addresses when CNAME is refused, and the AAAA ones when A is", async () => {
    dns.failing = { CNAME: "refused" };
    try {
      const r = await resolveHost("example.com", cfg());
      expect(r).toMatchObject({ a: ["93.184.216.34"], aaaa: ["2606:2800:220:1::1"], cname: [] });
      expect(r.failures!.map((f) => [f.type, f.code])).toEqual([["CNAME", "EREFUSED"]]);
      dns.failing = { A: "servfail" };
      const v6 = await resolveHost("example.com", cfg());
      expect(v6).toMatchObject({ a: [], aaaa: ["2606:2800:220:1::1"] });
      expect(v6.failures!.map((f) => f.type)).toEqual(["A"]);
    } finally {
      dns.failing = {};
    }
  });

  it("is a DnsError only when neither A nor AAAA answered, saying why each did not", async () => {
    dns.failing = { A: "refused", AAAA: "servfail" };
    try {
      const err = (await resolveHost("example.com", cfg()).catch((e: unknown) => e)) as DnsError;
      expect(err).toBeInstanceOf(DnsError);
      expect(err.message).toMatch(
        /^DNS lookup of example.com failed: A: the DNS server refused the query; AAAA: the DNS server answered SERVF/,
      );
    } finally {
      dns.failing = {};
    }
  });

  it("resolveAddresses asks only A and AAAA (what a connection needs), with the same tolerance", async () => {
    dns.failing = { AAAA: "drop" };
    try {
      const before = dns.queries.length;
      const r = await resolveAddresses("www.example.com", cfg());
      expect(r).toMatchObject({ a: ["104.16.1.1", "104.16.1.2"], aaaa: [] });
      expect(r.failures!.map((f) => f.type)).toEqual(["AAAA"]);
      expect(
        dns.queries
          .slice(before)
          .map((q) => q.type)
          .sort(),
      ).toEqual(["A", "AAAA"]);
    } finally {
      dns.failing = {};
    }
  });

  it("resolveTxt fails when TXT is refused, though A answers", async () => {
    dns.failing = { TXT: "refused" };
    try {
      await expect(resolveTxt("example.com", cfg())).rejects.toThrow(/refused the query/);
      expect((await resolveHost("example.com", cfg())).a).toEqual(["93.184.216.34"]);
    } finally {
      dns.failing = {};
    }
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
