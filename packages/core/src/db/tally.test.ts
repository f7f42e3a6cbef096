import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";

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

beforeAll(async () => {
  db = await createTestDatabase();
  a = (await db.prisma.workspace.create({ data: { name: "A" } })).id;
  b = (await db.prisma.workspace.create({ data: { name: "B" } })).id;
});
afterAll(() => db.drop());

describe("the workspace tallies", () => {
  it("stay exact under concurrent writers, rollbacks and deletes", async () => {
    // Eight connections write at once, each in its own transaction; every third one rolls back.
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const client = await db.pool.connect();
        try {
          await client.query("begin");
          await insertAudit(client, i % 2 ? a : b, 10 + i, i % 2 ? "project.create" : "project.update");
          await insertAudit(client, a, 5, "issue.resolve");
          await client.query(i % 3 === 0 ? "rollback" : "commit");
        } finally {
          client.release();
        }
      }),
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

  it("go with their workspace", async () => {
    expect(await tallyOf(b, "audit")).toBeGreaterThan(0);
    await db.prisma.workspace.delete({ where: { id: b } });
    expect(await countOf(`"WorkspaceTally" where "workspaceId" = $1`, b)).toBe(0);
  });
});
