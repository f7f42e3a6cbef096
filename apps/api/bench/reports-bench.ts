// `pnpm bench:reports`: the three reports against a workspace with 10,000
// assets, 200,000 issues (two years of history: 60% resolved, 5% dismissed,
// a tenth of those reopened) and 1,000,000 findings, seeded with
// generate_series in a scratch database. Every request goes through the full
// stack (in-process); prints median and p99 of 50 requests per case. The
// numbers are kept in docs/benchmarks.md by hand.
//
// BENCH_KEEP=1 keeps the seeded database (its name is printed); BENCH_DB=<name> runs on it again after applying
// the migrations it lacks, so that a change is measured before and after on the same data.
import { applyMigrations } from "@ems/db/node";
import { asOperator, createApiKey, createServices, createWorkspace } from "@ems/core";
import { compactReportRollups } from "@ems/core/testing";
import { buildServer } from "../src/server.ts";
import { loadConfig } from "../src/config.ts";
import { closeBenchDatabase, openBenchDatabase } from "./seed.ts";

const ISSUES = 200_000;
const ASSETS = 10_000;
const FINDINGS = 1_000_000;
const RUNS = 50;

const reuse = process.env.BENCH_DB;
const db = await openBenchDatabase();
const services = createServices(db);
const operator = { channel: "cli" as const, name: "bench" };
const ws = reuse
  ? ((await db.pool.query(`select max(id) as id from "Workspace" where name = 'Big'`)).rows[0] as { id: number })
  : await createWorkspace(services, { name: "Big", plan: "premium" }, operator);
const q = (sql: string) => db.pool.query(sql, [ws.id]);
let t = Date.now();
if (reuse) console.log("migrated", await applyMigrations(db.pool), "in", Date.now() - t, "ms");
else await seed();
// The seeding's statements (and a migration's backfill) each left rows in the reports' rollups; a worker folds them
// every minute. A workspace that grew over time has its few folded rows in a small table: rewrite it so (the seeding
// left 337,000 dead rows).
const folding = Date.now();
console.log("folded", await compactReportRollups(services), "rollup keys in", Date.now() - folding, "ms");
await db.pool.query(`vacuum full "IssueDayCount"`);
await db.pool.query(`vacuum full "AssetIssueCount"`);
for (const table of [
  "Issue",
  "IssueEvent",
  "IssueDayCount",
  "AssetIssueCount",
  "Finding",
  "Asset",
  "Scan",
  "OpenPort",
]) {
  await db.pool.query(`vacuum analyze "${table}"`);
}
const counts = await q(
  `select (select count(*) from "Issue" where "workspaceId" = $1) as issues,
     (select count(*) from "IssueEvent" where "workspaceId" = $1) as events,
     (select count(*) from "Finding" where "workspaceId" = $1) as findings`,
);
console.log("ready", db.name, counts.rows[0], "in", Date.now() - t, "ms");
const project = (await q(`select min(id) as id from "Project" where "workspaceId" = $1`)).rows[0].id as number;
await q(`delete from "ProjectSlaPolicy" where "workspaceId" = $1`);

