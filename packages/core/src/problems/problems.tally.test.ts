// The problem tallies (migration problems) against the issues themselves: ProblemCount is the open issues per
// project, kind and severity, ExposureLink the open issues per kind, severity, address and port, whatever writes
// them (inserts, status and severity changes, moves between projects, deletes) and however many at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concurrentTransactions, createTestDatabase, type TestDatabase } from "@ems/db/testing";

let db: TestDatabase;
let workspaceId: number;
let projects: number[];
let assets: number[];

const tallied = async () =>
  (
    await db.pool.query(
      `select "projectId", kind, severity::text, sum(issues)::int as n from "ProblemCount" where "workspaceId" = $1
        group by 1, 2, 3 having sum(issues) <> 0 order by 1, 2, 3`,
      [workspaceId],
    )
  ).rows;
const counted = async () =>
  (
    await db.pool.query(
      `select coalesce("projectId", 0) as "projectId", kind, severity::text, count(*)::int as n from "Issue"
        where "workspaceId" = $1 and status in ('open', 'in-progress') group by 1, 2, 3 order by 1, 2, 3`,
      [workspaceId],
    )
  ).rows;
const links = async () =>
  (
    await db.pool.query(
      `select kind, severity::text, address, port, open from "ExposureLink" where "workspaceId" = $1 and open <> 0
        order by 1, 2, 3, 4`,
      [workspaceId],
    )
  ).rows;
const linkedIssues = async () =>
  (
    await db.pool.query(
      `select kind, severity::text, address, port, count(*)::int as open from "Issue"
        where "workspaceId" = $1 and status in ('open', 'in-progress') and address is not null and port is not null
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      [workspaceId],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await db.prisma.workspace.create({ data: { name: "A" } })).id;
  projects = await Promise.all(
    ["P1", "P2"].map(async (name) => (await db.prisma.project.create({ data: { workspaceId, name } })).id),
  );
  assets = [];
  for (let n = 0; n < 8; n++) {
    const asset = await db.prisma.asset.create({
      data: { workspaceId, projectId: projects[n % 2]!, type: "domain", value: `a${n}.test`, ownershipToken: "t" },
    });
    assets.push(asset.id);
  }
});
afterAll(() => db.drop());

describe("the problem tallies", () => {
  it("match the open issues under concurrent writers, rollbacks, changes, moves and deletes", async () => {
    // Eight connections file the same kinds on different assets at once (each asset once); every third rolls back.
    await concurrentTransactions(
      db,
      8,
      async (client, i) => {
        for (const [kind, severity, address] of [
          ["http.exposed.env", "critical", "192.0.2.1"],
          ["http.missing-headers", "low", i % 2 ? "192.0.2.1" : "192.0.2.2"],
          ["dns.spf-missing", "medium", null],
        ] as const) {
          await client.query(
            `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, address, port, "updatedAt")
             values ($1, $2, $3, $3, $4::"Severity", $5, $6, now())`,
            [workspaceId, assets[i], kind, severity, address, address ? 443 : null],
          );
        }
      },
      (i) => i % 3 === 0,
    );
    expect(await tallied()).toEqual(await counted());
    expect(await links()).toEqual(await linkedIssues());
    expect((await links()).find((l) => l.kind === "http.exposed.env")?.open).toBe(5);

    // Resolve, dismiss, reopen, change severity and address, move an asset, delete.
    const q = (sql: string) => db.pool.query(sql, [workspaceId]);
    await q(`update "Issue" set status = 'resolved' where "workspaceId" = $1 and kind = 'http.exposed.env'
               and id = (select min(id) from "Issue" where "workspaceId" = $1 and kind = 'http.exposed.env')`);
    await q(`update "Issue" set status = 'dismissed' where "workspaceId" = $1 and kind = 'dns.spf-missing'`);
    await q(`update "Issue" set status = 'in-progress', severity = 'high', address = '192.0.2.9'
              where "workspaceId" = $1 and kind = 'http.missing-headers'
                and id = (select max(id) from "Issue" where "workspaceId" = $1 and kind = 'http.missing-headers')`);
    await q(`update "Issue" set "lastSeenAt" = now() where "workspaceId" = $1`);
    await db.pool.query(`update "Asset" set "projectId" = $2 where id = $1`, [assets[1], projects[0]]);
    await q(`update "Issue" set status = 'open' where "workspaceId" = $1 and kind = 'dns.spf-missing'
               and id = (select min(id) from "Issue" where "workspaceId" = $1 and kind = 'dns.spf-missing')`);
    await db.pool.query(`delete from "Issue" where "assetId" = $1`, [assets[2]]);
    expect(await tallied()).toEqual(await counted());
    expect(await links()).toEqual(await linkedIssues());

    // A deleted workspace takes its issues and its tallies with it.
    await db.prisma.workspace.delete({ where: { id: workspaceId } });
    expect(await tallied()).toEqual([]);
  });
});
