// Migrations that rewrite rows already there: each is applied to a database holding rows written before it.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

const opened: { db: TestDatabase; pool: pg.Pool; dir: string }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.pool.end();
    await o.db.drop();
    await rm(o.dir, { recursive: true, force: true });
  }
});

/** A database migrated up to, not including, `migration`; apply the rest with `applyMigrations(pool)`. */
async function databaseBefore(migration: string) {
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const dir = await mkdtemp(path.join(os.tmpdir(), "ems-before-"));
  opened.push({ db, pool, dir });
  await pool.query(`drop schema public cascade; create schema public; drop schema if exists ratelimit cascade`);
  for (const name of await readdir(migrationsDir)) {
    if (name < migration && !name.endsWith(".toml"))
      await cp(path.join(migrationsDir, name), path.join(dir, name), {
        recursive: true,
      });
  }
  await applyMigrations(pool, dir);
  const workspace = (
    await pool.query<{ id: number }>(`insert into "Workspace" (name, "updatedAt") values ('w', now()) returning id`)
  ).rows[0]!.id;
  return { pool, workspace };
}

describe("20261128041500_webhook_urls_masked_in_audit", () => {
  it("masks the webhook URLs audit entries kept in clear, and leaves every other entry alone", async () => {
    const { pool, workspace } = await databaseBefore("20261128041500_webhook_urls_masked_in_audit");
    const entry = (resourceType: string, changes: object) =>
      pool.query<{ id: number }>(
        `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", changes)
         values ($1, 'user', 'a', 'dashboard', 'x', $2, $3) returning id`,
        [workspace, resourceType, JSON.stringify(changes)],
      );
    const slack = "https://hooks.slack.com/services/T0/B0/secretToken";
    await entry("webhook", { url: { before: null, after: slack }, description: { before: null, after: "d" } });
    await entry("webhook", { url: { before: "HTTP://Example.COM:8080\\\\a\\\\b?token=1", after: slack } });
    await entry("webhook", { url: { before: slack, after: null } });
    await entry("webhook", { enabled: { before: true, after: false } });
    await entry("project", { url: { before: null, after: "https://kept.example/x" } });

    await applyMigrations(pool);
    const { rows } = await pool.query<{ changes: object }>(`select changes from "AuditEntry" order by id`);
    expect(rows.map((r) => r.changes)).toEqual([
      { url: { before: null, after: "https://hooks.slack.com/…" }, description: { before: null, after: "d" } },
      { url: { before: "http://example.com:8080/…", after: "https://hooks.slack.com/…" } },
      { url: { before: "https://hooks.slack.com/…", after: null } },
      { enabled: { before: true, after: false } },
      { url: { before: null, after: "https://kept.example/x" } },
    ]);
  });
});
