// The certificate-transparency sources against a CT look-alike on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  startCtServer,
  startDnsServer,
  testNetConfig,
  type TestCtServer,
  type TestDnsServer,
} from "../testing/index.ts";
import { defaultDiscoveryConfig } from "./config.ts";
import { discoverHostnames } from "./discover.ts";
import { nameUnder } from "./names.ts";
import type { DiscoveryConfig, DiscoveryInput } from "./types.ts";

let ct: TestCtServer;
let dns: TestDnsServer;

beforeAll(async () => {
  ct = await startCtServer({ pageSize: 2 });
  dns = await startDnsServer({ zone: { "api.example.com": { A: ["93.184.216.10"] } } });
});
afterAll(async () => {
  await ct.close();
  await dns.close();
});
afterEach(() => {
  ct.crtsh.clear();
  ct.certspotter.clear();
  ct.mode = { crtsh: "answer", certspotter: "answer" };
  ct.requests.length = 0;
});

const run = (config: Partial<DiscoveryConfig> = {}, extra: Partial<DiscoveryInput> = {}) =>
  discoverHostnames({
    domain: "example.com",
    seen: [],
    net: testNetConfig(dns, null),
    config: { ...defaultDiscoveryConfig, crtShUrl: ct.url, certSpotterUrl: ct.url, bruteforce: false, ...config },
    ...extra,
  });

describe("certificate transparency sources", () => {
  it("normalises names: no wildcard prefix, lower-case, no other domains or junk, no duplicates", async () => {
    ct.crtsh.set("example.com", [
      { name_value: "*.Example.com\nAPI.example.com\nexample.com", common_name: "api.example.com" },
      { name_value: "dev.example.com.\nmail.example.org\nnotexample.com\nuser@example.com\nbad host.example.com" },
      { name_value: "*.*.deep.example.com\nx..example.com\n-a.example.com" },
    ]);
    const result = await run({ certSpotterUrl: null });
    expect(result.sourceErrors).toEqual([]);
    expect(result.hosts.map((h) => h.host)).toEqual(["api.example.com", "deep.example.com", "dev.example.com"]);
    const api = result.hosts[0]!;
    expect(api).toMatchObject({
      sources: ["crtsh"],
      resolves: { a: ["93.184.216.10"], aaaa: [] },
      resolvedIp: { address: "93.184.216.10", family: 4 },
    });
    expect(result.hosts[2]).toMatchObject({ host: "dev.example.com", resolves: null, resolvedIp: null, cname: null });
    expect(ct.requests[0]?.query).toEqual({ q: "%.example.com", output: "json" });
  });

  it("follows CertSpotter's pages with after= and sends the token", async () => {
    for (let i = 1; i <= 5; i++) ct.publish("example.com", [`h${i}.example.com`, "api.example.com"]);
    ct.crtsh.clear();
    const ids = ct.certspotter.get("example.com")!.map((i) => i.id);
    const result = await run({ certSpotterToken: "s3cret" });
    expect(result.hosts.map((h) => h.host)).toEqual([
      "api.example.com",
      "h1.example.com",
      "h2.example.com",
      "h3.example.com",
      "h4.example.com",
      "h5.example.com",
    ]);
    expect(result.hosts.every((h) => h.sources.join() === "certspotter")).toBe(true);
    const spotter = ct.requests.filter((r) => r.source === "certspotter");
    expect(spotter.map((r) => r.query.after)).toEqual([undefined, ids[1], ids[3], ids[4]]);
    expect(spotter[0]).toMatchObject({
      query: { domain: "example.com", include_subdomains: "true", expand: "dns_names" },
      authorization: "Bearer s3cret",
    });
  });

  it("merges the sources of a name found by both, and the names the product already saw", async () => {
    ct.publish("example.com", ["api.example.com", "www.example.com"]);
    const result = await run(
      {},
      {
        seen: [
          { host: "api.example.com", source: "certificate" },
          { host: "cdn.example.com", source: "cname" },
          { host: "elsewhere.example.net", source: "redirect" },
        ],
      },
    );
    expect(result.hosts.map((h) => [h.host, h.sources])).toEqual([
      ["api.example.com", ["certificate", "certspotter", "crtsh"]],
      ["cdn.example.com", ["cname"]],
      ["www.example.com", ["certspotter", "crtsh"]],
    ]);
  });

  it("reports a failing source (500, junk, not a list) without failing the run", async () => {
    ct.publish("example.com", ["api.example.com"]);
    ct.mode.crtsh = "error";
    ct.mode.certspotter = "junk";
    let result = await run();
    expect(result.hosts).toEqual([]);
    expect(result.sourceErrors).toEqual([
      { source: "certspotter", message: "CertSpotter: answered something that is not JSON" },
      { source: "crtsh", message: "crt.sh: answered HTTP 500" },
    ]);
    ct.mode = { crtsh: "answer", certspotter: "error" };
    result = await run();
    expect(result.hosts.map((h) => h.host)).toEqual(["api.example.com"]);
    expect(result.sourceErrors).toEqual([{ source: "certspotter", message: "CertSpotter: answered HTTP 500" }]);
  });

  it("keeps the pages read before CertSpotter failed", async () => {
    for (let i = 1; i <= 3; i++) ct.publish("example.com", [`h${i}.example.com`]);
    ct.mode.certspotter = (after) => (after === undefined ? "answer" : "junk");
    const result = await run({ crtShUrl: null });
    expect(result.sourceErrors.map((e) => e.source)).toEqual(["certspotter"]);
    expect(result.hosts.map((h) => h.host)).toEqual(["h1.example.com", "h2.example.com"]);
  });

  it("gives up on a source that does not answer within its time limit", async () => {
    ct.mode.crtsh = "slow";
    ct.publish("example.com", ["api.example.com"]);
    const started = Date.now();
    const result = await run({ sourceTimeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.sourceErrors).toEqual([{ source: "crtsh", message: "crt.sh: no answer within 400 ms" }]);
    expect(result.hosts.map((h) => [h.host, h.sources])).toEqual([["api.example.com", ["certspotter"]]]);
  });

  it("goes through the address guard: a source on a refused address is an error, not a request", async () => {
    const before = ct.requests.length;
    const result = await run({}, { net: testNetConfig(dns, null, { allowedRanges: [] }) });
    expect(ct.requests.length).toBe(before);
    expect(result.sourceErrors.map((e) => e.source)).toEqual(["certspotter", "crtsh"]);
    expect(result.sourceErrors[0]!.message).toMatch(/refused to connect/);
  });
});

describe("nameUnder", () => {
  it("keeps names strictly under the domain, normalised", () => {
    expect(nameUnder("*.WWW.Example.com.", "example.com")).toBe("www.example.com");
    expect(nameUnder("_dmarc.example.com", "example.com")).toBe("_dmarc.example.com");
    for (const junk of ["example.com", "badexample.com", "a.example.org", "a b.example.com", "a.*.example.com"])
      expect(nameUnder(junk, "example.com")).toBeNull();
    expect(nameUnder(`${"a".repeat(64)}.example.com`, "example.com")).toBeNull();
  });
});
