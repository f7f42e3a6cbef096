// The risk score's ledger ("AssetIssueCount") against a recount, and the reports that read it and the SLA's index
// ranges against direct computations from the issues themselves: after a burst of concurrent writers (first
// sightings spread over 200 days, across the score's 90-day age cap) with foldings beside them, the ranking of
// vulnerable assets (whole workspace, one project, dismissed included, a deep page, now and a month on) and the
// SLA report (one project, a project override, 30 days and 12 months) equal what the definitions give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOperator, slaReport, vulnerableAssets } from "@ems/core";
import { compactReportRollups } from "@ems/core/testing";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { directRanking } from "./report-ranking.ts";
import { assetsOf, writer } from "./report-writers.ts";
import { directSla, seedSlaIssues, type SlaFilters as Filters } from "./sla-direct.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const sql = <T extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  api.services.db.pool.query<T>(text, values).then((r) => r.rows);
const DAY = 86_400_000;
const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
const operator = { channel: "cli" as const, name: "test" };

/** Days before this one fold into one row per asset (as the workers fold them today). */
const oldBefore = new Date(Date.now() - 91 * DAY).toISOString().slice(0, 10);
const bucket = (day: string) => `(case when ${day} < '${oldBefore}' then date '1970-01-01' else ${day} end)::text`;
const sums = (count: (s: string) => string, seen: (s: string) => string) =>
  SEVERITIES.map((s) => `${count(s)}::int as ${s}, ${seen(s)}::text as "${s}Seen"`).join(", ");

const ledger = (ws: number) =>
  sql(
    `select * from (select "assetId", ${bucket("day")} as day, "issueDismissed",
       ${sums(
         (s) => `sum(${s})`,
         (s) => `sum("${s}Seen")`,
       )}
     from "AssetIssueCount" where "workspaceId" = $1 group by 1, 2, 3) c
     where (${SEVERITIES.map((s) => `${s} <> 0 or "${s}Seen" <> '0'`).join(" or ")}) order by 1, 2, 3`,
    [ws],
  );
const recount = (ws: number) =>
  sql(
    `select "assetId", ${bucket(`("firstSeenAt" at time zone 'UTC')::date`)} as day,
       status = 'dismissed' as "issueDismissed",
       ${sums(
         (s) => `count(*) filter (where severity = '${s}')`,
         (s) => `coalesce(sum((extract(epoch from "firstSeenAt") * 1000)::bigint) filter (where severity = '${s}'), 0)`,
       )}
     from "Issue" where "workspaceId" = $1 and status in ('open', 'in-progress', 'dismissed')
     group by 1, 2, 3 order by 1, 2, 3`,
    [ws],
  );

describe("the risk score's ledger", () => {
  it("equals a recount, and the reports equal the definitions, after concurrent writers and foldings", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const assets = await assetsOf(api.services, ws, 6, 2);
    const now = new Date();
    // The day the age cap falls in, on both sides of the cap, and some exposed ports (6379 on tcp and udp: one port).
    await sql(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "updatedAt")
       select $1, $2, 'cap.' || g, 't', (array['critical','high','medium'])[1 + g % 3]::"Severity", 'open',
         $3::timestamptz - 90 * interval '1 day' + (g - 3) * interval '3 hours', now()
       from generate_series(1, 5) g`,
      [ws, assets[0]!.id, now],
    );
    await sql(
      `insert into "OpenPort" ("workspaceId", "assetId", port, protocol, "closedAt")
       values ($1, $2, 6379, 'tcp', null), ($1, $2, 6379, 'udp', null), ($1, $2, 443, 'tcp', null),
         ($1, $3, 3306, 'tcp', null), ($1, $3, 6379, 'tcp', now())`,
      [ws, assets[1]!.id, assets[2]!.id],
    );
    let writing = true;
    const folds = (async () => {
      while (writing) await compactReportRollups(api.services);
    })();
    await Promise.all(assets.map((a, i) => writer(api.services, ws, a.id, i + 11, 200)));
    writing = false;
    await folds;

    const counted = await recount(ws);
    expect(counted.length).toBeGreaterThan(10);
    expect(await ledger(ws)).toEqual(counted);
    await compactReportRollups(api.services);
    const [rows] = await sql(
      `select count(*)::int as n, count(*) filter (where not compacted)::int as loose
       from "AssetIssueCount" where "workspaceId" = $1`,
      [ws],
    );
    expect(rows).toEqual({ n: counted.length, loose: 0 });
    expect(await ledger(ws)).toEqual(counted);

    const projectId = assets[0]!.projectId;
    const read = (f: object, at: Date, page = 1, limit = 100) =>
      asOperator(api.services, ws, operator, (sc) => vulnerableAssets(sc, { page, limit, ...f }, at));
    for (const at of [now, new Date(now.getTime() + 30 * DAY)]) {
      for (const f of [{}, { includeDismissed: true }, { projectId }]) {
        const direct = await directRanking(api.services, ws, at, f);
        expect(direct.length).toBeGreaterThan(2);
        const fast = await read(f, at);
        expect(fast.total).toBe(direct.length);
        expect(fast.items.map(({ name: _n, value: _v, type: _t, projectName: _p, projectId: _i, ...r }) => r)).toEqual(
          direct,
        );
        expect((await read(f, at, 2, 2)).items.map((r) => r.assetId)).toEqual(direct.slice(2, 4).map((r) => r.assetId));
      }
    }
  }, 180_000);

  it("gives the SLA report its definition gives: one project, a project override, 30 days, 12 months", async () => {
    const { workspace, key } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const assets = await assetsOf(api.services, ws, 6, 2);
    await Promise.all(assets.map((a, i) => writer(api.services, ws, a.id, i + 21, 200)));
    // And, in both projects (independently of severity), issues of every severity and state first seen every 13
    // hours over 160 days: some fall near every deadline either policy gives.
    await seedSlaIssues(api.services, ws, [assets[0]!.id, assets[1]!.id], 300, ["critical", "high", "medium", "low"]);
    const [a, b] = [assets[0]!.projectId, assets[1]!.projectId];
    // Through the API, which moves the open issues' deadlines (and atRiskAt) with the policy.
    const put = async (path: string, days: number[]) => {
      const [critical, high, medium, low] = days;
      const res = await call(api.url, key, "PUT", path, { critical, high, medium, low });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await put("/app/sla-policy", [20, 40, 60, 80]);
    const now = new Date();
    const report = (f: Filters) => asOperator(api.services, ws, operator, (sc) => slaReport(sc, f, now));
    const cases: Filters[] = [
      { period: "30d", projectId: b },
      { period: "12m", projectId: b, includeDismissed: true },
      { period: "12m" },
    ];
    for (const f of cases)
      expect(await report(f)).toMatchObject(await directSla(api.services, ws, now, f, await report(f)));
    await put(`/app/projects/${a}/sla-policy`, [10, 50, 30, 100]);
    const seen = { breaches: 0, points: 0 };
    for (const f of [...cases, { period: "30d" as const }, { period: "12m" as const, projectId: a }]) {
      const fast = await report(f);
      const direct = await directSla(api.services, ws, now, f, fast);
      expect(fast).toMatchObject(direct);
      seen.breaches += direct.oldestBreaches.length;
      seen.points += direct.breachRate.points.length;
    }
    expect(Math.min(seen.breaches, seen.points)).toBeGreaterThan(5);
  }, 180_000);
});
