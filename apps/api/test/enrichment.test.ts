// Enrichment (issue 29, item 2): CVSS, CWE, references and CVE ids on findings and issues, and their CVEs' CISA KEV
// entry and EPSS score with the datasets' as-of dates, over REST (API key) and tRPC; `ems kev import` and
// `ems epss import` as an operator runs them (child processes on the test's database).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { runInWorkspace, syncIssues } from "@ems/core/testing";
import type { ScanFinding } from "@ems/scanners";
import { call, newUser, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { runCli } from "./processes.ts";

let api: TestApi;
let key: string;
let workspaceId: number;
let dir: string;
let trpc: ReturnType<typeof createCaller>;

const EPSS_FIXTURE = path.join(import.meta.dirname, "data", "epss_scores-fixture.csv");

/** jQuery-like advisories: two CVEs in KEV (one used by ransomware), one not, one GHSA. */
const vulnerable: ScanFinding = {
  scanner: "technologies",
  kind: "tech.apache-http-server.vulnerable",
  title: "Apache HTTP Server 2.4.49 is affected by CVE-2019-0211 and 3 more",
  severity: "critical",
  confidence: "tentative",
  description: "Apache HTTP Server 2.4.49 falls in the affected range of known vulnerabilities.",
  port: 443,
  evidence: {
    url: "https://site.test/",
    advisories: [
      { id: "CVE-2019-0211", severity: "high", summary: "s", source: "https://nvd.nist.gov/vuln/detail/CVE-2019-0211" },
      { id: "CVE-2021-41773", severity: "critical", summary: "s", source: "https://httpd.apache.org/security/" },
      { id: "CVE-2099-0001", severity: "low", summary: "s", source: "https://example.org/a" },
      { id: "GHSA-aaaa-bbbb-cccc", severity: "low", summary: "s", source: "https://example.org/b" },
    ],
  },
};
const git: ScanFinding = {
  scanner: "http",
  kind: "http.exposed.git",
  title: "Git repository metadata (.git) exposed",
  severity: "high",
  description: "The .git directory is served.",
  evidence: { url: "https://site.test/.git/config" },
};

type Enriched = {
  id: number;
  kind: string;
  cvss: { vector: string; score: number } | null;
  cwe: string[];
  references: string[];
  cves: string[];
  kev: {
    cveId: string;
    dateAdded: string;
    dueDate: string;
    ransomware: boolean;
    catalogVersion: string;
    asOf: string;
  } | null;
  epss: { cveId: string; score: number; percentile: number; modelVersion: string; asOf: string } | null;
};

const get = async <T>(p: string) => {
  const res = await call(api.url, key, "GET", p);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const issueOf = async (kind: string) => (await get<Enriched[]>("/app/issues?limit=100")).find((i) => i.kind === kind)!;
const cli = (args: string[]) => runCli([...args, "--json"], { DATABASE_URL: api.db.url, EMS_DATA_DIR: dir });
const count = async (table: string) =>
  Number((await api.db.pool.query(`select count(*)::int as n from "${table}"`)).rows[0].n);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ems-enrichment-"));
  api = await startApi();
  const w = await workspaceWithKey(api.services);
  key = w.key;
  workspaceId = w.workspace.id;
  const owner = await newUser(api.services, workspaceId, "owner");
  trpc = createCaller(sessionContext(api.services, { userId: owner.user.id, workspaceId }));
  const db = api.services.scoped;
  await runInWorkspace(workspaceId, async () => {
    const project = await db.project.create({ data: { workspaceId, name: "Web" } });
    const asset = await db.asset.create({
      data: { workspaceId, projectId: project.id, type: "domain", value: "site.test", ownershipToken: "t" },
    });
    const scan = await db.scan.create({ data: { workspaceId, assetId: asset.id, status: "completed" } });
    await db.$transaction((tx) =>
      syncIssues(tx, {
        workspaceId,
        assetId: asset.id,
        origin: { scanId: scan.id },
        findings: [vulnerable, git],
        completedStages: new Set(["technologies", "http"]),
        now: new Date(),
      }),
    );
  });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("classification", () => {
  it("gives a catalogue check's issue and findings its CWE, references and CVSS", async () => {
    const issue = await issueOf("http.exposed.git");
    expect(issue).toMatchObject({
      cvss: { vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", score: 7.5 },
      cwe: ["CWE-527", "CWE-538"],
    });
    expect(issue.references).toContain("https://cwe.mitre.org/data/definitions/527.html");
    expect(issue).toMatchObject({ cves: [], kev: null, epss: null });
    const finding = (await get<Enriched[]>("/app/findings")).find((f) => f.kind === "http.exposed.git");
    expect(finding).toMatchObject({ cwe: issue.cwe, references: issue.references, cvss: issue.cvss, cves: [] });
  });

  it("takes an advisory finding's CVE ids and sources, and its kind's default CVSS and CWE", async () => {
    const issue = await issueOf(vulnerable.kind);
    expect(issue.cves).toEqual(["CVE-2019-0211", "CVE-2021-41773", "CVE-2099-0001"]);
    expect(issue.cwe).toEqual(["CWE-1395"]);
    expect(issue.cvss).toEqual({ vector: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:L", score: 5.6 });
    expect(issue.references).toEqual(
      expect.arrayContaining(["https://nvd.nist.gov/vuln/detail/CVE-2019-0211", "https://httpd.apache.org/security/"]),
    );
  });
});

describe("CISA KEV", () => {
  it("loads the bundled catalogue on first use; shows the worst entry with its as-of date (REST, tRPC)", async () => {
    const issue = await issueOf(vulnerable.kind);
    // Both are in KEV and were added the same day; the one used by ransomware wins.
    expect(issue.kev).toEqual({
      cveId: "CVE-2021-41773",
      dateAdded: "2021-11-03",
      dueDate: "2021-11-17",
      ransomware: true,
      catalogVersion: "2025.08.25",
      asOf: "2025-08-25T17:04:19.979Z",
    });
    expect(await count("KnownExploited")).toBe(1404);
    const viaTrpc = await trpc.issues.get({ id: issue.id });
    expect(viaTrpc.kev).toMatchObject({ cveId: "CVE-2021-41773", asOf: new Date("2025-08-25T17:04:19.979Z") });
    const finding = (await trpc.findings.list({ page: 1, limit: 50, issueId: issue.id })).items[0]!;
    expect(finding).toMatchObject({ cves: issue.cves, kev: { cveId: "CVE-2021-41773" } });
  });

  it("refuses a file that is not the KEV shape, naming the field, and changes nothing", async () => {
    const bad = path.join(dir, "bad-kev.json");
    const kev = JSON.parse(
      await readFile(
        path.join(import.meta.dirname, "../../../packages/scanners/data/kev/known_exploited_vulnerabilities.json"),
        "utf8",
      ),
    );
    kev.vulnerabilities[3].dateAdded = "soon";
    await writeFile(bad, JSON.stringify(kev));
    const r = await cli(["kev", "import", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("vulnerabilities.3.dateAdded");
    const notJson = path.join(dir, "not.json");
    await writeFile(notJson, "<html>");
    expect((await cli(["kev", "import", notJson])).stderr).toMatch(/is not JSON/);
    expect(await count("KnownExploited")).toBe(1404);
    expect((await issueOf(vulnerable.kind)).kev).toMatchObject({ catalogVersion: "2025.08.25" });
  });

  it("imports a newer catalogue in place of the loaded one", async () => {
    const file = path.join(dir, "kev.json");
    const entry = (cveID: string, ransomware: string) => ({
      cveID,
      vendorProject: "Apache",
      product: "HTTP Server",
      vulnerabilityName: "Test",
      dateAdded: "2026-01-02",
      shortDescription: "",
      requiredAction: "",
      dueDate: "2026-01-23",
      knownRansomwareCampaignUse: ransomware,
      notes: "",
      cwes: [],
    });
    await writeFile(
      file,
      JSON.stringify({
        title: "CISA Catalog of Known Exploited Vulnerabilities",
        catalogVersion: "2026.01.02",
        dateReleased: "2026-01-02T10:00:00.000Z",
        count: 2,
        vulnerabilities: [entry("CVE-2099-0001", "Unknown"), entry("CVE-2000-0001", "Known")],
      }),
    );
    const r = await cli(["kev", "import", file]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: "2026.01.02", entries: 2 });
    expect(await count("KnownExploited")).toBe(2);
    expect((await issueOf(vulnerable.kind)).kev).toEqual({
      cveId: "CVE-2099-0001",
      dateAdded: "2026-01-02",
      dueDate: "2026-01-23",
      ransomware: false,
      catalogVersion: "2026.01.02",
      asOf: "2026-01-02T10:00:00.000Z",
    });
  });
});

describe("FIRST EPSS", () => {
  it("has no score before an import", async () => {
    expect((await issueOf(vulnerable.kind)).epss).toBeNull();
  });

  it("imports FIRST's CSV and shows the highest score over the CVEs, with its as-of date", async () => {
    const r = await cli(["epss", "import", EPSS_FIXTURE]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ modelVersion: "v2025.03.14", rows: 4 });
    expect((await issueOf(vulnerable.kind)).epss).toEqual({
      cveId: "CVE-2019-0211",
      score: expect.closeTo(0.97114, 5),
      percentile: expect.closeTo(0.99859, 5),
      modelVersion: "v2025.03.14",
      asOf: "2025-08-25T00:00:00.000Z",
    });
    expect((await trpc.issues.get({ id: (await issueOf(vulnerable.kind)).id })).epss?.cveId).toBe("CVE-2019-0211");
  });

  it("reads a gzip file, replacing the scores", async () => {
    const text = (await readFile(EPSS_FIXTURE, "utf8"))
      .replace("score_date:2025-08-25T00:00:00+0000", "score_date:2025-08-26T00:00:00+0000")
      .replace("CVE-2021-41773,0.94420", "CVE-2021-41773,0.99000");
    const gz = path.join(dir, "epss_scores-2025-08-26.csv.gz");
    await writeFile(gz, gzipSync(text));
    const r = await cli(["epss", "import", gz]);
    expect(r.code, r.stderr).toBe(0);
    expect((await issueOf(vulnerable.kind)).epss).toMatchObject({
      cveId: "CVE-2021-41773",
      asOf: "2025-08-26T00:00:00.000Z",
    });
  });

  it("refuses a bad line or a repeated CVE, naming it, and changes nothing", async () => {
    const before = await api.db.pool.query(`select * from "EpssScore" order by "cveId"`);
    const text = await readFile(EPSS_FIXTURE, "utf8");
    const cases: Array<[string, string, RegExp]> = [
      ["bad-score.csv", text.replace("0.03050", "1.5"), /line 5: epss: must be a number from 0 to 1/],
      ["bad-cve.csv", text.replace("CVE-1999-0001", "nope"), /line 3: cve: must be a CVE id/],
      ["no-comment.csv", text.split("\n").slice(1).join("\n"), /line 1: must be FIRST's comment line/],
      ["repeated.csv", `${text}CVE-1999-0001,0.1,0.2\n`, /cve: repeated/],
    ];
    for (const [name, body, error] of cases) {
      const file = path.join(dir, name);
      await writeFile(file, body);
      const r = await cli(["epss", "import", file]);
      expect(r.code, name).toBe(1);
      expect(r.stderr, name).toMatch(error);
    }
    expect((await api.db.pool.query(`select * from "EpssScore" order by "cveId"`)).rows).toEqual(before.rows);
  });
});
