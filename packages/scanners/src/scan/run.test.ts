import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../config.ts";
import { parseTarget } from "../targets.ts";
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
import { DEFAULT_CHECKS } from "../checks/engine/settings.ts";
import { defaultScanEngineConfig, scanEngineConfigFromEnv, type ScanEngineConfig } from "./config.ts";
import { dedupeFindings, runScan, STAGE_ORDER } from "./run.ts";
import type { ScanFinding, ScanProfile, ScanStage } from "./types.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let net: NetConfig;
let dir: string;
let fakeNuclei: string;
const covers = coversExample;
const host = exampleHost;
const profile = (p: Partial<ScanProfile> = {}): ScanProfile => ({
  portScanMode: "web",
  nucleiMinSeverity: "info",
  disabledScannerTypes: [],
  ...p,
});
let engine: ScanEngineConfig;
const kinds = (fs: ScanFinding[]) => fs.map((f) => f.kind);

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "www.example.test": { A: ["127.0.0.1"] },
      "slow.example.test": { A: ["127.0.0.1"] },
      "private.example.test": { A: ["10.0.0.5"] },
      "nowhere.example.test": { TXT: ["no address"] },
    },
  });
  web = await startTestWebServers({
    hostnames: ["www.example.test"],
    routes: {
      "www.example.test/": {
        headers: { server: "nginx/1.25.3", "x-powered-by": "PHP/7.2.34" },
        body:
          '<html><head><meta name="generator" content="WordPress 6.4.2"></head><body>hi' +
          '<script src="/js/jquery-1.12.4.min.js"></script></body></html>',
      },
      "www.example.test/.git/config": {
        headers: { "content-type": "text/plain" },
        body: "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
      },
      "www.example.test/swagger.json": {
        headers: { "content-type": "application/json" },
        body: '{"swagger":"2.0","info":{}}',
      },
      "slow.example.test/": () => undefined, // never answers
      "/my-bucket": {
        headers: { "content-type": "application/xml" },
        body:
          '<?xml version="1.0"?><ListBucketResult><Name>my-bucket</Name>' +
          "<Contents><Key>secret.txt</Key></Contents></ListBucketResult>",
      },
    },
  });
  net = testNetConfig(dns, web, {
    bucketEndpoints: {
      s3: `http://127.0.0.1:${web.http.port}`,
      gcs: "http://127.0.0.1:9",
      azure: "http://127.0.0.1:9",
    },
  });
  dir = await mkdtemp(join(tmpdir(), "ems-run-"));
  fakeNuclei = join(dir, "nuclei");
  const line = JSON.stringify({
    "template-id": "fake-check",
    info: { name: "Fake nuclei check", severity: "medium" },
    "matched-at": `https://www.example.test:${web.https.port}/x`,
  });
  await writeFile(fakeNuclei, `#!/bin/sh\nprintf '%s\\n' '${line}'\n`);
  await chmod(fakeNuclei, 0o755);
  engine = {
    ...testScanEngineConfig,
    bannerTimeoutMs: 500,
    portTimeoutMs: 500,
    nucleiBinary: fakeNuclei,
    advisoriesDir: join(dir, "no-imported-advisories"), // the bundled dataset
  };
});

afterAll(async () => {
  await Promise.all([web?.close(), dns?.close(), dir && rm(dir, { recursive: true, force: true })]);
});

