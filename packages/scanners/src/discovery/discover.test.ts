// discoverHostnames end to end: brute force, wildcard zones, takeover,
// progress and abort, against the test DNS server and web servers on loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startCtServer,
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestCtServer,
  type TestDnsServer,
  type TestWebServers,
} from "../testing/index.ts";
import { defaultDiscoveryConfig } from "./config.ts";
import { discoverHostnames } from "./discover.ts";
import type { DiscoveryInput, DiscoveryProgress } from "./types.ts";
import { bundledWordlist } from "./wordlist.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let ct: TestCtServer;

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      // example.com: real names, two takeovers, a safe CNAME to a service, a dangling CNAME elsewhere.
      "www.example.com": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1::1"] },
      "vpn.example.com": { AAAA: ["2001:db8::5"] },
      "mail.example.com": { CNAME: "mx.example.net" },
      "mx.example.net": { A: ["198.51.100.25"] },
      "shop.example.com": { CNAME: "oldshop.azurewebsites.net" },
      "docs.example.com": { CNAME: "acme.github.io" },
      "acme.github.io": { A: ["127.0.0.1"] },
      "blog.example.com": { CNAME: "acme-blog.herokuapp.com" },
      "acme-blog.herokuapp.com": { A: ["127.0.0.1"] },
      "legacy.example.com": { CNAME: "gone.example.net" },
      "ct-only.example.com": { A: ["203.0.113.7"] },
      // wild.test: a wildcard zone with one real name of its own.
      "*.wild.test": { A: ["198.51.100.99"] },
      "www.wild.test": { A: ["198.51.100.1"] },
      // deep.test: no wildcard at the top, one in an intermediate zone.
      "*.dev.deep.test": { CNAME: "lb.deep.test" },
      "lb.deep.test": { A: ["198.51.100.50", "198.51.100.51"] },
      "api.dev.deep.test": { A: ["198.51.100.77"] },
    },
  });
  web = await startTestWebServers({
    routes: {
      "docs.example.com/": { status: 404, body: "<h1>404</h1><p>There isn't a GitHub Pages site here.</p>" },
      "blog.example.com/": { status: 200, body: "<h1>Our blog</h1>" },
    },
  });
  ct = await startCtServer();
  ct.publish("example.com", ["ct-only.example.com", "www.example.com", "*.example.com"]);
  ct.publish("wild.test", ["api.wild.test", "www.wild.test"]);
  ct.publish("deep.test", ["x.dev.deep.test", "api.dev.deep.test", "gone.dev.deep.test"]);
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close(), ct.close()]);
});

const input = (domain: string, extra: Partial<DiscoveryInput> = {}): DiscoveryInput => ({
  domain,
  seen: [],
  net: testNetConfig(dns, web),
  config: { ...defaultDiscoveryConfig, crtShUrl: ct.url, certSpotterUrl: null },
  ...extra,
});

