// The SLA report with a project override against its definition (sla-direct.ts): the override project's issues and
// another project's straddle their deadlines (first seen every 13 hours over 160 days, every state), each read from
// its own index range; then an asset with its issues moves to the override project through the API, and its issues
// take that project's days (docs/api.md, SLA: "its project's" days, the project it is in now).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOperator, slaReport } from "@ems/core";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { assetsOf } from "./report-writers.ts";
import { directSla, seedSlaIssues, type SlaFilters } from "./sla-direct.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values).then((r) => r.rows);
const operator = { channel: "cli" as const, name: "test" };

describe("SLA report with a project override", () => {
  it("gives each project's issues their own days, and follows an asset moved into the override project", async () => {
    const { workspace, key } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    // Two projects: `own` (with an override) holds assets[1]; `other` holds assets[0] and assets[2], which moves.
    const assets = await assetsOf(api.services, ws, 3, 2);
    const [own, other, moved] = [assets[1]!.projectId, assets[0]!.projectId, assets[2]!];
    expect(moved.projectId).toBe(other);
    // The policies first: the issues' deadlines (and atRiskAt) are set from them as they are written.
    await sql(
      `insert into "SlaPolicy" ("workspaceId", "criticalDays", "highDays", "mediumDays", "lowDays", "updatedAt")
       values ($1, 20, 40, 60, 80, now())`,
      [ws],
    );
    await sql(
      `insert into "ProjectSlaPolicy" ("projectId", "workspaceId", "criticalDays", "highDays", "mediumDays", "lowDays",
         "updatedAt") values ($1, $2, 10, 50, 30, 100, now())`,
      [own, ws],
    );
    await seedSlaIssues(
      api.services,
      ws,
      assets.map((a) => a.id),
      450,
      ["critical", "high", "medium", "low", "info"],
    );
    const now = new Date();
    const report = (f: SlaFilters) => asOperator(api.services, ws, operator, (sc) => slaReport(sc, f, now));
    const cases: SlaFilters[] = [
      { period: "30d" },
      { period: "12m" },
      { period: "12m", includeDismissed: true },
      { period: "12m", projectId: own },
      { period: "30d", projectId: own },
      { period: "12m", projectId: other, includeDismissed: true },
    ];
    const check = async () => {
      const answers = [];
      for (const f of cases) {
        const fast = await report(f);
        expect(fast, JSON.stringify(f)).toMatchObject(await directSla(api.services, ws, now, f, fast));
        answers.push(fast);
      }
      return answers;
    };
    const before = await check();
    // Both projects have issues on each side of their deadlines: open ones breached and not, resolutions late and
    // in time, deadlines met and missed in the breach rate.
    for (const r of [before[3]!, before[5]!]) {
      const sum = (k: "breached" | "withinSla" | "atRisk" | "resolvedLate" | "resolvedWithinSla") =>
        r.bySeverity.reduce((n, s) => n + s[k], 0);
      expect(Math.min(sum("breached"), sum("withinSla") + sum("atRisk"), sum("resolvedLate"))).toBeGreaterThan(0);
      expect(sum("resolvedWithinSla")).toBeGreaterThan(0);
      const points = r.breachRate.points;
      expect(points.some((p) => p.breached > 0) && points.some((p) => p.breached < p.due)).toBe(true);
    }

    const res = await call(api.url, key, "PUT", `/app/assets/${moved.id}`, { projectId: own });
    expect(res.status).toBe(200);
    const after = await check();
    // The move changed the answers: the moved issues now count in `own` at its days, no longer in `other`.
    expect(after[3]!.bySeverity).not.toEqual(before[3]!.bySeverity);
    expect(after[5]!.bySeverity).not.toEqual(before[5]!.bySeverity);
    expect(after[1]!.breachRate).not.toEqual(before[1]!.breachRate);
  }, 120_000);
});
