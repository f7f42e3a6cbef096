// The "ListMark" counts and the pages read from them (marks.ts): seeded across fine id ranges (16,384 ids) and coarse
// ones (4,194,304; the sequences are moved on between batches, some batches straddle a fine range's edge and one a
// coarse range's, one fine range is emptied by deletes), every page of
// each marked list in both directions must be the slice its order gives, and the counts must stay exact under
// concurrent writers, rollbacks, severity changes and deletes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concurrentTransactions, createTestDatabase, type TestDatabase } from "@ems/db/testing";
import { AUDIT_MARKS, FINDING_MARKS, ISSUE_MARKS, markedJump, type MarkedList } from "./marks.ts";

const [FINE, COARSE] = [14, 22];
const SEVERITIES = ["info", "low", "medium", "high", "critical"];

let db: TestDatabase;
let a: number;
let b: number;
let scan: { id: number; assetId: number; workspaceId: number };
let otherScan: typeof scan;
type Query = TestDatabase["pool"]["query"];

/** Inserts n rows of `m`'s table for the scan's workspace and asset; severities cycle from `offset`. */
function insert(client: { query: Query }, m: MarkedList, s: typeof scan, n: number, offset = 0) {
  const severity = `(array['${SEVERITIES.join("','")}'])[(g + $3::int) % 5 + 1]::"Severity"`;
  if (m === AUDIT_MARKS)
    return client.query(
      `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType")
       select $1, 'system', 't', 'system', 'project.create', 'project' from generate_series(1, $2::int)`,
      [s.workspaceId, n],
    );
  if (m === FINDING_MARKS)
    return client.query(
      `insert into "Finding" ("workspaceId", "scanId", "assetId", scanner, kind, title, severity)
       select $1, $4, $5, 'tls', 'k', 't', ${severity} from generate_series(1, $2::int) g`,
      [s.workspaceId, n, offset, s.id, s.assetId],
    );
  return client.query(
    `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, "updatedAt")
     select $1, $4, 'k' || gen_random_uuid(), 't', ${severity}, now() from generate_series(1, $2::int) g`,
    [s.workspaceId, n, offset, s.assetId],
  );
}

/** Moves the table's id sequence on to `to` ranges of size `span` (a shift) past its current one, less `before` ids. */
const moveOn = (m: MarkedList, span: number, to: number, before = 0) =>
  db.pool.query(
    `select setval(pg_get_serial_sequence('"${m.table}"', 'id'),
       ((nextval(pg_get_serial_sequence('"${m.table}"', 'id')) >> $1) + $2) * (1 << $1) - $3)`,
    [span, to, before],
  );

const context = (workspaceId: number) => ({ pool: db.pool, workspaceId });

const listOrder = (m: MarkedList, dir: "asc" | "desc") =>
  m.lead ? `"${m.lead.column}" ${dir}, id ${dir}` : `id ${dir}`;
const orderBy = (m: MarkedList, dir: "asc" | "desc") => [...(m.lead ? [{ [m.lead.column]: dir }] : []), { id: dir }];

beforeAll(async () => {
  db = await createTestDatabase();
  a = (await db.prisma.workspace.create({ data: { name: "A" } })).id;
  b = (await db.prisma.workspace.create({ data: { name: "B" } })).id;
  const scanIn = async (workspaceId: number) => {
    const project = await db.prisma.project.create({ data: { workspaceId, name: "P" } });
    const asset = await db.prisma.asset.create({
      data: {
        workspaceId,
        projectId: project.id,
        type: "domain",
        value: `w${workspaceId}.example`,
        ownershipToken: "t",
      },
    });
    return db.prisma.scan.create({ data: { workspaceId, assetId: asset.id } });
  };
  [scan, otherScan] = await Promise.all([scanIn(a), scanIn(b)]);
});
afterAll(() => db.drop());

