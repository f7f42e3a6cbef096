// `pnpm bench:scheduler`: one scheduler tick against 100,000 enabled
// schedules (10 workspaces x 10,000 proven assets, one daily schedule each)
// in a scratch database, with 0, 100 and 1,000 of them due. A tick claims the
// due rows through the (enabled, nextRunAt) index and starts their scans with
// their jobs in the same transaction. Prints the median of 3 ticks per row;
// the numbers are kept in docs/benchmarks.md by hand.
import { createTestDatabase } from "@ems/db/testing";
import { createJobQueue, createServices, createWorkspace } from "@ems/core";
import { runSchedulerTick } from "@ems/core/testing";

const WORKSPACES = 10;
const PER_WORKSPACE = 10_000;

const db = await createTestDatabase();
const jobs = createJobQueue(db.url);
const services = createServices(db, { jobs });
let t = Date.now();
for (let w = 0; w < WORKSPACES; w++) {
  const ws = await createWorkspace(
    services,
    { name: `Bench ${w}`, plan: "premium" },
    { channel: "cli", name: "bench" },
  );
  const { rows } = await db.pool.query<{ id: number }>(
    `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'bench', now()) returning id`,
    [ws.id],
  );
  await db.pool.query(
    `insert into "Asset" ("workspaceId", "projectId", type, value, status, "ownershipToken",
                          "ownershipVerifiedAt", "ownershipMethod", "updatedAt")
     select $1, $2, 'domain', 'site-' || g || '.example.com', 'reachable', md5(g::text), now(), 'dns-txt', now()
       from generate_series(1, $3) g`,
    [ws.id, rows[0]!.id, PER_WORKSPACE],
  );
  await db.pool.query(
    `insert into "ScanSchedule" ("workspaceId", "assetId", name, frequency, time, "nextRunAt", "createdAt", "updatedAt")
     select "workspaceId", id, 'Daily at 03:00 UTC', 'daily', '03:00',
            now() + interval '1 day' + (id % 1000) * interval '1 minute', now(), now()
     from "Asset" where "workspaceId" = $1`,
    [ws.id],
  );
}
await db.pool.query(`vacuum analyze`);
console.log(`seeded ${WORKSPACES * PER_WORKSPACE} schedules in ${Date.now() - t} ms`);

/** Makes `due` schedules, spread over all workspaces, due a minute ago; clears earlier runs' scans. */
async function makeDue(due: number) {
  await db.pool.query(`delete from "Scan"`);
  await db.pool.query(`delete from pgboss.job where name = 'scan-run'`);
  await db.pool.query(
    `update "ScanSchedule" set "nextRunAt" = now() + interval '1 day' where "nextRunAt" <= now() + interval '1 hour'`,
  );
  if (due) {
    await db.pool.query(
      `update "ScanSchedule" set "nextRunAt" = now() - interval '1 minute' where id in (select id from ` +
        `"ScanSchedule" order by md5(id::text) limit $1)`,
      [due],
    );
  }
}

console.log("| Due schedules | Tick (median of 3) | Scans started |\n|---|---|---|");
for (const due of [0, 100, 1000]) {
  const times: number[] = [];
  let started = 0;
  for (let i = 0; i < 3; i++) {
    await makeDue(due);
    t = performance.now();
    started = (await runSchedulerTick(services)).started;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${due} | ${times[1]!.toFixed(1)} ms | ${started} |`);
}
await jobs.stop();
await db.drop();
