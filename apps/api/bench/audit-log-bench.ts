// `pnpm bench:audit`: GET /app/audit-log against a workspace with a million
// audit entries, through the full stack (in-process requests), for the
// filters people use. Prints the median of 7 requests each; the numbers are
// kept in docs/benchmarks.md by hand.
import { createTestDatabase } from "@ems/db/testing";
import { asOperator, createServices, createWorkspace, createApiKey } from "@ems/core";
import { buildServer } from "../src/server.ts";
import { loadConfig } from "../src/config.ts";
const db = await createTestDatabase();
const services = createServices(db);
const ws = await createWorkspace(services, { name: "Big", plan: "premium" }, { channel: "cli", name: "b" });
const key = await asOperator(services, ws.id, { channel: "cli", name: "b" }, (sc) => createApiKey(sc, { name: "k" }));
let t = Date.now();
await db.pool.query(
  `insert into "AuditEntry"
     ("workspaceId","actorType","actorName","channel","action","resourceType","resourceId","createdAt")
  select $1, 'system', 'seed', 'system', case when g % 3 = 0 then 'project.create' else 'project.update' end,
          'project', (g % 5000)::text, now() - (g || ' seconds')::interval
     from generate_series(1, 1000000) g`,
  [ws.id],
);
await db.pool.query(`vacuum analyze "AuditEntry"`);
console.log("seeded 1M in", Date.now() - t, "ms");
const app = await buildServer(services, { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: "warn" });
for (const q of [
  "limit=100",
  "limit=100&page=100",
  "limit=100&action=project.create",
  "limit=100&resourceType=project&resourceId=42",
  "limit=100&from=2026-11-22",
]) {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    t = performance.now();
    const r = await app.inject({
      method: "GET",
      url: `/app/audit-log?${q}`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    times.push(performance.now() - t);
    if (r.statusCode !== 200) console.log(r.statusCode, r.body);
  }
  times.sort((a, b) => a - b);
  console.log(`| \`${q}\` | ${times[3]!.toFixed(1)} ms |`);
}
await app.close();
await db.drop();
