import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concurrentTransactions, createTestDatabase, type TestDatabase } from "@ems/db/testing";

let db: TestDatabase;
let a: number;
let b: number;

const tallyOf = async (workspaceId: number, key: string) =>
  Number(
    (
      await db.pool.query(
        `select coalesce(sum((counts ->> $2)::bigint), 0) as n from "WorkspaceTally" where "workspaceId" = $1`,
        [workspaceId, key],
      )
    ).rows[0].n,
  );
const countOf = async (sql: string, workspaceId: number) =>
  Number((await db.pool.query(`select count(*) as n from ${sql}`, [workspaceId])).rows[0].n);

const insertAudit = (
  client: { query: TestDatabase["pool"]["query"] },
  workspaceId: number,
  n: number,
  action: string,
) =>
  client.query(
    `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType")
     select $1, 'system', 't', 'system', $2, 'project' from generate_series(1, $3::int)`,
    [workspaceId, action, n],
  );

/** Two projects of workspace a, an asset of the first one (named `value`) and a scan of it. */
async function twoProjectsAndAnAsset(names: [string, string], value: string) {
  const [p1, p2] = await Promise.all(names.map((name) => db.prisma.project.create({ data: { workspaceId: a, name } })));
  if (!p1 || !p2) throw new Error("two projects");
  const asset = await db.prisma.asset.create({
    data: { workspaceId: a, projectId: p1.id, type: "domain", value, ownershipToken: "t" },
  });
  const scan = await db.prisma.scan.create({ data: { workspaceId: a, assetId: asset.id } });
  return { p1, p2, asset, scan };
}

beforeAll(async () => {
  db = await createTestDatabase();
  a = (await db.prisma.workspace.create({ data: { name: "A" } })).id;
  b = (await db.prisma.workspace.create({ data: { name: "B" } })).id;
});
afterAll(() => db.drop());

