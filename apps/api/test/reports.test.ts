// Reports and the SLA policy over REST: issues seeded in SQL with known times
// give exact counts, medians, breaches and series; dismissed issues, the
// project filter, period bounds, scopes, auditing and workspace isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, newApiKey, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { at, day, DAY, seedReports, today } from "./reports-fixture.ts";

let api: TestApi;
let seeded: Awaited<ReturnType<typeof seedReports>>;

beforeAll(async () => {
  api = await startApi();
  seeded = await seedReports(api);
});
afterAll(async () => {
  await api.close();
});

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);

type Severity = "critical" | "high" | "medium" | "low" | "info";
interface Summary {
  period: { from: string; to: string; days: number };
  issues: Record<"opened" | "resolved" | "reopened" | "stillOpen" | "dismissed", Record<Severity | "total", number>>;
  timeToRemediate: { severity: string; resolved: number; meanDays: number | null; medianDays: number | null }[];
  series: { date: string; opened: number; resolved: number; openAtEnd: number }[];
  scans: { run: number; failed: number };
  assetsAdded: number;
}
const period = `from=${day(9)}&to=${day(0)}`;

describe("summary", () => {
  it("counts opened, resolved, reopened and still open by severity, and the per-day series", async () => {
    const s = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    expect(s.period).toEqual({ from: day(9), to: day(0), days: 10 });
    expect(s.issues.opened).toMatchObject({ critical: 1, high: 1, medium: 2, low: 0, total: 4 });
    expect(s.issues.resolved).toMatchObject({ critical: 1, high: 1, medium: 1, low: 1, total: 4 });
    expect(s.issues.reopened).toMatchObject({ high: 1, total: 1 });
    expect(s.issues.stillOpen).toMatchObject({ critical: 2, high: 2, medium: 1, low: 0, total: 5 });
    expect(s.assetsAdded).toBe(3);
    expect(s.scans).toEqual({ run: 0, failed: 0 });
    expect(s.series.map((d) => d.date)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map(day));
    expect(s.series.map((d) => d.openAtEnd)).toEqual([4, 5, 5, 5, 6, 7, 5, 4, 5, 5]);
    expect(s.series.map((d) => d.opened)).toEqual([0, 1, 0, 1, 1, 0, 0, 0, 1, 0]);
    expect(s.series.map((d) => d.resolved)).toEqual([0, 0, 0, 1, 0, 0, 2, 1, 0, 0]);
  });

  it("gives mean and median days to remediate per severity", async () => {
    const s = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    const bySeverity = Object.fromEntries(s.timeToRemediate.map((t) => [t.severity, t]));
    expect(bySeverity.critical).toEqual({ severity: "critical", resolved: 1, meanDays: 0.5, medianDays: 0.5 });
    expect(bySeverity.high).toEqual({ severity: "high", resolved: 1, meanDays: 2, medianDays: 2 });
    expect(bySeverity.medium).toEqual({ severity: "medium", resolved: 1, meanDays: 6, medianDays: 6 });
    expect(bySeverity.low).toEqual({ severity: "low", resolved: 1, meanDays: 197, medianDays: 197 });
    expect(bySeverity.info).toEqual({ severity: "info", resolved: 0, meanDays: null, medianDays: null });
  });

  it("leaves dismissed issues out unless includeDismissed=true", async () => {
    const s = await seeded.get<Summary>(`/app/reports/summary?${period}&includeDismissed=true`);
    expect(s.issues.opened.total).toBe(5);
    expect(s.issues.dismissed).toMatchObject({ low: 1, total: 1 });
    expect(s.issues.stillOpen).toMatchObject({ low: 1, total: 6 });
    expect(s.series.map((d) => d.openAtEnd)).toEqual([4, 5, 5, 5, 6, 7, 5, 5, 6, 6]);
    const off = await seeded.get<Summary>(`/app/reports/summary?${period}&includeDismissed=false`);
    expect(off.issues.stillOpen.total).toBe(5);
  });

  it("filters by project", async () => {
    const b = await seeded.get<Summary>(`/app/reports/summary?${period}&projectId=${seeded.projectB}`);
    expect(b.issues.opened).toMatchObject({ critical: 1, total: 1 });
    expect(b.issues.resolved).toMatchObject({ critical: 1, low: 1, total: 2 });
    expect(b.issues.stillOpen).toMatchObject({ high: 1, total: 1 });
    expect(b.assetsAdded).toBe(1);
    expect(b.series.map((d) => d.openAtEnd)).toEqual([2, 2, 2, 2, 2, 2, 1, 1, 1, 1]);
  });

  it("defaults to the last 30 days and takes presets", async () => {
    expect((await seeded.get<Summary>(`/app/reports/summary`)).period).toEqual({ from: day(29), to: day(0), days: 30 });
    const p = await seeded.get<Summary>(`/app/reports/summary?period=90d`);
    expect(p.period).toEqual({ from: day(89), to: day(0), days: 90 });
    expect(p.series).toHaveLength(90);
  });

  it("exports the series as CSV", async () => {
    const res = await call(api.url, seeded.key, "GET", `/app/reports/summary/export?${period}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toBe("date,opened,resolved,openAtEnd");
    expect(lines).toHaveLength(11);
    expect(lines[6]).toBe(`${day(4)},0,0,7`);
  });
});

describe("period bounds", () => {
  const bad: [string, string][] = [
    [`from=${day(1)}&to=${day(2)}`, "from"],
    [`from=${day(400)}&to=${day(0)}`, "from"],
    [`to=${new Date(today + DAY).toISOString().slice(0, 10)}`, "to"],
    [`from=2026-02-30`, "from"],
    [`period=5d`, "period"],
    [`period=7d&from=${day(3)}`, "period"],
  ];
  for (const [query, field] of bad) {
    it(`answers 400 naming ${field} for ${query}`, async () => {
      await expectError(
        await call(api.url, seeded.key, "GET", `/app/reports/summary?${query}`),
        400,
        "VALIDATION_ERROR",
        field,
      );
    });
  }
  it("accepts 400 days", async () => {
    const s = await seeded.get<Summary>(`/app/reports/summary?from=${day(399)}&to=${day(0)}`);
    expect(s.series).toHaveLength(400);
  });
});

interface Ranked {
  assetId: number;
  value: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
  exposedPorts: number[];
  issueScore: number;
  portScore: number;
  score: number;
}

describe("vulnerable assets", () => {
  const weight = (w: number, ageDays: number) => w * (1 + Math.min(ageDays, 90) / 90);
  const age = (k: number) => (Date.now() - at(k).getTime()) / DAY;

  it("ranks by the documented score with the counts behind it, paged", async () => {
    const res = await call(api.url, seeded.key, "GET", "/app/reports/vulnerable-assets?limit=2");
    expect(res.headers.get("x-total-count")).toBe("3");
    const rows = (await res.json()) as Ranked[];
    expect(rows.map((r) => r.value)).toEqual(["a1.example.com", "a2.example.com"]);
    expect(rows[0]).toMatchObject({ critical: 2, high: 0, medium: 1, low: 0, exposedPorts: [], portScore: 0 });
    expect(rows[0]!.score).toBeCloseTo(weight(40, age(20)) + weight(40, age(14)) + weight(5, age(1)), 0);
    expect(rows[1]).toMatchObject({ high: 1, low: 0, exposedPorts: [6379], portScore: 10 });
    expect(rows[1]!.score).toBeCloseTo(weight(15, age(35)) + 10, 0);
    const page2 = await seeded.get<Ranked[]>("/app/reports/vulnerable-assets?limit=2&page=2");
    expect(page2.map((r) => r.value)).toEqual(["b1.example.com"]);
    expect(page2[0]!.score).toBeCloseTo(weight(15, age(40)), 0);
    const beyond = await call(api.url, seeded.key, "GET", "/app/reports/vulnerable-assets?limit=2&page=9");
    expect([beyond.headers.get("x-total-count"), await beyond.json()]).toEqual(["3", []]);
  });

  it("counts dismissed issues only when asked, and filters by project", async () => {
    const all = await seeded.get<Ranked[]>("/app/reports/vulnerable-assets?includeDismissed=true");
    expect(all.find((r) => r.value === "a2.example.com")).toMatchObject({ high: 1, low: 1 });
    const b = await seeded.get<Ranked[]>(`/app/reports/vulnerable-assets?projectId=${seeded.projectB}`);
    expect(b.map((r) => r.value)).toEqual(["b1.example.com"]);
  });

  it("exports the ranking as CSV", async () => {
    const res = await call(api.url, seeded.key, "GET", "/app/reports/vulnerable-assets/export");
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toMatch(/^rank,assetId,value,/);
    expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(["a1.example.com", "a2.example.com", "b1.example.com"]);
  });
});

interface Sla {
  policy: Record<string, number>;
  bySeverity: {
    severity: string;
    open: number;
    withinSla: number;
    atRisk: number;
    breached: number;
    resolvedInPeriod: number;
    resolvedWithinSla: number;
    resolvedLate: number;
  }[];
  breachRate: { bucket: string; points: { start: string; due: number; breached: number; rate: number }[] };
  oldestBreaches: { issueId: number; assetValue: string; daysOver: number }[];
}
const row = (s: Sla, severity: string) => s.bySeverity.find((r) => r.severity === severity)!;

describe("SLA", () => {
  it("counts within SLA, at risk and breached per severity with the default policy", async () => {
    const s = await seeded.get<Sla>(`/app/reports/sla?${period}`);
    expect(s.policy).toEqual({ critical: 15, high: 30, medium: 90, low: 180 });
    expect(row(s, "critical")).toMatchObject({ open: 2, withinSla: 0, atRisk: 1, breached: 1, resolvedInPeriod: 1 });
    expect(row(s, "high")).toMatchObject({ open: 2, withinSla: 0, atRisk: 0, breached: 2, resolvedWithinSla: 1 });
    expect(row(s, "medium")).toMatchObject({ open: 1, withinSla: 1, atRisk: 0, breached: 0 });
    expect(row(s, "low")).toMatchObject({ open: 0, resolvedInPeriod: 1, resolvedWithinSla: 0, resolvedLate: 1 });
    expect(s.oldestBreaches.map((b) => [b.issueId, b.daysOver])).toEqual([
      [seeded.i7, 10],
      [seeded.i1, 5],
      [seeded.i4, 5],
    ]);
    expect(s.breachRate.bucket).toBe("week");
    const due = s.breachRate.points.reduce((n, p) => n + p.due, 0);
    const breached = s.breachRate.points.reduce((n, p) => n + p.breached, 0);
    expect([due, breached]).toEqual([3, 2]);
  });

  it("follows a changed policy and a project override, each audited", async () => {
    const put = await call(api.url, seeded.key, "PUT", "/app/sla-policy", {
      critical: 30,
      high: 30,
      medium: 90,
      low: 180,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await put.json()).toMatchObject({ critical: 30, source: "workspace", projects: [] });
    let s = await seeded.get<Sla>(`/app/reports/sla?${period}`);
    expect(row(s, "critical")).toMatchObject({ withinSla: 2, atRisk: 0, breached: 0 });

    const override = await call(api.url, seeded.key, "PUT", `/app/projects/${seeded.projectB}/sla-policy`, {
      critical: 15,
      high: 50,
      medium: 90,
      low: 180,
    });
    expect(override.status, await override.clone().text()).toBe(200);
    s = await seeded.get<Sla>(`/app/reports/sla?${period}`);
    // i7, first seen 40 days ago, now has 50 days: 80 % of them gone today at 00:00, so at risk (the issues' rule).
    expect(row(s, "high")).toMatchObject({ withinSla: 0, atRisk: 1, breached: 1 });
    expect(s.oldestBreaches.map((b) => b.issueId)).toEqual([seeded.i4]);
    const b = await seeded.get<Sla>(`/app/reports/sla?${period}&projectId=${seeded.projectB}`);
    expect(row(b, "high")).toMatchObject({ open: 1, atRisk: 1 });

    const audit = await sql(
      `select action, "resourceId", changes from "AuditEntry" where "workspaceId" = $1 and action like 'sla-policy%' ` +
        `order by id`,
      [seeded.ws],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["sla-policy.update", "sla-policy.project.update"]);
    expect(audit.rows[0].changes).toEqual({ critical: { before: 15, after: 30 } });
    expect(audit.rows[1].resourceId).toBe(String(seeded.projectB));

    const del = await call(api.url, seeded.key, "DELETE", `/app/projects/${seeded.projectB}/sla-policy`);
    expect(del.status).toBe(200);
    expect(((await del.json()) as { projects: unknown[] }).projects).toEqual([]);
    await expectError(
      await call(api.url, seeded.key, "DELETE", `/app/projects/${seeded.projectB}/sla-policy`),
      404,
      "NOT_FOUND",
    );
    await call(api.url, seeded.key, "PUT", "/app/sla-policy", { critical: 15, high: 30, medium: 90, low: 180 });
  });

  it("refuses bad days naming the field, and changes nothing", async () => {
    await expectError(
      await call(api.url, seeded.key, "PUT", "/app/sla-policy", { critical: 0, high: 30, medium: 90, low: 180 }),
      400,
      "VALIDATION_ERROR",
      "critical",
    );
    const policy = await seeded.get<{ critical: number }>("/app/sla-policy");
    expect(policy.critical).toBe(15);
  });
});

describe("the issue history", () => {
  it("records a status change made through the API in the reports", async () => {
    const before = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    const res = await call(api.url, seeded.key, "PATCH", `/app/issues/${seeded.i8}/status`, { status: "resolved" });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    expect(after.issues.resolved.critical).toBe(before.issues.resolved.critical + 1);
    expect(after.issues.stillOpen.critical).toBe(before.issues.stillOpen.critical - 1);
    expect(after.series.at(-1)!.openAtEnd).toBe(before.series.at(-1)!.openAtEnd - 1);
    await call(api.url, seeded.key, "PATCH", `/app/issues/${seeded.i8}/status`, { status: "open" });
    const again = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    expect(again.issues.reopened.critical).toBe(1);
    expect(again.issues.stillOpen.total).toBe(before.issues.stillOpen.total);
  });

  it("groups an issue's whole history under its current severity", async () => {
    const before = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    await sql(`update "Issue" set severity = 'low' where id = $1`, [seeded.i4]);
    const after = await seeded.get<Summary>(`/app/reports/summary?${period}`);
    expect(after.issues.reopened).toMatchObject({ high: 0, low: 1 });
    expect(after.issues.stillOpen).toMatchObject({ high: before.issues.stillOpen.high - 1, low: 1 });
    expect(after.series).toEqual(before.series);
    await sql(`update "Issue" set severity = 'high' where id = $1`, [seeded.i4]);
  });
});

describe("access", () => {
  it("needs reports:read to read and reports:write to change the policy", async () => {
    const assetsOnly = await newApiKey(api.services, seeded.ws, { scopes: ["assets:read"] });
    for (const path of [
      "/app/reports/summary",
      "/app/reports/vulnerable-assets",
      "/app/reports/sla",
      "/app/sla-policy",
    ]) {
      await expectError(await call(api.url, assetsOnly.key, "GET", path), 403, "SCOPE_REQUIRED");
    }
    const readOnly = await newApiKey(api.services, seeded.ws, { scopes: ["reports:read"] });
    expect((await call(api.url, readOnly.key, "GET", "/app/reports/sla")).status).toBe(200);
    await expectError(
      await call(api.url, readOnly.key, "PUT", "/app/sla-policy", { critical: 1, high: 1, medium: 1, low: 1 }),
      403,
      "SCOPE_REQUIRED",
    );
  });

  it("keeps workspaces apart", async () => {
    const other = await workspaceWithKey(api.services);
    const s = await seeded.get<Summary>(`/app/reports/summary?${period}`, other.key);
    expect(s.issues.opened.total).toBe(0);
    expect(s.issues.stillOpen.total).toBe(0);
    expect(await seeded.get<Ranked[]>("/app/reports/vulnerable-assets", other.key)).toEqual([]);
    await expectError(
      await call(api.url, other.key, "GET", `/app/reports/summary?projectId=${seeded.projectA}`),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await call(api.url, other.key, "PUT", `/app/projects/${seeded.projectA}/sla-policy`, {
        critical: 1,
        high: 1,
        medium: 1,
        low: 1,
      }),
      404,
      "NOT_FOUND",
    );
    expect((await seeded.get<{ source: string }>("/app/sla-policy", other.key)).source).toBe("default");
  });
});
