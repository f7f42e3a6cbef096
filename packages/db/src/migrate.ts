// Applies the committed migrations (prisma/migrations/*/migration.sql) in
// order, keeping Prisma's own `_prisma_migrations` bookkeeping so that the
// Prisma CLI (`migrate status`, `migrate dev`) agrees with what we did. It
// needs no schema engine, so it works offline and at every start.
import { createHash, randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../prisma/migrations");

// Any constant will do: it serialises concurrent migrators across processes.
const MIGRATION_LOCK_KEY = 72_707_369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function applyMigrations(pool: pg.Pool, dir = migrationsDir): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`create table if not exists "_prisma_migrations" (
      "id" varchar(36) primary key not null,
      "checksum" varchar(64) not null,
      "finished_at" timestamptz,
      "migration_name" varchar(255) not null,
      "logs" text,
      "rolled_back_at" timestamptz,
      "started_at" timestamptz not null default now(),
      "applied_steps_count" integer not null default 0)`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `select migration_name, checksum from "_prisma_migrations" where finished_at is not null and rolled_back_at is ` +
        `null`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const ran: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous) {
        if (previous !== m.checksum) throw new Error(`migration ${m.name} was changed after it was applied`);
        continue;
      }
      await client.query("begin");
      try {
        const id = randomUUID();
        await client.query(
          `insert into "_prisma_migrations" (id, checksum, migration_name, started_at) values ($1, $2, $3, now())`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `update "_prisma_migrations" set finished_at = now(), applied_steps_count = 1 where id = $1`,
          [id],
        );
        await client.query("commit");
      } catch (err) {
        await client.query("rollback");
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
