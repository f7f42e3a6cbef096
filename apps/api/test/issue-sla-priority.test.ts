// Issue 29, items 3 and 4 over REST (docs/api.md, SLA and Priority): every issue's deadline and SLA state from the
// workspace's and its project's policy, judged by the one clock (here the test's), at their boundaries; a policy
// change moving deadlines; the priority order and its recomputation when an asset's or project's criticality or the
// KEV and EPSS data change; the kev, epssMin and slaStatus filters and the priority and dueAt sorts.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SLA_DAYS, importEpssFile, importKevCatalogue } from "@ems/core";
import { parseKevCatalogue } from "@ems/scanners";
import { runInWorkspace } from "@ems/core/testing";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { assetsOf } from "./report-writers.ts";

const DAY = 86_400_000;
const T0 = new Date("2026-10-01T00:00:00.000Z");
let clock = T0;

let api: TestApi;
let key: string;
let ws: number;
let assets: { id: number; projectId: number }[];
beforeAll(async () => {
  api = await startApi({ now: () => clock });
  ({
    key,
    workspace: { id: ws },
  } = await workspaceWithKey(api.services));
  assets = await assetsOf(api.services, ws, 2, 2);
});
afterAll(() => api.close());

interface Issue {
  id: number;
  severity: string;
  status: string;
  dueAt: string | null;
  atRiskAt: string | null;
  slaStatus: string | null;
  priority: { score: number; band: string; reasons: string[] };
}
interface Page {
  items: Issue[];
  total: number;
}

async function get(url: string) {
  const res = await call(api.url, key, "GET", url);
  expect(res.status, await res.clone().text()).toBe(200);
  return res;
}
const issue = async (id: number) => (await (await get(`/app/issues/${id}`)).json()) as Issue;
/** A page over REST: the items as the body, the total in X-Total-Count. */
async function list(query: string): Promise<Page> {
  const res = await get(`/app/issues?limit=100&${query}`);
  return { items: (await res.json()) as Issue[], total: Number(res.headers.get("x-total-count")) };
}

async function newIssue(
  assetId: number,
  kind: string,
  severity: "info" | "low" | "medium" | "high" | "critical",
  extra: { firstSeenAt?: Date; cves?: string[] } = {},
) {
  const row = await runInWorkspace(ws, () =>
    api.services.scoped.issue.create({
      data: { workspaceId: ws, assetId, kind, title: kind, severity, firstSeenAt: extra.firstSeenAt ?? T0, ...extra },
    }),
  );
  return row.id;
}

