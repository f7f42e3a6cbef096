// The vulnerable-assets ranking read from "AssetRisk" (packages/core/src/reports/asset-risk.ts) against the definition
// computed from every open issue and open port: after concurrent writers and port changes, with folds running beside
// them and without any, across the 90-day age cap (a refresh at one time, reads before and after it), with an asset
// moved to another project or deleted; whole workspace, one project, dismissed included and a deep page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOperator, vulnerableAssets } from "@ems/core";
import { compactReportRollups } from "@ems/core/testing";
import { startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { directRanking } from "./report-ranking.ts";
import { assetsOf, writer } from "./report-writers.ts";

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
const HOUR = 3_600_000;
const operator = { channel: "cli" as const, name: "test" };

const read = (ws: number, f: object, at: Date, page = 1, limit = 100) =>
  asOperator(api.services, ws, operator, (sc) => vulnerableAssets(sc, { page, limit, ...f }, at));

/** The report equals the definition at `at`: every filter, page 1, pages of 2 through the list; gives its length. */
async function expectExact(ws: number, at: Date, projects: number[]) {
  let compared = 0;
  for (const f of [{}, { includeDismissed: true }, ...projects.map((projectId) => ({ projectId }))]) {
    const direct = await directRanking(api.services, ws, at, f);
    const fast = await read(ws, f, at);
    expect(fast.total).toBe(direct.length);
    expect(fast.items.map(({ name: _n, value: _v, type: _t, projectName: _p, projectId: _i, ...r }) => r)).toEqual(
      direct,
    );
    // Pages of 2 in the front half, around the middle and at the end (read from the end), and past it.
    for (const page of [
      3,
      Math.floor(direct.length / 4) + 1,
      Math.ceil(direct.length / 2),
      Math.ceil(direct.length / 2) + 1,
    ]) {
      const deep = await read(ws, f, at, page, 2);
      expect(deep.total).toBe(direct.length);
      expect(deep.items.map((r) => [r.assetId, r.score])).toEqual(
        direct.slice((page - 1) * 2, page * 2).map((r) => [r.assetId, r.score]),
      );
    }
    compared += direct.length;
  }
  return compared;
}

/** What a read at `at` takes from its issues instead of "AssetRisk": loose ledger rows, marks, rows out of date. */
const inexact = async (ws: number, at: Date) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from (
         select "assetId" from "AssetIssueCount" where not compacted and "workspaceId" = $1
         union select "assetId" from "AssetRiskDirty" where "workspaceId" = $1
         union select "assetId" from "AssetRisk" where "workspaceId" = $1
           and ("validUntil" < $2 or "validFrom" > $2)) x`,
      [ws, at.getTime() - Date.UTC(2026, 0, 1)],
    )
  )[0]!.n;

/** Opens, closes, reopens, renumbers and deletes exposed and other ports on the assets, on tcp and udp. */
async function portChurn(ws: number, assetIds: number[], steps: number) {
  const ports = [6379, 3306, 5432, 443, 27017];
  for (let step = 0; step < steps; step++) {
    const asset = assetIds[step % assetIds.length]!;
    const port = ports[step % ports.length]!;
    const protocol = step % 3 === 0 ? "udp" : "tcp";
    const change = [
      `insert into "OpenPort" ("workspaceId", "assetId", port, protocol) values ($1, $2, $3, $4)
       on conflict ("assetId", port, protocol) do update set "closedAt" = null, "lastSeenAt" = now()`,
      `update "OpenPort" set "closedAt" = now() where "workspaceId" = $1 and "assetId" = $2 and port = $3
         and protocol = $4`,
      `update "OpenPort" set "lastSeenAt" = now(), banner = 'b' where "workspaceId" = $1 and "assetId" = $2
         and port = $3 and protocol = $4`,
      `update "OpenPort" set port = 9200 where "workspaceId" = $1 and "assetId" = $2 and port = $3
         and protocol = $4 and not exists (select from "OpenPort" where "assetId" = $2 and port = 9200)`,
      `delete from "OpenPort" where "workspaceId" = $1 and "assetId" = $2 and port = $3 and protocol = $4`,
    ][(step * 7) % 5]!;
    await sql(change, [ws, asset, port, protocol]);
  }
}

describe("the vulnerable-assets ranking from AssetRisk", () => {
  it("equals the definition after concurrent writers and port changes, with and without folds", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const assets = await assetsOf(api.services, ws, 8, 2);
    const ids = assets.map((a) => a.id);
    const projects = [...new Set(assets.map((a) => a.projectId))];
    const now = new Date();
    await sql(
      `insert into "OpenPort" ("workspaceId", "assetId", port, protocol, "closedAt")
       values ($1, $2, 6379, 'tcp', null), ($1, $2, 6379, 'udp', null), ($1, $2, 443, 'tcp', null),
         ($1, $3, 3306, 'tcp', null), ($1, $3, 5432, 'tcp', now())`,
      [ws, ids[6], ids[7]],
    );
    // Two workers folding and refreshing while the writers and the port changes go on; then the state they leave.
    let writing = true;
    const folds = Promise.all(
      [1, 2].map(async () => {
        while (writing) await compactReportRollups(api.services, now);
      }),
    );
    await Promise.all([...ids.map((id, i) => writer(api.services, ws, id, i + 31, 200)), portChurn(ws, ids, 60)]);
    writing = false;
    await folds;
    expect(await expectExact(ws, now, projects)).toBeGreaterThan(10);

    // Writes no fold has seen: the report reads those assets from their issues.
    await Promise.all([writer(api.services, ws, ids[0]!, 41, 200), portChurn(ws, ids.slice(4), 10)]);
    expect(await inexact(ws, now)).toBeGreaterThan(1);
    await expectExact(ws, now, projects);

    // Folded: every asset is read from its row.
    await compactReportRollups(api.services, now);
    expect(await inexact(ws, now)).toBe(0);
    expect(await expectExact(ws, now, projects)).toBeGreaterThan(10);

    // An asset moved to the other project, another deleted: the filters follow without a fold.
    await sql(`update "Asset" set "projectId" = $2 where id = $1`, [
      ids[0],
      projects.find((p) => p !== assets[0]!.projectId),
    ]);
    await sql(`delete from "Asset" where id = $1`, [ids[6]]);
    await expectExact(ws, now, projects);
    await compactReportRollups(api.services, now);
    await expectExact(ws, now, projects);
  }, 180_000);

  it("stays exact across the age cap: reads before and after the refresh's time, and a refresh later", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const assets = await assetsOf(api.services, ws, 6, 2);
    const projects = [...new Set(assets.map((a) => a.projectId))];
    const now = new Date();
    // Issues first seen every 5 hours around the cap (each asset's 25 hours apart, one exactly at it), open, in
    // progress and dismissed, on five assets; and one asset of ports alone.
    await sql(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "dismissedAt",
         "updatedAt")
       select $1, ($2::int[])[1 + g % 5], 'cap.' || g, 't',
         (array['critical','high','medium','low','info'])[1 + g % 5]::"Severity",
         s.status::"IssueStatus", $3::timestamptz - 90 * interval '1 day' + (g - 20) * interval '5 hours',
         case when s.status = 'dismissed' then now() end, now()
       from generate_series(1, 40) g
       cross join lateral (select (array['open', 'in-progress', 'dismissed'])[1 + (g / 5) % 3] as status) s`,
      [ws, assets.slice(0, 5).map((a) => a.id), now],
    );
    await sql(`insert into "OpenPort" ("workspaceId", "assetId", port, protocol) values ($1, $2, 21, 'tcp')`, [
      ws,
      assets[5]!.id,
    ]);
    await compactReportRollups(api.services, now);
    expect(await inexact(ws, now)).toBe(0);
    await expectExact(ws, now, projects);
    // Hours and days on, and hours before (a clock behind the refresh's): rows out of their validity are computed.
    for (const at of [-9 * HOUR, -2 * HOUR, 6 * HOUR, 12 * HOUR, 30 * DAY].map((d) => new Date(now.getTime() + d))) {
      expect(await inexact(ws, at)).toBeGreaterThan(0);
      await expectExact(ws, at, projects);
    }
    const later = new Date(now.getTime() + 9 * HOUR);
    await compactReportRollups(api.services, later);
    expect(await inexact(ws, later)).toBe(0);
    await expectExact(ws, later, projects);
  }, 120_000);

  it("reads the rows it trusts, and the issues of an asset marked", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const assets = await assetsOf(api.services, ws, 4, 1);
    await Promise.all(assets.map((a, i) => writer(api.services, ws, a.id, i + 51, 60)));
    const now = new Date();
    await compactReportRollups(api.services, now);
    const before = await read(ws, {}, now);
    const top = before.items[0]!;
    // A row made wrong on purpose shows in the report: the report reads it rather than the issues.
    await sql(`update "AssetRisk" set open = open + 1000 * 7776000000 where "assetId" = $1`, [top.assetId]);
    expect((await read(ws, {}, now)).items[0]).toMatchObject({
      assetId: top.assetId,
      score: Number((top.score + 1000).toFixed(1)),
    });
    // Marked, the asset is computed from its issues again; refreshed, its row is right again.
    await sql(`insert into "AssetRiskDirty" ("workspaceId", "assetId") values ($1, $2)`, [ws, top.assetId]);
    expect(await read(ws, {}, now)).toEqual(before);
    await compactReportRollups(api.services, now);
    expect(await inexact(ws, now)).toBe(0);
    expect(await read(ws, {}, now)).toEqual(before);
  }, 120_000);
});
