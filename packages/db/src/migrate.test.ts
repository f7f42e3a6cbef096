import { mkdtemp, mkdir, readdir, rm, writeFile, cp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir, readMigrations } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), "ems-migrations-"));
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

describe("applyMigrations", () => {
  it("has applied every committed migration, with Prisma's bookkeeping and checksums", async () => {
    const committed = await readMigrations();
    expect(committed.length).toBeGreaterThan(0);
    expect(committed.map((m) => m.name)).toEqual(
      (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
    const { rows } = await db.pool.query(
      `select migration_name, checksum, finished_at from "_prisma_migrations" order by migration_name`,
    );
    expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(committed.map((m) => [m.name, m.checksum]));
    expect(rows.every((r) => r.finished_at)).toBe(true);
    expect(await applyMigrations(db.pool)).toEqual([]); // idempotent
  });

  it("applies new migrations in order, runs each as one transaction, and refuses edited ones", async () => {
    const scratch = path.join(dir, "migrations");
    await cp(migrationsDir, scratch, { recursive: true });
    await mkdir(path.join(scratch, "29990101000000_extra"));
    await writeFile(
      path.join(scratch, "29990101000000_extra", "migration.sql"),
      `create table extra (id int);\ncreate function extra_fn() returns int language plpgsql as $$ begin return 1; ` +
        `end; $$;`,
    );
    expect(await applyMigrations(db.pool, scratch)).toEqual(["29990101000000_extra"]);
    expect((await db.pool.query("select extra_fn() as v")).rows[0].v).toBe(1);

    await mkdir(path.join(scratch, "29990102000000_broken"));
    await writeFile(
      path.join(scratch, "29990102000000_broken", "migration.sql"),
      `create table half (id int);\nselect nonsense from nowhere;`,
    );
    await expect(applyMigrations(db.pool, scratch)).rejects.toThrow(/29990102000000_broken failed/);
    expect((await db.pool.query(`select to_regclass('half') as t`)).rows[0].t).toBeNull();

    await rm(path.join(scratch, "29990102000000_broken"), { recursive: true });
    await writeFile(path.join(scratch, "29990101000000_extra", "migration.sql"), "-- edited");
    await expect(applyMigrations(db.pool, scratch)).rejects.toThrow(/changed after it was applied/);
  });

  it("lets concurrent starters apply each migration once", async () => {
    const fresh = await createTestDatabase();
    try {
      const url = new URL(fresh.url);
      const admin = new pg.Pool({ connectionString: url.toString(), max: 4 });
      await admin.query(`drop schema public cascade; create schema public; drop schema if exists ratelimit cascade`);
      const results = await Promise.all([applyMigrations(admin), applyMigrations(admin), applyMigrations(admin)]);
      expect(results.flat().sort()).toEqual((await readMigrations()).map((m) => m.name).sort());
      await admin.end();
    } finally {
      await fresh.drop();
    }
  });
});
