// Issue 29, item 3 (docs/api.md, Priority: "the overview and reports use it"): the assessment's key risks ordered by
// priority, then severity, with their band, and its open issues per band; the vulnerable assets' open issues per band
// (answer and CSV); the SLA report's oldest breaches with their priority. Over REST with an API key, through tRPC as a
// dashboard session, and in an assessment's snapshot and HTML.
import { afterAll, beforeAll, expect, it } from "vitest";
import { asOperator } from "@ems/core";
import { renderAssessmentHtml, runInWorkspace, takeSnapshot } from "@ems/core/testing";
import { call, startApi, workspaceWithOwner, type TestApi } from "./harness.ts";
import { assetsOf } from "./report-writers.ts";

const DAY = 86_400_000;
const KEV_CVE = "CVE-2021-41773"; // in the bundled catalogue too, which may replace the row inserted here

let api: TestApi;
let key: string;
let ws: number;
let asOwner: Awaited<ReturnType<typeof workspaceWithOwner>>["asOwner"];
let assets: { id: number; projectId: number }[];
const ids: Record<string, number> = {};

const newIssue = async (name: string, assetId: number, severity: "critical" | "high" | "medium" | "low", cves = []) => {
  const row = await runInWorkspace(ws, () =>
    api.services.scoped.issue.create({
      data: {
        workspaceId: ws,
        assetId,
        kind: `prio.${name}`,
        title: name,
        severity,
        cves: cves as string[],
        firstSeenAt: new Date(Date.now() - 400 * DAY), // past every deadline: all in the oldest breaches
      },
    }),
  );
  ids[name] = row.id;
};

beforeAll(async () => {
  api = await startApi();
  ({ ws, key, asOwner } = await workspaceWithOwner(api.services));
  assets = await assetsOf(api.services, ws, 2, 1);
  await api.services.db.pool.query(
    `insert into "KnownExploited" ("cveId", vendor, product, name, "dateAdded", "dueDate", ransomware, "catalogVersion")
     values ($1, 'Apache', 'HTTP Server', 'Path traversal', '2021-11-03', '2021-11-17', false, 'test')
     on conflict do nothing`,
    [KEV_CVE],
  );
  const [a, b] = [assets[0]!, assets[1]!];
  await newIssue("critical", a.id, "critical"); // 70: P2
  await newIssue("kevHigh", b.id, "high", [KEV_CVE] as never); // known exploited high: at least 75, P1
  await newIssue("medium", b.id, "medium"); // 30: P3
  await newIssue("low", a.id, "low"); // 15: P4
});
afterAll(() => api.close());

it("orders the assessment's key risks by priority, then severity, and counts its open issues per band", async () => {
  const data = await asOperator(api.services, ws, { channel: "cli", name: "test" }, (sc) =>
    takeSnapshot(sc, { type: "workspace", id: null, name: "Workspace" }),
  );
  expect(data.topRisks.map((r) => [r.title, r.priority?.band])).toEqual([
    ["kevHigh", "P1"],
    ["critical", "P2"],
    ["medium", "P3"],
    ["low", "P4"],
  ]);
  expect(data.issues.openByPriority).toEqual({ P1: 1, P2: 1, P3: 1, P4: 1, total: 4 });
  const html = renderAssessmentHtml({
    id: 1,
    scopeType: "workspace",
    scopeName: "Workspace",
    generatedAt: new Date(),
    data,
    narrative: { executiveSummary: [], keyRisks: [], whatImproved: [], recommendations: [] },
  } as unknown as Parameters<typeof renderAssessmentHtml>[0]);
  expect(html).toContain("Open by priority: P1 1, P2 1, P3 1, P4 1.");
});

it("counts each vulnerable asset's open issues per band, in the answer and the CSV", async () => {
  const res = await call(api.url, key, "GET", "/app/reports/vulnerable-assets");
  expect(res.status, await res.clone().text()).toBe(200);
  const items = (await res.json()) as { assetId: number; priorities: Record<string, number> }[];
  const of = (assetId: number) => items.find((i) => i.assetId === assetId)?.priorities;
  expect(of(assets[0]!.id)).toEqual({ P1: 0, P2: 1, P3: 0, P4: 1 });
  expect(of(assets[1]!.id)).toEqual({ P1: 1, P2: 0, P3: 1, P4: 0 });

  const csv = await (await call(api.url, key, "GET", "/app/reports/vulnerable-assets/export")).text();
  const [header, ...lines] = csv.trim().split("\n");
  const columns = header!.split(",");
  const bands = (line: string) => ["P1", "P2", "P3", "P4"].map((b) => line.split(",")[columns.indexOf(b)]);
  const byValue = new Map(lines.map((l) => [l.split(",")[columns.indexOf("assetId")], bands(l)]));
  expect(byValue.get(String(assets[1]!.id))).toEqual(["1", "0", "1", "0"]);
});

it("gives the SLA report's oldest breaches their priority, over REST and to the dashboard's session", async () => {
  const res = await call(api.url, key, "GET", "/app/reports/sla");
  const sla = (await res.json()) as { oldestBreaches: { issueId: number; priority: { band: string } }[] };
  const bands = new Map(sla.oldestBreaches.map((b) => [b.issueId, b.priority.band]));
  expect([ids.kevHigh, ids.critical, ids.medium, ids.low].map((id) => bands.get(id!))).toEqual([
    "P1",
    "P2",
    "P3",
    "P4",
  ]);
  const viaSession = await asOwner.reports.sla({});
  expect(viaSession.oldestBreaches.find((b) => b.issueId === ids.kevHigh)?.priority).toMatchObject({ band: "P1" });
});
