// Issue 29 (docs/api.md, SLA): the SLA report and the assessment count an issue at risk by the issues' own rule (from
// atRiskAt, when 80 % of its time has gone, to just before dueAt) and breached from dueAt on, at the boundaries, over
// REST with an API key, through tRPC as a dashboard session, and in an asset's assessment; atRiskDays is refused.
import { afterAll, beforeAll, expect, it } from "vitest";
import { asOperator } from "@ems/core";
import { runInWorkspace, takeSnapshot } from "@ems/core/testing";
import { call, expectError, startApi, workspaceWithOwner, type TestApi } from "./harness.ts";
import { assetsOf } from "./report-writers.ts";

const DAY = 86_400_000;
// Today at noon UTC, so that every instant below is in the report's default period.
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY + DAY / 2);
const CRITICAL_DAYS = 15;
const AT_RISK_AFTER = CRITICAL_DAYS * 0.8 * DAY;

let api: TestApi;
let key: string;
let ws: number;
let asset: { id: number; projectId: number };
let asOwner: Awaited<ReturnType<typeof workspaceWithOwner>>["asOwner"];
const ids: Record<string, number> = {};

/** A critical issue first seen `before` ms before NOW. */
const critical = async (name: string, before: number) => {
  const row = await runInWorkspace(ws, () =>
    api.services.scoped.issue.create({
      data: {
        workspaceId: ws,
        assetId: asset.id,
        kind: `sla.${name}`,
        title: name,
        severity: "critical",
        firstSeenAt: new Date(NOW.getTime() - before),
      },
    }),
  );
  ids[name] = row.id;
};

beforeAll(async () => {
  api = await startApi({ now: () => NOW });
  ({ ws, key, asOwner } = await workspaceWithOwner(api.services));
  [asset] = (await assetsOf(api.services, ws, 1)) as [{ id: number; projectId: number }];
  await critical("before80", AT_RISK_AFTER - 1); // 1 ms short of 80 % of its time: on track
  await critical("at80", AT_RISK_AFTER); // exactly 80 %: at risk
  await critical("after80", AT_RISK_AFTER + 1); // 1 ms past: at risk
  await critical("lastMs", CRITICAL_DAYS * DAY - 1); // due in 1 ms: still at risk
  await critical("due", CRITICAL_DAYS * DAY); // exactly due: breached
});
afterAll(() => api.close());

interface SlaRow {
  severity: string;
  open: number;
  withinSla: number;
  atRisk: number;
  breached: number;
}
interface Sla {
  bySeverity: SlaRow[];
  oldestBreaches: { issueId: number }[];
}
const criticalRow = (s: { bySeverity: SlaRow[] }) => s.bySeverity.find((r) => r.severity === "critical");
const expected = { open: 5, withinSla: 1, atRisk: 3, breached: 1 };

async function slaOver(query: string) {
  const res = await call(api.url, key, "GET", `/app/reports/sla${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Sla;
}

it("counts at risk from exactly 80 % of the time and breached from exactly dueAt, as the issues do", async () => {
  const s = await slaOver("");
  expect(criticalRow(s)).toMatchObject(expected);
  expect(s.oldestBreaches.map((b) => b.issueId)).toEqual([ids.due]);
  // The issues list judges them the same at the same instant.
  for (const [status, names] of [
    ["at_risk", ["at80", "after80", "lastMs"]],
    ["on_track", ["before80"]],
    ["breached", ["due"]],
  ] as const) {
    const res = await call(api.url, key, "GET", `/app/issues?slaStatus=${status}&limit=100`);
    const items = (await res.json()) as { id: number }[];
    expect(items.map((i) => i.id).sort(), status).toEqual(names.map((n) => ids[n]).sort());
  }
});

it("counts the same for a project (its own ranges) and with dismissed issues included", async () => {
  expect(criticalRow(await slaOver(`?projectId=${asset.projectId}`))).toMatchObject(expected);
  expect(criticalRow(await slaOver("?includeDismissed=true"))).toMatchObject(expected);
});

it("counts the same for the dashboard's session (tRPC)", async () => {
  expect(criticalRow(await asOwner.reports.sla({}))).toMatchObject(expected);
});

it("counts the same in an assessment of the workspace and of the asset", async () => {
  const scopes = [
    { type: "workspace" as const, id: null, name: "Workspace" },
    { type: "asset" as const, id: asset.id, name: "Asset" },
  ];
  for (const scope of scopes) {
    const data = await asOperator(api.services, ws, { channel: "cli", name: "test" }, (sc) =>
      takeSnapshot(sc, scope, NOW),
    );
    const row = data.sla.bySeverity.find((r) => r.severity === "critical");
    expect(row, scope.type).toMatchObject(expected);
  }
});

it("refuses atRiskDays (a 400 naming it) rather than counting by another rule", async () => {
  await expectError(
    await call(api.url, key, "GET", "/app/reports/sla?atRiskDays=7"),
    400,
    "VALIDATION_ERROR",
    "atRiskDays",
  );
});
