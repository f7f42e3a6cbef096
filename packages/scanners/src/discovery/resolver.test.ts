// The UDP DNS client against the test DNS server on 127.0.0.1.
import dnsPacket from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, testNetConfig, type TestDnsServer } from "../testing/index.ts";
import { DnsClient, DnsQueryError, encodeQuery, parseServer } from "./resolver.ts";

let dns: TestDnsServer;
let servfail: TestDnsServer;
let silent: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "www.example.com": { CNAME: "edge.example.net" },
      "edge.example.net": { CNAME: "e1.cdn.example.org" },
      "e1.cdn.example.org": { A: ["104.16.1.1", "104.16.1.2"], AAAA: ["2606:4700::1"] },
      "dangling.example.com": { CNAME: "gone.example.net" },
      "text.example.com": { TXT: ["only text"] },
    },
  });
  for (let i = 0; i < 1000; i++) dns.set(`n${i}.bulk.example.com`, { A: [`10.0.${i >> 8}.${i & 255}`] });
  servfail = await startDnsServer({ mode: "servfail" });
  silent = await startDnsServer({ mode: "silent" });
});
afterAll(async () => {
  await Promise.all([dns.close(), servfail.close(), silent.close()]);
});

describe("DnsClient", () => {
  it("answers A and AAAA with the CNAME chain, in order", async () => {
    const client = new DnsClient(testNetConfig(dns, null));
    try {
      expect(await client.lookup("WWW.example.com.")).toEqual({
        a: ["104.16.1.1", "104.16.1.2"],
        aaaa: ["2606:4700::1"],
        cname: ["edge.example.net", "e1.cdn.example.org"],
        nxdomain: false,
      });
    } finally {
      client.close();
    }
  });

  it("tells NXDOMAIN (with a dangling chain) from a name without addresses", async () => {
    const client = new DnsClient(testNetConfig(dns, null));
    try {
      expect(await client.lookup("dangling.example.com")).toEqual({
        a: [],
        aaaa: [],
        cname: ["gone.example.net"],
        nxdomain: true,
      });
      expect(await client.lookup("text.example.com")).toEqual({ a: [], aaaa: [], cname: [], nxdomain: false });
      expect(await client.lookup("nothing.example.com")).toMatchObject({ a: [], nxdomain: true });
    } finally {
      client.close();
    }
  });

  for (const how of ["refused", "servfail", "drop"] as const)
    it(`keeps a name's A answer when its resolver ${how === "drop" ? "drops" : "fails"} AAAA (${how})`, async () => {
      dns.failing = { AAAA: how };
      const client = new DnsClient(testNetConfig(dns, null, { dnsTimeoutMs: 200 }));
      try {
        expect(await client.lookup("www.example.com")).toEqual({
          a: ["104.16.1.1", "104.16.1.2"],
          aaaa: [],
          cname: ["edge.example.net", "e1.cdn.example.org"],
          nxdomain: false,
        });
        // A itself failing is still a failure of the name.
        dns.failing = { A: how };
        await expect(client.lookup("www.example.com")).rejects.toThrow(DnsQueryError);
      } finally {
        dns.failing = {};
        client.close();
      }
    });

  it("matches a thousand answers in flight to their questions", async () => {
    const client = new DnsClient(testNetConfig(dns, null));
    try {
      const names = Array.from({ length: 1000 }, (_, i) => i);
      const answers = await Promise.all(names.map((i) => client.query(`n${i}.bulk.example.com`, "A")));
      answers.forEach((a, i) => expect(a.addresses).toEqual([`10.0.${i >> 8}.${i & 255}`]));
    } finally {
      client.close();
    }
  });

  it("retries a SERVFAIL on the next server", async () => {
    const client = new DnsClient(testNetConfig(dns, null, { dnsServers: [servfail.address, dns.address] }));
    const before = servfail.queries.length;
    try {
      for (let i = 0; i < 4; i++)
        expect((await client.query(`n${i}.bulk.example.com`, "A")).addresses).toEqual([`10.0.0.${i}`]);
      expect(servfail.queries.length).toBeGreaterThan(before);
    } finally {
      client.close();
    }
  });

  it("gives up after its tries with the reason and the servers asked", async () => {
    // Both questions of a lookup time out together; either may be the one reported.
    const client = new DnsClient(testNetConfig(silent, null, { dnsTimeoutMs: 200 }));
    const started = Date.now();
    try {
      await expect(client.lookup("www.example.com")).rejects.toThrow(
        `A lookup of www.example.com failed: timed out after 200 ms (via ${silent.address})`,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(380);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      client.close();
    }
    const failing = new DnsClient(testNetConfig(servfail, null));
    try {
      await expect(failing.query("www.example.com", "A")).rejects.toThrow(/failed: SERVFAIL/);
    } finally {
      failing.close();
    }
  });

  it("rejects what is pending when closed", async () => {
    const client = new DnsClient(testNetConfig(silent, null));
    const pending = client.lookup("www.example.com");
    client.close();
    await expect(pending).rejects.toThrow("the DNS client was closed");
    await expect(client.lookup("www.example.com")).rejects.toThrow("the DNS client is closed");
  });
});

describe("parseServer", () => {
  it("reads ip, ip:port, [v6]:port and bare v6", () => {
    expect(parseServer("10.0.0.53")).toEqual({ address: "10.0.0.53", port: 53, family: 4 });
    expect(parseServer("127.0.0.1:5353")).toEqual({ address: "127.0.0.1", port: 5353, family: 4 });
    expect(parseServer("[::1]:5353")).toEqual({ address: "::1", port: 5353, family: 6 });
    expect(parseServer("2001:db8::53")).toEqual({ address: "2001:db8::53", port: 53, family: 6 });
    expect(() => parseServer("dns.example.com")).toThrow('"dns.example.com" is not a DNS server address');
    expect(() => parseServer("127.0.0.1:70000")).toThrow(DnsQueryError);
  });
});

describe("encodeQuery", () => {
  it("writes what dns-packet reads as the question", () => {
    const decoded = dnsPacket.decode(encodeQuery(0xbeef, "www.example.com", "AAAA"));
    expect(decoded).toMatchObject({
      id: 0xbeef,
      type: "query",
      flag_rd: true,
      questions: [{ name: "www.example.com", type: "AAAA", class: "IN" }],
    });
    expect(() => encodeQuery(1, "a..example.com", "A")).toThrow("is not a valid DNS name");
  });
});