describe("SLA", () => {
  it("a critical issue is on track, at risk at exactly 80 % of its 15 days, breached at exactly dueAt", async () => {
    const id = await newIssue(assets[0]!.id, "sla.boundaries", "critical");
    const due = new Date(T0.getTime() + 15 * DAY);
    const atRisk = new Date(T0.getTime() + 12 * DAY);
    expect(await issue(id)).toMatchObject({ dueAt: due.toISOString(), atRiskAt: atRisk.toISOString() });
    const at = async (t: Date) => {
      clock = t;
      return (await issue(id)).slaStatus;
    };
    expect(await at(new Date(atRisk.getTime() - 1))).toBe("on_track");
    expect(await at(atRisk)).toBe("at_risk");
    expect(await at(new Date(due.getTime() - 1))).toBe("at_risk");
    expect(await at(due)).toBe("breached");
    // The list's filter is the same rule at the same instant.
    const ids = async (s: string) => (await list(`slaStatus=${s}&kind=sla.boundaries`)).items.map((i) => i.id);
    clock = due;
    expect(await ids("breached")).toEqual([id]);
    expect(await ids("at_risk")).toEqual([]);
    clock = atRisk;
    expect(await ids("at_risk")).toEqual([id]);
    expect(await ids("on_track")).toEqual([]);

    // Dismissed: paused; resolved: met or missed against its deadline.
    clock = new Date(due.getTime() + DAY);
    let res = await call(api.url, key, "PATCH", `/app/issues/${id}/dismiss`, { reason: "accepted-risk" });
    expect(((await res.json()) as Issue).slaStatus).toBe("paused");
    expect(await ids("paused")).toEqual([id]);
    res = await call(api.url, key, "PATCH", `/app/issues/${id}/status`, { status: "resolved" });
    expect(((await res.json()) as Issue).slaStatus).toBe("missed");
    expect(await ids("missed")).toEqual([id]);
    expect(await ids("met")).toEqual([]);
    clock = T0;
  });

  it("the database's default days are the policy's defaults", async () => {
    const { rows } = await api.services.db.pool.query<{ severity: keyof typeof DEFAULT_SLA_DAYS; days: number }>(
      `select s as severity, issue_sla_days(0, null, s::"Severity") as days
       from unnest(array['critical', 'high', 'medium', 'low']) s`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.severity, r.days]))).toEqual(DEFAULT_SLA_DAYS);
  });

  it("info issues have no deadline; a bad slaStatus is a 400 naming it", async () => {
    const id = await newIssue(assets[0]!.id, "sla.info", "info");
    expect(await issue(id)).toMatchObject({ dueAt: null, atRiskAt: null, slaStatus: null });
    await expectError(
      await call(api.url, key, "GET", "/app/issues?slaStatus=late"),
      400,
      "VALIDATION_ERROR",
      "slaStatus",
    );
  });

  it("a policy change moves the deadlines of the open issues it covers, and a project override wins", async () => {
    const [a, b] = assets as [{ id: number; projectId: number }, { id: number; projectId: number }];
    const high = await newIssue(a.id, "sla.policy", "high");
    const other = await newIssue(b.id, "sla.policy", "high");
    const done = await newIssue(a.id, "sla.policy.resolved", "high");
    await call(api.url, key, "PATCH", `/app/issues/${done}/status`, { status: "resolved" });
    const dueIn = async (id: number) => (new Date((await issue(id)).dueAt!).getTime() - T0.getTime()) / DAY;
    expect(await dueIn(high)).toBe(30);

    let res = await call(api.url, key, "PUT", "/app/sla-policy", { critical: 5, high: 10, medium: 20, low: 40 });
    expect(res.status).toBe(200);
    expect([await dueIn(high), await dueIn(other)]).toEqual([10, 10]);
    expect(await dueIn(done)).toBe(30); // resolved against the deadline it had

    res = await call(api.url, key, "PUT", `/app/projects/${a.projectId}/sla-policy`, {
      critical: 1,
      high: 3,
      medium: 7,
      low: 14,
    });
    expect(res.status).toBe(200);
    expect([await dueIn(high), await dueIn(other)]).toEqual([3, 10]);
    clock = new Date(T0.getTime() + 4 * DAY);
    expect((await issue(high)).slaStatus).toBe("breached");

    res = await call(api.url, key, "DELETE", `/app/projects/${a.projectId}/sla-policy`);
    expect(res.status).toBe(200);
    expect(await dueIn(high)).toBe(10);
    expect((await issue(high)).slaStatus).toBe("on_track");
    // Sorted by due date, soonest first.
    const sorted = (await list("kind=sla.policy&sort=dueAt")).items.map((i) => i.dueAt);
    expect(sorted).toEqual([...sorted].sort());
    clock = T0;
  });
});

