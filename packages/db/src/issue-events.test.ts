// The IssueEvent history: the migration that adds it backfills existing
// issues from the audit log, and its trigger records later changes.
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { applyMigrations, migrationsDir, readMigrations } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

const MIGRATION = "20261123150912_reports_and_sla";
let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), "ems-issue-events-"));
  // Start from the schema before the migration: an empty database and every earlier migration.
  await db.pool.query(`drop schema public cascade; drop schema ratelimit cascade; create schema public`);
  // "before": every earlier migration; "through": those and this one (later ones come after the test).
  for (const m of await readMigrations()) {
    if (m.name > MIGRATION) continue;
    await cp(path.join(migrationsDir, m.name), path.join(dir, "through", m.name), { recursive: true });
    if (m.name < MIGRATION)
      await cp(path.join(migrationsDir, m.name), path.join(dir, "before", m.name), { recursive: true });
  }
  await applyMigrations(db.pool, path.join(dir, "before"));
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

const events = async (issueId: number) =>
  (
    await db.pool.query(
      `select severity::text, "fromStatus"::text as "from", "toStatus"::text as "to", to_char(at, 'MM-DD') as at
       from "IssueEvent" where "issueId" = $1 order by id`,
      [issueId],
    )
  ).rows;

it("backfills each issue: opened, its audited status changes, then its current status", async () => {
  await db.pool.query(`
    insert into "Workspace" (id, name, "updatedAt") values (1, 'w', now());
    insert into "Project" (id, "workspaceId", name, "updatedAt") values (1, 1, 'p', now());
    insert into "Asset" (id, "workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
      values (1, 1, 1, 'domain', 'a.test', 't', now());
    insert into "Issue" (id, "workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
      "dismissedAt", "updatedAt") values
      (1, 1, 1, 'k1', 'k1', 'high', 'resolved', '2026-11-01', '2026-11-20', null, now()),
      (2, 1, 1, 'k2', 'k2', 'low', 'dismissed', '2026-11-02', null, '2026-11-04', now());
    insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", "resourceId",
      changes, "createdAt") values
      (1, 'system', 's', 'system', 'issue.resolve', 'issue', '1', '{"status":{"before":"open","after":"resolved"}}',
       '2026-11-05'),
      (1, 'system', 's', 'system', 'issue.reopen', 'issue', '1', '{"status":{"before":"resolved","after":"open"}}',
       '2026-11-10'),
      (1, 'user', 'u', 'dashboard', 'issue.assign', 'issue', '1', '{"assigneeUserId":{"before":null,"after":2}}',
       '2026-11-11');`);
  expect(await applyMigrations(db.pool, path.join(dir, "through"))).toEqual([MIGRATION]);
  expect(await events(1)).toEqual([
    { severity: "high", from: null, to: "open", at: "11-01" },
    { severity: "high", from: "open", to: "resolved", at: "11-05" },
    { severity: "high", from: "resolved", to: "open", at: "11-10" },
    // The last resolution has no audit entry: it comes from the row itself.
    { severity: "high", from: "open", to: "resolved", at: "11-20" },
  ]);
  expect(await events(2)).toEqual([
    { severity: "low", from: null, to: "open", at: "11-02" },
    { severity: "low", from: "open", to: "dismissed", at: "11-04" },
  ]);
});

it("records later status changes and keeps the severity of every event current", async () => {
  await db.pool.query(
    `update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = '2026-11-21' where id = 1`,
  );
  await db.pool.query(`update "Issue" set severity = 'critical' where id = 1`);
  await db.pool.query(`update "Issue" set title = 'renamed' where id = 1`);
  const rows = await events(1);
  expect(rows).toHaveLength(5);
  expect(rows.at(-1)).toEqual({ severity: "critical", from: "resolved", to: "open", at: "11-21" });
  expect(rows.every((r) => r.severity === "critical")).toBe(true);
});