describe("pages from the list marks", () => {
  for (const m of [AUDIT_MARKS, FINDING_MARKS, ISSUE_MARKS]) {
    it(`are the ${m.list} list's own slices at every depth, both ways`, async () => {
      // Batches in fine ranges one or two apart and in the next coarse ranges, the other workspace between them; the
      // fourth batch across a fine range's edge, the sixth across a coarse range's.
      const moves: [span: number, to: number, before: number][] = [
        [FINE, 1, 0],
        [FINE, 2, 0],
        [FINE, 1, 10],
        [COARSE, 1, 0],
        [COARSE, 1, 10],
        [FINE, 2, 0],
      ];
      for (const [batch, move] of moves.entries()) {
        await insert(db.pool, m, scan, 23 + batch * 7, batch);
        await insert(db.pool, m, otherScan, 5);
        await moveOn(m, ...move);
      }
      const rangesOf = async (span: number) =>
        (
          await db.pool.query<{ n: number }>(
            `select count(distinct id >> $2)::int as n from "${m.table}" where "workspaceId" = $1`,
            [a, span],
          )
        ).rows[0]!.n;
      expect([await rangesOf(FINE), await rangesOf(COARSE)]).toEqual([7, 3]);
      // Every third row of one range goes, and all of another (its counts stay, at zero); issues change severity.
      const ranges = `(select distinct id >> ${FINE} as r from "${m.table}" where "workspaceId" = $1 order by 1)`;
      await db.pool.query(
        `delete from "${m.table}" where "workspaceId" = $1 and id % 3 = 0
           and id >> ${FINE} = (select r from ${ranges} x offset 1 limit 1)`,
        [a],
      );
      await db.pool.query(
        `delete from "${m.table}" where "workspaceId" = $1
           and id >> ${FINE} = (select r from ${ranges} x offset 3 limit 1)`,
        [a],
      );
      if (m.lead)
        await db.pool.query(`update "Issue" set severity = 'critical' where "workspaceId" = $1 and id % 4 = 1`, [a]);

      for (const dir of ["desc", "asc"] as const) {
        const all = (
          await db.pool.query<{ id: number }>(
            `select id from "${m.table}" where "workspaceId" = $1 order by ${listOrder(m, dir)}`,
            [a],
          )
        ).rows.map((r) => r.id);
        const jump = markedJump(context(a), m, m.list, orderBy(m, dir))!;
        for (let skip = 0; skip <= all.length + 2; skip++) {
          const ids = (await jump({ skip, take: 3 })).map((r) => r.id);
          expect(ids, `${dir} from ${skip}`).toEqual(all.slice(skip, skip + 3));
        }
        // Long pages cross ranges (and severities).
        for (const skip of [0, 17, Math.floor(all.length / 2), all.length - 60]) {
          expect((await jump({ skip, take: 100 })).map((r) => r.id)).toEqual(all.slice(skip, skip + 100));
        }
      }
    });
  }

  it("are for the whole list (its own tally key) in its own order only", () => {
    const sc = context(a);
    expect(markedJump(sc, AUDIT_MARKS, undefined, [{ id: "desc" }])).toBeUndefined();
    expect(markedJump(sc, AUDIT_MARKS, "audit.action.project.create", [{ id: "desc" }])).toBeUndefined();
    expect(markedJump(sc, FINDING_MARKS, "audit", [{ id: "desc" }])).toBeUndefined();
    expect(
      markedJump(sc, ISSUE_MARKS, ["issues.status.open", "issues.status.in-progress"], [{ id: "desc" }]),
    ).toBeUndefined();
    expect(markedJump(sc, AUDIT_MARKS, "audit", [{ action: "asc" }, { id: "asc" }])).toBeUndefined();
    expect(markedJump(sc, ISSUE_MARKS, "issues", [{ id: "desc" }])).toBeUndefined();
    expect(markedJump(sc, ISSUE_MARKS, "issues", [{ severity: "desc" }, { id: "asc" }])).toBeUndefined();
    expect(markedJump(sc, ISSUE_MARKS, "issues", [{ title: "desc" }, { id: "desc" }])).toBeUndefined();
    expect(markedJump(sc, FINDING_MARKS, "findings", [{ id: "asc" }])).toBeTypeOf("function");
    expect(markedJump(sc, ISSUE_MARKS, "issues", [{ severity: "asc" }, { id: "asc" }])).toBeTypeOf("function");
  });

  it("stay exact under concurrent writers, rollbacks, severity changes and deletes", async () => {
    // Eight writers at once, each in its own order of the three tables; every third one rolls back.
    const marks = [AUDIT_MARKS, FINDING_MARKS, ISSUE_MARKS];
    await concurrentTransactions(
      db,
      8,
      async (client, i) => {
        for (const m of i % 2 ? marks : [...marks].reverse()) await insert(client, m, i % 3 ? scan : otherScan, 40, i);
        await client.query(`update "Issue" set severity = 'low' where id % 8 = $1`, [i]);
        await client.query(`delete from "Finding" where id % 8 = $1 and "workspaceId" = $2`, [i, a]);
      },
      (i) => i % 3 === 0,
    );
    for (const m of [AUDIT_MARKS, FINDING_MARKS, ISSUE_MARKS]) {
      const lead = m.lead ? `"${m.lead.column}"::text` : "''";
      for (const span of [FINE, COARSE]) {
        const { rows } = await db.pool.query(
          `select coalesce(c."workspaceId", k."workspaceId") as ws, coalesce(c.lead, k.lead) as lead,
             coalesce(c.bucket, k.bucket) as bucket, c.n as counted, k.n as kept
           from (select "workspaceId", ${lead} as lead, id >> $2 as bucket, count(*)::int as n from "${m.table}"
                 group by 1, 2, 3) c
           full join (select "workspaceId", lead, bucket, sum(n)::int as n from "ListMark" where list = $1
                      and span = $2 group by 1, 2, 3 having sum(n) <> 0) k
             on (c."workspaceId", c.lead, c.bucket) = (k."workspaceId", k.lead, k.bucket)
           where c.n is distinct from k.n`,
          [m.list, span],
        );
        expect(rows, `${m.list} by ${span}`).toEqual([]);
      }
    }
  });

  it("are written after the tally on every table and event (the order that keeps writers apart)", async () => {
    const { rows } = await db.pool.query<{ table: string; names: string[] }>(
      `select tgrelid::regclass::text as table, array_agg(tgname::text order by tgname) as names from pg_trigger
       where tgname like 'tally%' and tgrelid in ('"AuditEntry"'::regclass, '"Finding"'::regclass, '"Issue"'::regclass)
       group by 1`,
    );
    expect(rows).toHaveLength(3);
    for (const { table, names } of rows) {
      // PostgreSQL fires a table's triggers for one event in name order.
      for (const event of table === '"Issue"' ? ["insert", "update", "delete"] : ["insert", "delete"]) {
        const marks = names.indexOf(`tally_with_marks_${event}`);
        expect(marks, `${table} ${event}`).toBeGreaterThan(names.indexOf(`tally_${event}`));
        expect(names.indexOf(`tally_${event}`), `${table} ${event}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("go with their workspace", async () => {
    await db.prisma.workspace.delete({ where: { id: b } });
    expect(
      (await db.pool.query(`select count(*)::int as n from "ListMark" where "workspaceId" = $1`, [b])).rows[0].n,
    ).toBe(0);
  });
});
