// A focused scan (a retest) against real servers on 127.0.0.1: it finds the planted exposure, asks nothing the
// focus does not need, says which kinds it looked at to the end, and a stage cut by its time limit did not look.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../checks/catalogue.ts";
import type { NetConfig } from "../config.ts";
import {
  coversExample,
  exampleHost,
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  testScanEngineConfig,
  type TestDnsServer,
  type TestWebServers,
} from "../testing/index.ts";
import { focusableKind, runScan } from "./run.ts";
import type { ScanProfile } from "./types.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let net: NetConfig;
const GIT = "http.exposed.git";
const covers = coversExample;
const host = exampleHost;
const profile: ScanProfile = { portScanMode: "top100", nucleiMinSeverity: "info", disabledScannerTypes: [] };
const engine = { ...testScanEngineConfig, bannerTimeoutMs: 500, portTimeoutMs: 500 };
const gitConfig = { headers: { "content-type": "text/plain" }, body: "[core]\n\trepositoryformatversion = 0\n" };

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "www.example.test": { A: ["127.0.0.1"] },
      "clean.example.test": { A: ["127.0.0.1"] },
      "slow.example.test": { A: ["127.0.0.1"] },
    },
  });
  web = await startTestWebServers({
    hostnames: ["www.example.test", "clean.example.test"],
    routes: {
      "www.example.test/": { headers: { server: "nginx/1.25.3" }, body: '<html><a href="/about">about</a></html>' },
      "www.example.test/about": { body: "<html>about</html>" },
      "www.example.test/.git/config": gitConfig,
      "www.example.test/.env": { headers: { "content-type": "text/plain" }, body: "DB_PASSWORD=hunter2\n" },
      "clean.example.test/": { body: '<html><a href="/about">about</a></html>' },
      "slow.example.test/": () => undefined, // never answers
    },
  });
  net = testNetConfig(dns, web);
});

afterAll(async () => {
  await Promise.all([web?.close(), dns?.close()]);
});

/** The requests the web servers received while fn ran, as "host path". */
async function requestsDuring<T>(fn: () => Promise<T>): Promise<{ result: T; paths: string[] }> {
  const before = [web.http.requests.length, web.https.requests.length];
  const result = await fn();
  const paths = [...web.http.requests.slice(before[0]), ...web.https.requests.slice(before[1])].map((r) => r.path);
  return { result, paths };
}

describe("a focused scan", () => {
  it("finds the planted exposure and asks only for the home page and the check's own paths", async () => {
    const own = new Set(
      catalogue()
        .http.find((c) => c.kind === GIT)!
        .http!.flatMap((p) => p.paths ?? []),
    );
    const { result, paths } = await requestsDuring(() =>
      runScan(
        { target: host("www.example.test"), profile, covers, focus: { kinds: [GIT], ports: [web.http.port] } },
        net,
        engine,
      ),
    );
    expect(result.findings.map((f) => f.kind)).toEqual([GIT]);
    expect(result.lookedAt).toEqual([GIT]);
    // Only the stages that can report the kind (and the port stage, for the port) ran.
    expect(result.stages.map((s) => s.stage)).toEqual(["ports", "http"]); // no crawl: git files are never linked
    // Only the asked port was probed: the HTTPS server heard nothing.
    expect(result.openPorts.map((p) => p.port)).toEqual([web.http.port]);
    expect(paths.length).toBeGreaterThan(0);
    const others = paths.filter((p) => p !== "/" && !own.has(p));
    expect(others).toEqual([]); // not /.env, not the crawl's /about, no other check's path

    // The same asset scanned whole asks for far more (every other check's paths), and finds the .env too.
    const whole = await requestsDuring(() =>
      runScan({ target: host("www.example.test"), profile: { ...profile, portScanMode: "web" }, covers }, net, engine),
    );
    expect(whole.paths).toContain("/.env");
    expect(whole.paths.length).toBeGreaterThan(paths.length * 10);
    expect(whole.result.lookedAt).toBeUndefined();
  });

  it("on the clean twin, says the kind was looked at and not found", async () => {
    const result = await runScan(
      { target: host("clean.example.test"), profile, covers, focus: { kinds: [GIT], ports: [web.http.port] } },
      net,
      engine,
    );
    expect(result.findings).toEqual([]);
    expect(result.lookedAt).toEqual([GIT]);
  });

  it("with the issue's port closed, the exposure is gone (looked at: the port did not answer)", async () => {
    const result = await runScan(
      { target: host("www.example.test"), profile, covers, focus: { kinds: [GIT], ports: [9] } },
      net,
      engine,
    );
    expect(result.findings).toEqual([]);
    expect(result.openPorts).toEqual([]);
    expect(result.lookedAt).toEqual([GIT]);
  });

  it("does not count a kind as looked at when its stage was cut by the time limit", async () => {
    const result = await runScan({ target: host("slow.example.test"), profile, covers, focus: { kinds: [GIT] } }, net, {
      ...engine,
      stageTimeoutMs: 400,
    });
    expect(result.stages.find((s) => s.stage === "http")).toMatchObject({ timedOut: true });
    expect(result.findings.map((f) => f.kind)).toEqual(["scan.stage-timeout"]);
    expect(result.lookedAt).toEqual([]);
  });

  it("of an open port, probes that port only", async () => {
    const kind = `port.open.${web.https.port}`;
    const result = await runScan(
      { target: host("www.example.test"), profile, covers, focus: { kinds: [kind, "port.open.9"] } },
      net,
      engine,
    );
    expect(result.stages.map((s) => s.stage)).toEqual(["ports"]);
    expect(result.findings.map((f) => f.kind)).toEqual([kind]);
    expect(result.lookedAt).toEqual([kind, "port.open.9"]);
  });

  it("says which kinds it can look for on its own", () => {
    expect(focusableKind(GIT)).toBe(true);
    expect(focusableKind("tls.self-signed")).toBe(true);
    expect(focusableKind("port.open.6379")).toBe(true);
    expect(focusableKind("nuclei.some-template")).toBe(false);
    expect(focusableKind("scan.stage-timeout")).toBe(false);
  });
});
