// What every connection of a database handle is set up with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./client.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

let db: TestDatabase;
let oneConnection: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  oneConnection = createDatabase(db.url, { max: 1 });
});
afterAll(async () => {
  await oneConnection.close();
  await db.drop();
});

describe("createDatabase", () => {
  it("sets up every connection without parallel workers", async () => {
    const { rows } = await oneConnection.pool.query<{ workers: string }>(
      `select current_setting('max_parallel_workers_per_gather') as workers`,
    );
    expect(rows[0]!.workers).toBe("0");
  });

  it("plans a named statement for each workspace's parameters, never one generic plan for all", async () => {
    const [big, small] = (
      await db.pool.query<{ id: number }>(
        `insert into "Workspace" (name, "updatedAt") values ('big', now()), ('small', now()) returning id`,
      )
    ).rows.map((r) => r.id);
    await db.pool.query(
      `insert into "Project" ("workspaceId", name, description, color, "updatedAt")
       select case when g <= 20000 then $1::int else $2::int end, 'p' || g, '', '#64748b', now()
       from generate_series(1, 20100) g`,
      [big, small],
    );
    await db.pool.query(`analyze "Project"`);
    // The projects list's statement (core's projects.service.ts), on deep pages of the big workspace: the runs after
    // which PostgreSQL's default (plan_cache_mode auto) adopts a generic plan that seq-scans "Project".
    const page = (workspaceId: number, offset: number) =>
      oneConnection.pool.query({
        name: "projects-page",
        text: `select p.id from "Project" p
               join (select id from "Project" where "workspaceId" = $1 order by id limit $2 offset $3) page using (id)
               order by p.id`,
        values: [workspaceId, 100, offset],
      });
    for (let i = 0; i < 10; i++) await page(big!, 19_900);
    expect((await page(small!, 0)).rows).toHaveLength(100);
    const { rows } = await oneConnection.pool.query<{ generic: string; custom: string }>(
      `select generic_plans as generic, custom_plans as custom
       from pg_prepared_statements where name = 'projects-page'`,
    );
    expect(rows[0]).toEqual({ generic: "0", custom: "11" });
  });
});