describe("the workspace tallies", () => {
  it("stay exact under concurrent writers, rollbacks and deletes", async () => {
    // Eight connections write at once, each in its own transaction; every third one rolls back.
    await concurrentTransactions(
      db,
      8,
      async (client, i) => {
        await insertAudit(client, i % 2 ? a : b, 10 + i, i % 2 ? "project.create" : "project.update");
        await insertAudit(client, a, 5, "issue.resolve");
      },
      (i) => i % 3 === 0,
    );
    await db.pool.query(`delete from "AuditEntry" where "workspaceId" = $1 and id % 4 = 0`, [a]);

    for (const ws of [a, b]) {
      const where = `"AuditEntry" where "workspaceId" = $1`;
      expect(await tallyOf(ws, "audit")).toBe(await countOf(where, ws));
      for (const action of ["project.create", "project.update", "issue.resolve"]) {
        expect(await tallyOf(ws, `audit.action.${action}`)).toBe(
          await countOf(`${where} and action = '${action}'`, ws),
        );
      }
      expect(await tallyOf(ws, "audit.actorType.system")).toBe(await countOf(where, ws));
      // So do the entries per day and per action and actor name, which date-bounded and searched totals sum.
      const { rows } = await db.pool.query(
        `select (select coalesce(sum(n), 0)::int from "AuditDayCount" where "workspaceId" = $1) as days,
           (select coalesce(sum(n), 0)::int from "AuditSearchCount" where "workspaceId" = $1
             and action = 'issue.resolve') as resolves,
           (select count(*)::int from "AuditEntry" where "workspaceId" = $1) as entries,
           (select count(*)::int from "AuditEntry" where "workspaceId" = $1 and action = 'issue.resolve') as entries2`,
        [ws],
      );
      expect([rows[0].days, rows[0].resolves]).toEqual([rows[0].entries, rows[0].entries2]);
    }
    expect(await tallyOf(a, "audit")).toBeGreaterThan(0);
  });

  it("count findings by severity and scanner, also when a finding changes", async () => {
    const project = await db.prisma.project.create({ data: { workspaceId: a, name: "P" } });
    const asset = await db.prisma.asset.create({
      data: { workspaceId: a, projectId: project.id, type: "domain", value: "example.com", ownershipToken: "t" },
    });
    const scan = await db.prisma.scan.create({ data: { workspaceId: a, assetId: asset.id } });
    await db.prisma.finding.createMany({
      data: ["high", "high", "low"].map((severity, i) => ({
        workspaceId: a,
        scanId: scan.id,
        assetId: asset.id,
        scanner: i ? "tls" : "http",
        kind: `k${i}`,
        title: "t",
        severity: severity as "high" | "low",
      })),
    });
    await db.prisma.finding.updateMany({ where: { scanner: "http" }, data: { severity: "critical" } });
    expect(await tallyOf(a, "findings")).toBe(3);
    expect(await tallyOf(a, "findings.severity.high")).toBe(1);
    expect(await tallyOf(a, "findings.severity.critical")).toBe(1);
    expect(await tallyOf(a, "findings.scanner.tls")).toBe(2);
    // A deleted asset takes its findings, and their counts, with it.
    await db.prisma.asset.delete({ where: { id: asset.id } });
    expect(await tallyOf(a, "findings")).toBe(0);
    expect(await tallyOf(a, "findings.scanner.tls")).toBe(0);
  });

  it("count scans, issues and findings by project, and move them with their asset", async () => {
    const { p1, p2, asset, scan } = await twoProjectsAndAnAsset(["P1", "P2"], "moved.example");
    const issue = await db.prisma.issue.create({
      data: { workspaceId: a, assetId: asset.id, kind: "port.open.22", title: "t", severity: "high", port: 22 },
    });
    await db.prisma.finding.createMany({
      data: [1, 2].map((i) => ({
        workspaceId: a,
        scanId: scan.id,
        assetId: asset.id,
        issueId: issue.id,
        scanner: "port",
        kind: `k${i}`,
        title: "t",
        severity: "high" as const,
      })),
    });
    const byProject = async (project: number) => [
      await tallyOf(a, `scans.projectId.${project}`),
      await tallyOf(a, `issues.projectId.${project}`),
      await tallyOf(a, `findings.projectId.${project}`),
    ];
    expect(await byProject(p1.id)).toEqual([1, 1, 2]);
    // The application never writes the column: a wrong value is replaced by the asset's project.
    await db.pool.query(`update "Finding" set "projectId" = $1 where "assetId" = $2`, [p2.id, asset.id]);
    expect(await byProject(p1.id)).toEqual([1, 1, 2]);

    await db.prisma.asset.update({ where: { id: asset.id }, data: { projectId: p2.id } });
    expect(await byProject(p1.id)).toEqual([0, 0, 0]);
    expect(await byProject(p2.id)).toEqual([1, 1, 2]);
    for (const table of ["Scan", "Issue", "Finding"]) {
      expect(await countOf(`"${table}" where "assetId" = $1 and "projectId" = ${p2.id}`, asset.id)).toBeGreaterThan(0);
      expect(await countOf(`"${table}" where "assetId" = $1 and "projectId" is distinct from ${p2.id}`, asset.id)).toBe(
        0,
      );
    }
    await db.prisma.project.delete({ where: { id: p2.id } });
    expect(await byProject(p2.id)).toEqual([0, 0, 0]);
  });

  it("move the rows a writer adds while the asset changes project, whichever goes first", async () => {
    const { p1, p2, asset, scan } = await twoProjectsAndAnAsset(["Q1", "Q2"], "race.example");
    const addFinding = (client: { query: TestDatabase["pool"]["query"] }, kind: string) =>
      client.query(
        `insert into "Finding" ("workspaceId", "scanId", "assetId", scanner, kind, title, severity)
         values ($1, $2, $3, 'tls', $4, 't', 'low')`,
        [a, scan.id, asset.id, kind],
      );
    // As updateAsset moves an asset: lock it, then change it.
    const move = async (client: { query: TestDatabase["pool"]["query"] }, project: number) => {
      await client.query(`select 1 from "Asset" where id = $1 for update`, [asset.id]);
      await client.query(`update "Asset" set "projectId" = $1 where id = $2`, [project, asset.id]);
    };
    const [writer, mover] = [await db.pool.connect(), await db.pool.connect()];
    try {
      // The writer first: the move waits for its commit, then takes its finding along.
      await writer.query("begin");
      await addFinding(writer, "w1");
      await mover.query("begin");
      let moved = false;
      const moving = move(mover, p2.id).then(() => (moved = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(moved).toBe(false);
      await writer.query("commit");
      await moving;
      await mover.query("commit");
      // The move first: the writer waits for it, then writes under the new project.
      await mover.query("begin");
      await move(mover, p1.id);
      await writer.query("begin");
      let written = false;
      const writing = addFinding(writer, "w2").then(() => (written = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(written).toBe(false);
      await mover.query("commit");
      await writing;
      await writer.query("commit");
    } finally {
      writer.release();
      mover.release();
    }
    const where = `"Finding" where "assetId" = $1`;
    expect(await countOf(`${where} and "projectId" = ${p1.id}`, asset.id)).toBe(2);
    expect(await tallyOf(a, `findings.projectId.${p1.id}`)).toBe(2);
    expect(await tallyOf(a, `findings.projectId.${p2.id}`)).toBe(0);
  });

  it("count open-port issues by port and severity while they are open or in progress", async () => {
    const project = await db.prisma.project.create({ data: { workspaceId: a, name: "Ports" } });
    const assets = await Promise.all(
      [1, 2, 3].map((i) =>
        db.prisma.asset.create({
          data: { workspaceId: a, projectId: project.id, type: "domain", value: `p${i}.example`, ownershipToken: "t" },
        }),
      ),
    );
    await db.prisma.issue.createMany({
      data: assets.flatMap((asset, i) => [
        {
          workspaceId: a,
          assetId: asset.id,
          kind: "port.open.3306",
          title: "t",
          severity: i ? "high" : "critical",
          port: 3306,
        },
        { workspaceId: a, assetId: asset.id, kind: "tls.expired", title: "t", severity: "high" as const, port: 3306 },
      ]),
    });
    expect(await tallyOf(a, "openPorts.3306.high")).toBe(2);
    expect(await tallyOf(a, "openPorts.3306.critical")).toBe(1);
    await db.prisma.issue.updateMany({
      where: { assetId: assets[1]!.id, kind: "port.open.3306" },
      data: { status: "in_progress" },
    });
    await db.prisma.issue.updateMany({
      where: { assetId: assets[2]!.id, kind: "port.open.3306" },
      data: { status: "resolved" },
    });
    expect(await tallyOf(a, "openPorts.3306.high")).toBe(1);
    // A key that comes to zero leaves the shard's row.
    const keys = await db.pool.query(
      `select count(*)::int as n from "WorkspaceTally", jsonb_each(counts) c (k, v)
       where "workspaceId" = $1 and v = '0'`,
      [a],
    );
    expect(keys.rows[0].n).toBe(0);
  });

  it("go with their workspace", async () => {
    expect(await tallyOf(b, "audit")).toBeGreaterThan(0);
    await db.prisma.workspace.delete({ where: { id: b } });
    expect(await countOf(`"WorkspaceTally" where "workspaceId" = $1`, b)).toBe(0);
  });
});