describe("discoverHostnames", () => {
  it("brute-forces the bundled wordlist and describes what resolves", async () => {
    const result = await discoverHostnames(input("example.com"));
    expect(result.sourceErrors).toEqual([]);
    expect(result.wildcardZones).toEqual([]);
    const byHost = new Map(result.hosts.map((h) => [h.host, h]));
    expect([...byHost.keys()]).toEqual([
      "blog.example.com",
      "ct-only.example.com",
      "docs.example.com",
      "legacy.example.com",
      "mail.example.com",
      "shop.example.com",
      "vpn.example.com",
      "www.example.com",
    ]);
    expect(byHost.get("www.example.com")).toEqual({
      host: "www.example.com",
      sources: ["bruteforce", "crtsh"],
      resolves: { a: ["93.184.216.34"], aaaa: ["2606:2800:220:1::1"] },
      resolvedIp: { address: "93.184.216.34", family: 4 },
      cname: null,
      wildcard: null,
      takeover: null,
    });
    expect(byHost.get("ct-only.example.com")?.sources).toEqual(["crtsh"]);
    expect(byHost.get("vpn.example.com")).toMatchObject({
      sources: ["bruteforce"],
      resolvedIp: { address: "2001:db8::5", family: 6 },
    });
    expect(byHost.get("mail.example.com")).toMatchObject({
      resolves: { a: ["198.51.100.25"], aaaa: [] },
      cname: { chain: ["mx.example.net"], target: "mx.example.net" },
      takeover: null,
    });
    // Every label of the wordlist was asked, A and AAAA.
    const asked = new Set(dns.queries.filter((q) => q.type === "A").map((q) => q.name));
    for (const label of bundledWordlist()) expect(asked.has(`${label}.example.com`)).toBe(true);
  });

  it("reports takeovers: a CNAME to a deleted app (NXDOMAIN) and a service's 'no such site' page", async () => {
    const result = await discoverHostnames(input("example.com", { config: { ...input("").config, crtShUrl: null } }));
    const takeovers = Object.fromEntries(result.hosts.map((h) => [h.host, h.takeover]));
    expect(takeovers["shop.example.com"]).toEqual({
      service: "Azure App Service",
      target: "oldshop.azurewebsites.net",
      evidence:
        "CNAME shop.example.com → oldshop.azurewebsites.net: oldshop.azurewebsites.net does not exist (NXDOMAIN)",
    });
    expect(takeovers["docs.example.com"]).toEqual({
      service: "GitHub Pages",
      target: "acme.github.io",
      evidence:
        "CNAME docs.example.com → acme.github.io; " +
        `http://docs.example.com/ answered 404: "There isn't a GitHub Pages site here."`,
    });
    // A live Heroku app and a dangling CNAME outside any known service are no takeover.
    expect(takeovers["blog.example.com"]).toBeNull();
    expect(takeovers["legacy.example.com"]).toBeNull();
    expect(result.hosts.find((h) => h.host === "shop.example.com")).toMatchObject({ resolves: null, resolvedIp: null });
  });

  it("marks names answering like the wildcard and drops brute-force-only ones", async () => {
    const result = await discoverHostnames(input("wild.test"));
    expect(result.wildcardZones).toEqual([{ zone: "wild.test", addresses: ["198.51.100.99"] }]);
    expect(result.hosts).toEqual([
      {
        host: "api.wild.test",
        sources: ["crtsh"],
        resolves: { a: ["198.51.100.99"], aaaa: [] },
        resolvedIp: { address: "198.51.100.99", family: 4 },
        cname: null,
        wildcard: { zone: "wild.test", addresses: ["198.51.100.99"] },
        takeover: null,
      },
      expect.objectContaining({ host: "www.wild.test", sources: ["bruteforce", "crtsh"], wildcard: null }),
    ]);
    // The zone was probed with random labels before brute force.
    const probes = dns.queries.filter((q) => /^ems-[0-9a-f]{16}\.wild\.test$/.test(q.name));
    expect(new Set(probes.map((q) => q.name)).size).toBeGreaterThanOrEqual(2);
  });

  it("probes intermediate zones: a wildcard CNAME under dev.deep.test", async () => {
    const result = await discoverHostnames(input("deep.test"));
    expect(result.wildcardZones).toEqual([{ zone: "dev.deep.test", addresses: ["198.51.100.50", "198.51.100.51"] }]);
    const wildcard = Object.fromEntries(result.hosts.map((h) => [h.host, h.wildcard?.zone ?? null]));
    expect(wildcard).toEqual({
      "api.dev.deep.test": null,
      "gone.dev.deep.test": "dev.deep.test",
      "x.dev.deep.test": "dev.deep.test",
      // "lb" is in the wordlist; "dev" too, but dev.deep.test itself has no records: not a host.
      "lb.deep.test": null,
    });
  });

  it("reports progress per phase, never decreasing, ending at the total", async () => {
    const seen: DiscoveryProgress[] = [];
    await discoverHostnames(input("example.com", { onProgress: (p) => void seen.push(p) }));
    const sources = seen.filter((p) => p.phase === "sources");
    const resolve = seen.filter((p) => p.phase === "resolve");
    expect(sources).toEqual([
      { phase: "sources", done: 0, total: 1 },
      { phase: "sources", done: 1, total: 1 },
    ]);
    expect(seen.indexOf(resolve[0]!)).toBeGreaterThan(seen.indexOf(sources[1]!));
    // CT's ct-only name is not in the wordlist; www is counted once.
    const total = bundledWordlist().length + 1;
    expect(resolve.every((p) => p.total === total)).toBe(true);
    expect(resolve.map((p) => p.done)).toEqual([...resolve.map((p) => p.done)].sort((a, b) => a - b));
    expect(resolve.at(-1)).toEqual({ phase: "resolve", done: total, total });
    expect(resolve.length).toBeGreaterThan(20);
  });

  it("stops when aborted, and asks nothing when aborted before it starts", async () => {
    const controller = new AbortController();
    const before = dns.queries.length;
    const run = discoverHostnames(
      input("example.com", {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === "resolve" && p.done >= 500) controller.abort(new Error("stop now"));
        },
      }),
    );
    await expect(run).rejects.toThrow("stop now");
    // Questions already sent reach the server a little later; nothing is sent after that.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = dns.queries.length - before;
    expect(asked).toBeGreaterThan(500);
    expect(asked).toBeLessThan(bundledWordlist().length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dns.queries.length - before).toBe(asked);

    const aborted = AbortSignal.abort(new Error("already"));
    const count = dns.queries.length;
    const requests = ct.requests.length;
    await expect(discoverHostnames(input("example.com", { signal: aborted }))).rejects.toThrow("already");
    expect(dns.queries.length).toBe(count);
    expect(ct.requests.length).toBe(requests);
  });

  it("does no brute force when it is off, and keeps names that do not resolve", async () => {
    const before = dns.queries.length;
    const result = await discoverHostnames(
      input("example.com", {
        config: { ...input("").config, bruteforce: false },
        seen: [{ host: "old-cert-name.example.com", source: "certificate" }],
      }),
    );
    expect(result.hosts.map((h) => [h.host, h.sources, h.resolves !== null])).toEqual([
      ["ct-only.example.com", ["crtsh"], true],
      ["old-cert-name.example.com", ["certificate"], false],
      ["www.example.com", ["crtsh"], true],
    ]);
    expect(dns.queries.length - before).toBeLessThan(20);
  });

  it("stores at most maxHosts: what our checks saw first, then the shallowest; says what it left out", async () => {
    const flood = Array.from({ length: 300 }, (_, i) => `n${i}.deep${i % 3}.cap.test`);
    ct.publish("cap.test", ["www.cap.test", "b.cap.test", ...flood]);
    const result = await discoverHostnames(
      input("cap.test", {
        seen: [{ host: "a.b.c.cap.test", source: "certificate" }],
        config: { ...input("").config, maxHosts: 3 },
      }),
    );
    expect(result.hosts.map((h) => h.host)).toEqual(["a.b.c.cap.test", "b.cap.test", "www.cap.test"]);
    expect(result.capped).toEqual({ limit: 3, dropped: 300 });

    const roomy = await discoverHostnames(input("cap.test", { config: { ...input("").config, bruteforce: false } }));
    expect(roomy.hosts).toHaveLength(302);
    expect(roomy.capped).toBeNull();
  });

  it("stops keeping brute-force names once the cap is reached", async () => {
    const all = await discoverHostnames(input("example.com"));
    const sourced = all.hosts.filter((h) => !(h.sources.length === 1 && h.sources[0] === "bruteforce")).length;
    const capped = await discoverHostnames(
      input("example.com", { config: { ...input("").config, maxHosts: sourced + 1 } }),
    );
    expect(capped.hosts).toHaveLength(sourced + 1);
    expect(capped.capped).toEqual({ limit: sourced + 1, dropped: all.hosts.length - sourced - 1 });
  });
});
