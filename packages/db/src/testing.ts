// Test databases: every test file gets its own fresh database, cloned from a
// template that holds the current migrations. The server is DATABASE_URL's
// when set (CI), else an embedded PostgreSQL under `.data/test`.
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { createDatabase, type Database } from "./client.ts";
import { ensureEmbeddedPostgres } from "./embedded.ts";
import { applyMigrations, readMigrations } from "./migrate.ts";
import { dataDir } from "./open.ts";

async function adminUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const embedded = await ensureEmbeddedPostgres({ root: path.join(dataDir(), "test"), database: "postgres" });
  return embedded.adminUrl;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function ensureTemplate(admin: pg.Client, url: string): Promise<string> {
  const migrations = await readMigrations();
  const hash = createHash("sha256")
    .update(migrations.map((m) => m.checksum).join())
    .digest("hex")
    .slice(0, 12);
  const template = `ems_template_${hash}`;
  await admin.query("select pg_advisory_lock(4242)");
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (found.rowCount === 0) {
      await admin.query(`create database "${template}"`);
      const pool = new pg.Pool({ connectionString: withDatabase(url, template), max: 1 });
      try {
        await applyMigrations(pool);
      } catch (err) {
        await pool.end();
        await admin.query(`drop database "${template}"`);
        throw err;
      }
      await pool.end();
    }
  } finally {
    await admin.query("select pg_advisory_unlock(4242)");
  }
  return template;
}

export interface TestDatabase extends Database {
  name: string;
  drop(): Promise<void>;
}

/** A new, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = await adminUrl();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const template = await ensureTemplate(admin, url);
    const name = `ems_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (err) {
        // 55006: the template is briefly busy with a concurrent clone.
        if ((err as { code?: string }).code !== "55006" || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const db = createDatabase(withDatabase(url, name), { max: 10 });
    return {
      ...db,
      name,
      async drop() {
        await db.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  } finally {
    await admin.end();
  }
}

/**
 * Runs `work` in `count` transactions at once, each on its own connection, so that concurrent writers really
 * overlap (what the trigger-kept counts must survive). Writer i commits unless `rollsBack(i)`; one that throws is
 * rolled back and fails the call.
 */
export async function concurrentTransactions(
  db: Pick<Database, "pool">,
  count: number,
  work: (client: pg.PoolClient, i: number) => Promise<unknown>,
  rollsBack: (i: number) => boolean = () => false,
) {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const client = await db.pool.connect();
      try {
        await client.query("begin");
        await work(client, i);
        await client.query(rollsBack(i) ? "rollback" : "commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    }),
  );
}