async function seed() {
  await q(
    `insert into "Project" ("workspaceId", name, "updatedAt") select $1, 'P' || g, now() from generate_series(1, 20) g`,
  );
  await q(
    `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "createdAt", "updatedAt")
     select $1, p.id, 'subdomain', 'host' || g || '.example.com', 't', now() - (g % 700) * interval '1 day', now()
     from generate_series(1, ${ASSETS}) g
     join (select id, row_number() over (order by id) - 1 as n from "Project" where "workspaceId" = $1) p
       on p.n = g % 20`,
  );
  await q(
    `insert into "Scan" ("workspaceId", "assetId", status, "createdAt", "updatedAt")
     select $1, a.id, case when a.id % 10 = 0 then 'failed' else 'completed' end::"ScanStatus",
       now() - (a.id % 365) * interval '1 day', now()
     from "Asset" a where a."workspaceId" = $1`,
  );
  // Issue g: first seen up to 730 days ago; resolved (60%) some days later, dismissed (5%), else open.
  await q(
    `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
       "dismissedAt", "dismissReason", "updatedAt")
     select $1, a.id, 'bench.' || g, 'Issue ' || g,
       (array['critical','high','medium','medium','low','low','info']::"Severity"[])[1 + g % 7],
       s.status::"IssueStatus", s.first,
       case when s.status = 'resolved' then least(s.first + (g % 200) * interval '1 day', now()) end,
       case when s.status = 'dismissed' then s.first + interval '1 day' end,
       case when s.status = 'dismissed' then 'accepted-risk' end, now()
     from generate_series(1, ${ISSUES}) g
     join (select id, row_number() over (order by id) as n from "Asset" where "workspaceId" = $1) a
       on a.n = 1 + g % ${ASSETS}
     cross join lateral (select now() - ((g * 7919) % (730 * 24)) * interval '1 hour' as first,
       case when g % 20 = 0 then 'dismissed' when g % 10 < 6 then 'resolved' else 'open' end as status) s`,
  );
  // A tenth of the resolved issues came back (writes resolved → open events through the trigger).
  await q(
    `update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = "resolvedAt" + interval '3 days'
     where "workspaceId" = $1 and status = 'resolved' and id % 10 = 1 and "resolvedAt" < now() - interval '3 days'`,
  );
  await q(
    `insert into "Finding" ("workspaceId", "scanId", "assetId", "issueId", scanner, kind, title, severity)
     select $1, s.id, i."assetId", i.id, 'bench', i.kind, i.title, i.severity
     from generate_series(1, ${FINDINGS}) g
     join "Issue" i on i.id = (select min(id) from "Issue" where "workspaceId" = $1) + g % ${ISSUES}
     join lateral (select id from "Scan" where "assetId" = i."assetId" limit 1) s on true`,
  );
  await q(
    `insert into "OpenPort" ("workspaceId", "assetId", port)
     select $1, id, (array[22, 443, 3306, 6379, 9200])[1 + id % 5] from "Asset" where "workspaceId" = $1`,
  );
}

const app = await buildServer(services, { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: "warn" });
async function measure(path: string) {
  // A key per case: 50 requests stay inside one key's 120 reads a minute.
  const key = await asOperator(services, ws.id, operator, (sc) => createApiKey(sc, { name: path.slice(0, 60) }));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    const r = await app.inject({ method: "GET", url: path, headers: { authorization: `Bearer ${key.key}` } });
    times.push(performance.now() - t);
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.ceil(0.99 * RUNS) - 1]!;
  console.log(`| \`${path}\` | ${times[RUNS / 2]!.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
}

// A yardstick for how busy the machine is: a plain scan of the issues (about 10 ms on a quiet 2-core machine).
const yardstick: number[] = [];
for (let i = 0; i < 5; i++) {
  t = performance.now();
  await q(`select count(*) from "Issue" where "workspaceId" = $1 and title <> ''`);
  yardstick.push(performance.now() - t);
}
console.log(`yardstick: scan of ${ISSUES} issues, median ${yardstick.sort((a, b) => a - b)[2]!.toFixed(1)} ms`);
console.log("| Request | Median | p99 |\n|---|---|---|");
for (const path of [
  "/app/reports/summary",
  "/app/reports/summary?period=12m",
  `/app/reports/summary?projectId=${project}`,
  "/app/reports/summary?includeDismissed=true",
  "/app/reports/vulnerable-assets",
  `/app/reports/vulnerable-assets?projectId=${project}`,
  "/app/reports/vulnerable-assets?page=50",
  "/app/reports/sla",
  "/app/reports/sla?period=12m",
  `/app/reports/sla?projectId=${project}`,
]) {
  await measure(path);
}
// With a project override the deadline needs each issue's project.
await q(
  `insert into "ProjectSlaPolicy" ("projectId", "workspaceId", "criticalDays", "highDays", "mediumDays", "lowDays",
     "updatedAt") values (${project}, $1, 7, 14, 60, 120, now())`,
);
await measure("/app/reports/sla");
await measure("/app/reports/sla?period=12m");
await app.close();
await closeBenchDatabase(db);