describe("runScan", () => {
  it("runs every stage in order with rising progress and finds what each scanner finds", async () => {
    const progress: Array<[ScanStage, number]> = [];
    const result = await runScan({ target: host("www.example.test"), profile: profile(), covers }, net, engine, {
      onProgress: async (stage, percent) => {
        await new Promise((r) => setTimeout(r, 1)); // async hooks are awaited
        progress.push([stage, percent]);
      },
    });
    expect(result.stages.map((s) => s.stage)).toEqual(STAGE_ORDER);
    for (const s of result.stages) expect(s, s.stage).toMatchObject({ timedOut: false });
    expect(result.stages.filter((s) => s.error)).toEqual([]);

    // Progress: stages in order, percent never going down, from 0 to 100.
    expect(progress[0]).toEqual(["ports", 0]);
    expect(progress.at(-1)).toEqual(["nuclei", 100]);
    const order = progress.map(([s]) => STAGE_ORDER.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const percents = progress.map(([, p]) => p);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(progress.map(([s]) => s))).toEqual(new Set(STAGE_ORDER));

    // Ports: the test servers' ports (always added to the mode's list), with services.
    const ports = new Map(result.openPorts.map((p) => [p.port, p]));
    expect(ports.get(web.http.port)).toMatchObject({ protocol: "tcp", service: "http" });
    expect(ports.get(web.https.port)).toMatchObject({ service: "https" });
    const k = kinds(result.findings);
    expect(k).toEqual(expect.arrayContaining([`port.open.${web.http.port}`, `port.open.${web.https.port}`]));
    expect(result.findings.find((f) => f.kind === `port.open.${web.https.port}`)).toMatchObject({
      scanner: "port-scan",
      severity: "info",
      port: web.https.port,
    });
    // Versions: matched against the bundled advisory dataset.
    expect(result.findings.find((f) => f.kind === "tech.jquery.vulnerable")).toMatchObject({
      scanner: "technologies",
      severity: "medium",
      title: expect.stringMatching(/^jQuery 1\.12\.4 is affected by CVE-.* and 3 more; fixed in 3\.5\.0$/),
    });
    expect(result.findings.find((f) => f.kind === "tech.php.end-of-life")?.title).toBe(
      "PHP 7.2 reached end of life on 2020-11-30",
    );
    expect(k.filter((x) => /^tech\.(nginx|wordpress)\./.test(x))).toEqual([]); // 1.25.3 and 6.4.2: nothing known
    // TLS: the test server's certificate is self-signed.
    expect(k).toContain("tls.self-signed");
    // HTTP, technologies, templates, nuclei.
    expect(k).toEqual(
      expect.arrayContaining([
        "http.exposed.git",
        "http.no-https-redirect",
        "http.missing-header.content-security-policy",
        "http.version-disclosure",
      ]),
    );
    expect(k).toEqual(expect.arrayContaining(["tech.nginx", "tech.wordpress"]));
    expect(result.findings.find((f) => f.kind === "tech.wordpress")).toMatchObject({
      scanner: "technologies",
      severity: "info",
      title: "Technology: WordPress 6.4.2",
    });
    // Our git template reports the HTTP check's kind: one problem, one issue.
    expect(k).toEqual(expect.arrayContaining(["http.exposed.git", "template.swagger-api-docs"]));
    expect(k).not.toContain("template.git-config-exposure");
    expect(result.findings.find((f) => f.kind === "nuclei.fake-check")).toMatchObject({
      scanner: "nuclei",
      severity: "medium",
    });
    // One finding per kind; the same problem on both endpoints is merged.
    expect(new Set(k).size).toBe(k.length);
    const git = result.findings.find((f) => f.kind === "http.exposed.git")!;
    expect(git.evidence.urls).toEqual(
      expect.arrayContaining([
        `https://www.example.test:${web.https.port}/.git/config`,
        `http://www.example.test:${web.http.port}/.git/config`,
      ]),
    );
  });

  it("honours disabledScannerTypes and portScanMode off", async () => {
    const result = await runScan(
      {
        target: host("www.example.test"),
        profile: profile({ disabledScannerTypes: ["tls", "templates", "screenshot"], portScanMode: "off" }),
        covers,
      },
      net,
      engine,
    );
    expect(result.stages.map((s) => s.stage)).toEqual(["http", "crawl", "dns", "technologies"]);
    expect(result.openPorts).toEqual([]);
    const k = kinds(result.findings);
    expect(k.filter((x) => /^(port|tls|template|nuclei)\./.test(x))).toEqual([]);
    // Without a port scan the configured HTTP(S) ports are checked.
    expect(k).toEqual(expect.arrayContaining(["http.exposed.git", "tech.nginx"]));

    const noPorts = await runScan(
      {
        target: host("www.example.test"),
        profile: profile({ disabledScannerTypes: ["port-scan", "http", "technologies", "tls", "nuclei", "dns"] }),
        covers,
      },
      net,
      engine,
    );
    expect(noPorts.stages.map((s) => s.stage)).toEqual(["templates"]);
  });

  it("filters templates and nuclei results by nucleiMinSeverity", async () => {
    const result = await runScan(
      {
        target: host("www.example.test"),
        profile: profile({ portScanMode: "off", nucleiMinSeverity: "high", disabledScannerTypes: ["tls", "http"] }),
        covers,
      },
      net,
      engine,
    );
    const k = kinds(result.findings);
    expect(result.findings.find((f) => f.kind === "http.exposed.git")?.scanner).toBe("templates");
    expect(k).not.toContain("template.swagger-api-docs");
    expect(k).not.toContain("nuclei.fake-check");
  });

  it("records a failing stage and goes on", async () => {
    const result = await runScan(
      {
        target: host("www.example.test"),
        profile: profile({ portScanMode: "off", disabledScannerTypes: ["tls", "http", "technologies"] }),
        covers,
      },
      net,
      { ...engine, nucleiBinary: join(dir, "missing-nuclei") },
    );
    expect(result.stages.map((s) => [s.stage, s.error ?? null])).toEqual([
      ["dns", null],
      ["templates", null],
      ["nuclei", expect.stringMatching(/cannot run nuclei/)],
    ]);
    expect(kinds(result.findings)).toContain("http.exposed.git");
  });

  it("stops a stage at its time limit, keeps going and says so", async () => {
    const started = Date.now();
    const result = await runScan(
      {
        target: host("slow.example.test"),
        profile: profile({ portScanMode: "off", disabledScannerTypes: ["tls", "templates"] }),
        covers,
      },
      { ...net, httpTimeoutMs: 10_000 },
      { ...engine, stageTimeoutMs: 300 },
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.stages.map((s) => [s.stage, s.timedOut])).toEqual([
      ["http", true],
      ["crawl", false], // nothing to crawl from without the home pages
      ["dns", false],
      ["technologies", true],
    ]);
    const timeout = result.findings.find((f) => f.kind === "scan.stage-timeout")!;
    expect(timeout).toMatchObject({
      severity: "info",
      scanner: "http",
      evidence: { stages: ["http", "technologies"], timeoutMs: 300 },
    });
    // The caps say what was left: the HTTP stage's web endpoints by URL and port, the rest of technologies.
    expect(result.completeness).toBe("partial");
    const base = (scheme: string, port: number) => `${scheme}://slow.example.test:${port}`;
    expect(result.caps).toEqual([
      {
        stage: "http",
        cap: "stage-time-limit",
        limit: 300,
        unit: "ms",
        leftOut: {
          what: "web endpoints",
          count: 2,
          of: 2,
          ports: [net.httpsPort, net.httpPort],
          urls: [base("https", net.httpsPort), base("http", net.httpPort)],
        },
        reason:
          `the http stage ran out of time (0.3 s) after 0 of 2 web endpoints; not looked at: ` +
          `${base("https", net.httpsPort)}, ${base("http", net.httpPort)}`,
      },
      {
        stage: "technologies",
        cap: "stage-time-limit",
        limit: 300,
        unit: "ms",
        leftOut: { what: "the rest of the stage" },
        reason: "the technologies stage ran out of time (0.3 s)",
      },
    ]);
  });

  it("stops as soon as the signal is aborted", async () => {
    const ctl = new AbortController();
    const started = Date.now();
    const p = runScan(
      { target: host("www.example.test"), profile: profile({ portScanMode: "full" }), covers },
      net,
      engine,
      {
        signal: ctl.signal,
        onProgress: (stage, percent) => {
          if (stage === "ports" && percent > 1) ctl.abort();
        },
      },
    );
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(3000);
    const before = new AbortController();
    before.abort();
    await expect(
      runScan({ target: host("www.example.test"), profile: profile(), covers }, net, engine, { signal: before.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("refuses private and unresolvable targets before scanning", async () => {
    await expect(
      runScan({ target: host("private.example.test"), profile: profile(), covers }, net, engine),
    ).rejects.toThrow("refusing to scan private.example.test: 10.0.0.5 is a private address");
    await expect(
      runScan({ target: host("nowhere.example.test"), profile: profile(), covers }, net, engine),
    ).rejects.toThrow("cannot scan nowhere.example.test: it has no A/AAAA record");
    await expect(
      runScan({ target: host("www.example.test"), profile: profile(), covers }, { ...net, allowedRanges: [] }, engine),
    ).rejects.toThrow(/refusing to scan www\.example\.test: 127\.0\.0\.1 is a loopback address/);
    await expect(
      runScan({ target: { type: "ipv4", value: "10.1.2.3" }, profile: profile(), covers }, net, engine),
    ).rejects.toThrow("refusing to scan 10.1.2.3: 10.1.2.3 is a private address");
    await expect(
      runScan(
        { target: host("www.example.test"), profile: profile({ portScanMode: "most" as never }), covers },
        net,
        engine,
      ),
    ).rejects.toThrow(/unknown portScanMode/);
  });

  it("scans an IP target as is", async () => {
    const result = await runScan(
      {
        target: { type: "ipv4", value: "127.0.0.1" },
        profile: profile({ portScanMode: "off", disabledScannerTypes: ["templates"] }),
        covers,
      },
      net,
      { ...engine, nucleiBinary: undefined },
    );
    expect(result.stages.map((s) => s.stage)).toEqual(["tls", "http", "crawl", "technologies"]);
    // No name to compare with the certificate; it is still self-signed.
    expect(kinds(result.findings)).toContain("tls.self-signed");
    expect(kinds(result.findings)).not.toContain("tls.hostname-mismatch");
  });

  it("scans a bucket through its endpoint with the HTTP and template stages only", async () => {
    const parsed = parseTarget("bucket", "s3://my-bucket", net);
    if (!parsed.ok) throw new Error(parsed.message);
    const result = await runScan(
      { target: parsed.target, profile: profile({ portScanMode: "full" }), covers: () => false },
      net,
      engine,
    );
    expect(result.stages.map((s) => s.stage)).toEqual(["http", "templates"]);
    expect(result.findings.map((f) => [f.kind, f.severity])).toEqual([["http.bucket-public-listing", "high"]]);
    expect(result.findings[0]!.evidence).toMatchObject({
      url: `http://127.0.0.1:${web.http.port}/my-bucket`,
      matched: "my-bucket\nsecret.txt",
    });
  });
});

describe("dedupeFindings", () => {
  it("keeps one finding per kind: the most severe, with every URL", () => {
    const f = (kind: string, severity: ScanFinding["severity"], url: string): ScanFinding => ({
      scanner: "http",
      kind,
      severity,
      title: url,
      description: "",
      evidence: { url },
    });
    const out = dedupeFindings([
      f("a", "low", "u1"),
      f("b", "info", "u2"),
      f("a", "high", "u3"),
      f("a", "high", "u4"),
      f("a", "low", "u1"),
    ]);
    expect(out.map((x) => [x.kind, x.severity, x.title, x.evidence.urls ?? null])).toEqual([
      ["a", "high", "u3", ["u1", "u3", "u4"]],
      ["b", "info", "u2", null],
    ]);
  });
});

describe("scanEngineConfigFromEnv", () => {
  it("reads the variables and refuses bad values", () => {
    expect(scanEngineConfigFromEnv({})).toEqual(defaultScanEngineConfig);
    expect(
      scanEngineConfigFromEnv({
        EMS_SCAN_STAGE_TIMEOUT_MS: "60000",
        EMS_SCAN_STAGE_CEILING_MS: "900000",
        EMS_PORT_CONCURRENCY: "200",
        EMS_PORT_TIMEOUT_MS: "800",
        EMS_BANNER_TIMEOUT_MS: "0",
        EMS_TEMPLATES_DIR: "/t",
        EMS_NUCLEI_BIN: "/usr/bin/nuclei",
      }),
    ).toEqual({
      stageTimeoutMs: 60000,
      stageCeilingMs: 900000,
      portConcurrency: 200,
      portTimeoutMs: 800,
      bannerTimeoutMs: 0,
      templatesDir: "/t",
      nucleiBinary: "/usr/bin/nuclei",
      crawl: { maxDepth: 2, maxPages: 30, respectRobots: false },
      checks: DEFAULT_CHECKS,
    });
    expect(
      scanEngineConfigFromEnv({ EMS_CRAWL_MAX_DEPTH: "0", EMS_CRAWL_MAX_PAGES: "5", EMS_CRAWL_RESPECT_ROBOTS: "true" })
        .crawl,
    ).toEqual({ maxDepth: 0, maxPages: 5, respectRobots: true });
    expect(() => scanEngineConfigFromEnv({ EMS_PORT_CONCURRENCY: "lots" })).toThrow(
      /EMS_PORT_CONCURRENCY must be an integer/,
    );
    expect(() => scanEngineConfigFromEnv({ EMS_SCAN_CA_FILE: "/nonexistent.pem" })).toThrow(/cannot read/);
  });
});
