// `pnpm bench:reports`: the three reports against a workspace with 10,000
// assets, 200,000 issues (two years of history: 60% resolved, 5% dismissed,
// a tenth of those reopened) and 1,000,000 findings, seeded with
// generate_series in a scratch database. Every request goes through the full
// stack (in-process); prints median and p99 of 50 requests per case. The
// numbers are kept in docs/benchmarks.md by hand.
import { createTestDatabase } from "@ems/db/testing";
import { createServices, createWorkspace } from "@ems/core";
import { buildServer } from "../src/server.ts";
import { loadConfig } from "../src/config.ts";
import { keyRing, sequential } from "./requests.ts";
import {
  analyze,
  seedAssets,
  seedFindings,
  seedIssues,
  seedOpenPorts,
  seedProjects,
  seedScans,
  seeder,
  yardstick,
} from "./seed.ts";

const ISSUES = 200_000;
const ASSETS = 10_000;
const FINDINGS = 1_000_000;
const RUNS = 50;

const db = await createTestDatabase();
const services = createServices(db);
const ws = await createWorkspace(services, { name: "Big", plan: "premium" }, { channel: "cli", name: "bench" });
const seed = seeder(db, ws.id);
const { q } = seed;
const t = Date.now();
await seedProjects(seed, 20);
await seedAssets(seed, ASSETS);
await seedScans(seed, ASSETS);
await seedIssues(seed, ISSUES);
await seedFindings(seed, FINDINGS);
await seedOpenPorts(seed);
await analyze(db, ["Issue", "IssueEvent", "Finding", "Asset", "Scan", "OpenPort"]);
const counts = await q(
  `select (select count(*) from "Issue" where "workspaceId" = $1) as issues,
     (select count(*) from "IssueEvent" where "workspaceId" = $1) as events,
     (select count(*) from "Finding" where "workspaceId" = $1) as findings`,
);
console.log("seeded", counts.rows[0], "in", Date.now() - t, "ms");
const project = (await q(`select min(id) as id from "Project" where "workspaceId" = $1`)).rows[0]!.id as number;

const app = await buildServer(services, { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: "warn" });
const auth = await keyRing(services, ws.id, 20);
async function measure(path: string) {
  const { median, p99 } = await sequential(app, path, auth, RUNS);
  console.log(`| \`${path}\` | ${median.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
}

// A yardstick for how busy the machine is: a plain scan of the issues (about 10 ms on a quiet 2-core machine).
console.log(`yardstick: scan of ${ISSUES} issues, median ${(await yardstick(seed, "Issue")).toFixed(1)} ms`);
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
await db.drop();