describe("priority", () => {
  it("orders a fixed set: known exploited high above a plain critical; info never above P4", async () => {
    const asset = assets[1]!.id;
    // The bundled KEV catalogue holds CVE-2021-41773 (Apache path traversal).
    const kevHigh = await newIssue(asset, "prio.kev-high", "high", { cves: ["CVE-2021-41773"] });
    const critical = await newIssue(asset, "prio.critical", "critical");
    const high = await newIssue(asset, "prio.high", "high");
    const medium = await newIssue(asset, "prio.medium", "medium");
    const low = await newIssue(asset, "prio.low", "low");
    const info = await newIssue(asset, "prio.info", "info");
    const page = await list("q=prio.&sort=priority");
    expect(page.items.map((i) => i.id)).toEqual([kevHigh, critical, high, medium, low, info]);
    // Known exploited raises an info issue to at most 24: still P4.
    const kevInfo = await newIssue(asset, "kev.info", "info", { cves: ["CVE-2021-41773"] });
    expect((await issue(kevInfo)).priority).toMatchObject({ score: 24, band: "P4" });
    const byId = new Map(page.items.map((i) => [i.id, i.priority]));
    expect(byId.get(kevHigh)).toEqual({ score: 75, band: "P1", reasons: ["High severity", "Known exploited"] });
    expect(byId.get(critical)).toMatchObject({ score: 70, band: "P2" });
    expect(byId.get(info)).toMatchObject({ score: 0, band: "P4" });
    expect((await list("q=prio.&kev=true")).items.map((i) => i.id)).toEqual([kevHigh]);
    expect((await list("q=prio.&kev=false")).total).toBe(5);
  });

  it("follows the asset's criticality, else its project's, in the change's transaction, audited", async () => {
    const a = assets[0]!;
    const id = await newIssue(a.id, "prio.criticality", "medium");
    expect((await issue(id)).priority).toMatchObject({ score: 30, band: "P3" });
    let res = await call(api.url, key, "PUT", `/app/projects/${a.projectId}`, { criticality: "critical" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await issue(id)).priority).toMatchObject({ score: 40, reasons: ["Medium severity", "asset critical"] });
    res = await call(api.url, key, "PUT", `/app/assets/${a.id}`, { criticality: "low" });
    expect(await res.json()).toMatchObject({ criticality: "low", effectiveCriticality: "low" });
    expect((await issue(id)).priority).toMatchObject({ score: 20, band: "P4" });
    // An address on a private network: not internet-facing, 10 less (the database's rule and the reasons' agree).
    await runInWorkspace(ws, () =>
      api.services.scoped.asset.update({ where: { id: a.id }, data: { resolvedIp: "10.0.0.5" } }),
    );
    expect((await issue(id)).priority).toMatchObject({
      score: 10,
      reasons: ["Medium severity", "asset low", "not internet-facing"],
    });
    await runInWorkspace(ws, () =>
      api.services.scoped.asset.update({ where: { id: a.id }, data: { resolvedIp: "203.0.113.9" } }),
    );
    expect((await issue(id)).priority.score).toBe(20);
    res = await call(api.url, key, "PUT", `/app/assets/${a.id}`, { criticality: null });
    expect(await res.json()).toMatchObject({ criticality: null, effectiveCriticality: "critical" });
    expect((await issue(id)).priority.score).toBe(40);
    await expectError(
      await call(api.url, key, "PUT", `/app/assets/${a.id}`, { criticality: "extreme" }),
      400,
      "VALIDATION_ERROR",
      "criticality",
    );
    const audit = await runInWorkspace(ws, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: { in: ["asset.update", "project.update"] } } }),
    );
    expect(audit.map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { criticality: { before: "medium", after: "critical" } },
        { criticality: { before: null, after: "low" } },
      ]),
    );
    await call(api.url, key, "PUT", `/app/projects/${a.projectId}`, { criticality: "medium" });
  });

  it("an EPSS import re-scores the issues of the CVEs it covers and feeds epssMin", async () => {
    const id = await newIssue(assets[1]!.id, "prio.epss", "medium", { cves: ["CVE-2020-11022"] });
    expect((await issue(id)).priority.score).toBe(30);
    expect((await list("q=prio.epss&epssMin=0.01")).total).toBe(0);
    await importEpssFile(api.services, path.join(import.meta.dirname, "data", "epss_scores-fixture.csv"));
    // Percentile 0.86412: +17.
    expect((await issue(id)).priority).toMatchObject({
      score: 47,
      band: "P3",
      reasons: ["Medium severity", "EPSS 86th percentile"],
    });
    expect((await list("q=prio.epss&epssMin=0.01")).items.map((i) => i.id)).toEqual([id]);
    expect((await list("q=prio.epss&epssMin=0.999")).total).toBe(0);
    // Findings filter by their issue's figures.
    await runInWorkspace(ws, async () => {
      const scan = await api.services.scoped.scan.create({ data: { workspaceId: ws, assetId: assets[1]!.id } });
      await api.services.scoped.finding.create({
        data: {
          workspaceId: ws,
          scanId: scan.id,
          assetId: assets[1]!.id,
          issueId: id,
          scanner: "templates",
          kind: "prio.epss",
          title: "prio.epss",
          severity: "medium",
        },
      });
    });
    const findings = async (q: string) =>
      ((await (await get(`/app/findings?kind=prio.epss&${q}`)).json()) as { issueId: number }[]).map((f) => f.issueId);
    expect(await findings("epssMin=0.01")).toEqual([id]);
    expect(await findings("epssMin=0.5")).toEqual([]);
    expect(await findings("kev=false")).toEqual([id]);
    expect(await findings("kev=true")).toEqual([]);
    await expectError(await call(api.url, key, "GET", "/app/issues?epssMin=2"), 400, "VALIDATION_ERROR", "epssMin");
  });

  it("a KEV import re-scores the issues of the CVEs it adds or drops, in its transaction", async () => {
    const id = await newIssue(assets[1]!.id, "prio.kev-import", "critical", { cves: ["CVE-2099-0002"] });
    expect((await issue(id)).priority).toMatchObject({ score: 70, band: "P2" });
    const entry = {
      cveID: "CVE-2099-0002",
      vendorProject: "Example",
      product: "Server",
      vulnerabilityName: "Test",
      dateAdded: "2026-11-02",
      shortDescription: "",
      requiredAction: "",
      dueDate: "2026-11-23",
      knownRansomwareCampaignUse: "Unknown",
      notes: "",
      cwes: [],
    };
    const catalogue = (vulnerabilities: object[]) =>
      parseKevCatalogue(
        JSON.stringify({
          title: "CISA Catalog of Known Exploited Vulnerabilities",
          catalogVersion: "2026.11.02",
          dateReleased: "2026-11-02T10:00:00.000Z",
          count: vulnerabilities.length,
          vulnerabilities,
        }),
      );
    await importKevCatalogue(api.services, catalogue([entry]));
    expect((await issue(id)).priority).toMatchObject({ score: 95, band: "P1" });
    expect((await list("q=prio.kev-import&kev=true")).total).toBe(1);
    await importKevCatalogue(api.services, catalogue([{ ...entry, cveID: "CVE-2099-0003" }]));
    expect((await issue(id)).priority.score).toBe(70);
    expect((await list("q=prio.kev-import&kev=true")).total).toBe(0);
  });
});
