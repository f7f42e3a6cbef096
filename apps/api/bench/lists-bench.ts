// `pnpm bench:lists`: every list route of the API against one workspace the
// size of a large customer (100,000 assets, 10,000 scans, 200,000 issues,
// 1,000,000 findings, 100,000 open ports, 1,000,000 audit entries, plus
// discovered hosts, schedules and assessments), seeded in
// a scratch database. Each route at page 1, a deep page and each documented
// filter alone: median and p99 of sequential requests, then requests per
// second with 10 in flight, in-process (app.inject: the full stack but the
// socket). A few routes again through real HTTP (autocannon against the
// server in a child process, as `pnpm bench:api` does), and the write case of
// write-contention.ts. (The webhook, member, key and app lists are dashboard
// only, not REST.) Checks X-Total-Count against a plain count(*) where one
// is given. Prints a markdown table; BENCH_RUNS (default 40) sets the
// sequential requests per case, BENCH_ONLY=<text>[,<text>…] keeps the cases
// whose path contains one of them (and leaves out the writes unless BENCH_WRITES=1), BENCH_KEEP=1 keeps the
// scratch database.
import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createServices, createWorkspace } from "@ems/core";
import { compactReportRollups } from "@ems/core/testing";
import { buildServer } from "../src/server.ts";
import { loadConfig } from "../src/config.ts";
import { concurrent, get, keyRing, sequential } from "./requests.ts";
import * as seed from "./seed.ts";
import { writeContention } from "./write-contention.ts";

// BENCH_ISSUES: the issues seeded (default 200,000; issue 29's figures were taken at 1,000,000: seeded in minutes,
// seed-fast.ts).
const SIZES = {
  assets: 100_000,
  scans: 10_000,
  issues: Number(process.env.BENCH_ISSUES ?? 200_000),
  findings: 1_000_000,
  audit: 1_000_000,
};
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CONNECTIONS = 10;
const CONCURRENT_MS = 2_000;
const HTTP_SECONDS = 5;
const MAX_P99_MS = 50;
const only = process.env.BENCH_ONLY?.split(",");

const started = Date.now();
const log = (msg: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

// BENCH_DB=<name>: a database that a run with BENCH_KEEP=1 left on the same server, seeded already.
const reuse = process.env.BENCH_DB;
const db = await seed.openBenchDatabase();
const services = createServices(db);
const workspaceId = reuse
  ? ((await db.pool.query(`select max(id) as id from "Workspace" where name = 'Large customer'`)).rows[0].id as number)
  : (await createWorkspace(services, { name: "Large customer", plan: "premium" }, { channel: "cli", name: "b" })).id;
const s = seed.seeder(db, workspaceId);
const one = async (sql: string) =>
  Object.values((await db.pool.query(sql, sql.includes("$1") ? [workspaceId] : [])).rows[0]!)[0] as number;
let child: ReturnType<typeof fork> | undefined;
try {
  if (!reuse) await seedAll();
  // A kept database as the workers leave it: new migrations' backfills folded too.
  else log(`folded ${await compactReportRollups(services)} rollup keys and risk scores`);
  log(`seeded ${db.name}`);
  const auth = await keyRing(services, workspaceId, 300);
  const ids = {
    project: await one(`select min(id) from "Project" where "workspaceId" = $1`),
    asset: await one(`select min("assetId") from "Scan" where "workspaceId" = $1`),
    scan: await one(`select max(id) from "Scan" where "workspaceId" = $1`),
    issue: await one(`select min(id) from "Issue" where "workspaceId" = $1`),
    schedule: await one(`select min(id) from "ScanSchedule" where "workspaceId" = $1`),
    user: await one(`with u as (insert into "User" (email, "passwordHash", "updatedAt")
        values ('bench-' || $1::int || '@example.com', 'x', now())
        on conflict (email) do update set email = excluded.email
        returning id), m as (insert into "Membership" ("workspaceId", "userId", "updatedAt")
        select $1::int, id, now() from u on conflict do nothing) select id from u`),
  };
  await s.q(`update "Issue" set "assigneeUserId" = ${ids.user} where "workspaceId" = $1 and id % 100 = 0`);
  await db.pool.query(`analyze "Issue"`);

  /**
   * A route's cases: page 1, a deep page, each documented filter alone. `count` is the exact total, in SQL; `runs`
   * caps the sequential requests (and skips the concurrent ones) of a route too slow for more.
   */
  type Case = { path: string; count?: string; runs?: number };
  const w = `"workspaceId" = $1`;
  const cases: Case[] = [
    { path: "/app/projects", count: `select count(*) from "Project" where ${w}` },
    { path: "/app/assets", count: `select count(*) from "Asset" where ${w}` },
    { path: "/app/assets?page=900" },
    { path: `/app/assets?projectId=${ids.project}` },
    { path: "/app/assets?type=subdomain" },
    { path: "/app/assets?status=error", count: `select count(*) from "Asset" where ${w} and status = 'error'` },
    { path: "/app/assets?q=host4242" },
    { path: "/app/assets?sort=value" },
    { path: "/app/scans", count: `select count(*) from "Scan" where ${w}` },
    { path: "/app/scans?page=90" },
    { path: `/app/scans?assetId=${ids.asset}` },
    { path: `/app/scans?projectId=${ids.project}` },
    { path: "/app/scans?status=failed" },
    { path: "/app/scans?from=2026-10-01" },
    { path: "/app/scans/active" },
    { path: `/app/scans/${ids.scan}/findings`, count: `select count(*) from "Finding" where "scanId" = ${ids.scan}` },
    { path: `/app/scans/${ids.scan}/issues` },
    { path: "/app/issues", count: `select count(*) from "Issue" where ${w}` },
    // Deep in the million-row lists, in their default orders: found from the list marks (core's db/marks.ts).
    { path: "/app/issues?page=1000" },
    { path: "/app/issues?page=2000" },
    { path: `/app/issues?assetId=${ids.asset}` },
    {
      path: `/app/issues?projectId=${ids.project}`,
      count: `select count(*) from "Issue" i join "Asset" a on a.id = i."assetId"
              where i.${w} and a."projectId" = ${ids.project}`,
    },
    {
      path: "/app/issues?severity=critical",
      count: `select count(*) from "Issue" where ${w} and severity = 'critical'`,
    },
    { path: "/app/issues?status=open", count: `select count(*) from "Issue" where ${w} and status = 'open'` },
    { path: "/app/issues?status=open&page=500" },
    { path: "/app/issues?kind=port.open.443" },
    { path: `/app/issues?assigneeUserId=${ids.user}` },
    { path: "/app/issues?from=2026-11-01" },
    { path: "/app/issues?to=2025-01-01" },
    { path: "/app/issues?q=issue%204242" },
    { path: "/app/issues?sort=lastSeenAt" },
    { path: "/app/issues?sort=title&order=asc&page=500" },
    // Issue 29: priority and SLA (stored columns, indexed with the workspace), KEV and EPSS.
    { path: "/app/issues?sort=priority" },
    { path: "/app/issues?sort=priority&page=500" },
    { path: "/app/issues?sort=dueAt" },
    { path: "/app/issues?sort=dueAt&order=desc&page=500" },
    { path: "/app/issues?slaStatus=breached" },
    { path: "/app/issues?slaStatus=at_risk" },
    { path: "/app/issues?slaStatus=on_track&sort=dueAt" },
    { path: "/app/issues?status=unresolved&sort=priority" },
    { path: "/app/issues?kev=true", count: `select count(*) from "Issue" where ${w} and kev` },
    { path: "/app/issues?kev=true&sort=priority" },
    { path: "/app/issues?epssMin=0.5" },
    { path: "/app/findings?kev=true" },
    {
      path: "/app/problems",
      count: `select count(distinct kind) from "Issue" where ${w} and status in ('open', 'in-progress')`,
    },
    { path: "/app/problems?sort=oldest" },
    { path: "/app/problems?sort=count&order=asc&page=2&limit=20" },
    { path: `/app/problems?projectId=${ids.project}` },
    { path: "/app/problems?severity=critical" },
    { path: `/app/problems?assetId=${ids.asset}` },
    { path: "/app/problems?q=bench.1" },
    { path: "/app/problems/bench.1.7" },
    { path: "/app/findings", count: `select count(*) from "Finding" where ${w}` },
    { path: "/app/findings?page=5000" },
    { path: "/app/findings?page=10000" },
    { path: "/app/findings?order=asc&page=5000" },
    { path: `/app/findings?assetId=${ids.asset}` },
    {
      path: `/app/findings?projectId=${ids.project}`,
      count: `select count(*) from "Finding" f join "Asset" a on a.id = f."assetId"
              where f.${w} and a."projectId" = ${ids.project}`,
    },
    { path: `/app/findings?scanId=${ids.scan}` },
    { path: `/app/findings?issueId=${ids.issue}` },
    { path: "/app/findings?severity=high", count: `select count(*) from "Finding" where ${w} and severity = 'high'` },
    { path: "/app/findings?scanner=tls" },
    { path: "/app/findings?kind=port.open.443" },
    { path: "/app/findings?from=2026-11-01" },
    { path: "/app/findings?q=issue%2042" },
    { path: "/app/findings?sort=severity" },
    // The port groups riskiest first, with exact counts and each one's 20 most recently seen assets, then filtered
    // (counted from the issues the filters keep); then one port's assets, paged.
    { path: "/app/ports" },
    { path: "/app/ports?sort=port" },
    { path: "/app/ports?port=3306" },
    { path: "/app/ports?service=redis" },
    { path: `/app/ports?projectId=${ids.project}` },
    { path: `/app/ports?assetId=${ids.asset}` },
    { path: "/app/ports?q=host1234" },
    { path: "/app/ports?q=63" },
    {
      path: "/app/ports/3306/assets",
      count: `select count(*) from "Issue" where ${w} and port = 3306 and status in ('open', 'in-progress')
              and kind like 'port.open.%'`,
    },
    { path: "/app/ports/3306/assets?page=180" },
    { path: "/app/audit-log", count: `select count(*) from "AuditEntry" where ${w}` },
    { path: "/app/audit-log?page=5000" },
    { path: "/app/audit-log?page=10000" },
    { path: "/app/audit-log?order=asc" },
    { path: "/app/audit-log?actorType=system" },
    { path: "/app/audit-log?actorId=1" },
    { path: "/app/audit-log?action=project.create" },
    { path: "/app/audit-log?resourceType=project" },
    { path: "/app/audit-log?resourceType=project&resourceId=42" },
    { path: "/app/audit-log?from=2026-11-20" },
    { path: "/app/audit-log?q=project.cre" },
    { path: "/app/discovery/hosts", count: `select count(*) from "DiscoveredHostname" where ${w}` },
    { path: "/app/discovery/hosts?page=900" },
    { path: `/app/discovery/hosts?projectId=${ids.project}` },
    { path: "/app/discovery/hosts?domain=domain7.example" },
    { path: "/app/discovery/hosts?status=ignored" },
    { path: "/app/discovery/hosts?source=crtsh" },
    { path: "/app/discovery/hosts?resolves=true" },
    { path: "/app/discovery/hosts?q=h4242" },
    { path: "/app/scan-schedules", count: `select count(*) from "ScanSchedule" where ${w}` },
    { path: "/app/scan-schedules?page=90" },
    { path: `/app/scan-schedules?assetId=${ids.asset}` },
    { path: `/app/scan-schedules?projectId=${ids.project}` },
    { path: "/app/scan-schedules?enabled=false" },
    { path: `/app/scan-schedules/${ids.schedule}/skips` },
    { path: "/app/assessments" },
    { path: "/app/assessments?scopeType=project" },
    { path: "/app/assessments?status=ready" },
    { path: `/app/issues/${ids.issue}/comments` },
    { path: "/app/reports/vulnerable-assets" },
    { path: "/app/reports/vulnerable-assets?page=500" },
    { path: `/app/reports/vulnerable-assets?projectId=${ids.project}` },
    { path: "/app/reports/vulnerable-assets?includeDismissed=true" },
  ].filter((c) => !only || only.some((part) => c.path.includes(part)));

  const app = await buildServer(services, { ...loadConfig({} as NodeJS.ProcessEnv), logLevel: "warn" });
  const yardstick = await seed.yardstick(s, "Issue");
  const rows: string[] = [];
  const slow: string[] = [];
  for (const c of cases) {
    const url = c.path + (c.path.includes("?") ? "&" : "?") + "limit=100";
    const first = await get(app, url, auth());
    const total = Number(first.headers["x-total-count"]);
    if (c.count !== undefined && total !== Number(await one(c.count))) {
      throw new Error(`${url}: X-Total-Count ${total}, count(*) ${await one(c.count)}`);
    }
    if (!c.runs) for (let i = 0; i < 2; i++) await get(app, url, auth());
    const seq = await sequential(app, url, auth, c.runs ?? RUNS);
    const conc = c.runs ? { rps: NaN, p99: NaN } : await concurrent(app, url, auth, CONNECTIONS, CONCURRENT_MS);
    if (seq.p99 >= MAX_P99_MS) slow.push(url);
    const row =
      `| \`${url.replace(/^\/app/, "")}\` | ${Number.isNaN(total) ? "" : total.toLocaleString("en")} | ` +
      `${seq.median.toFixed(1)} | ${seq.p99.toFixed(1)} | ${conc.rps.toFixed(0)} | ${conc.p99.toFixed(0)} |`;
    rows.push(row);
    log(row);
  }
  // BENCH_ONLY measures its cases alone: no writes (which would change the kept database between runs), unless
  // BENCH_WRITES=1 asks for them too.
  const writes =
    only && !process.env.BENCH_WRITES
      ? "(writes under concurrency: not measured with BENCH_ONLY)"
      : await writeContention(services, db, workspaceId, app, auth);
  log(writes);
  await app.close();

  // Real HTTP: the server from buildServer in a child process, autocannon here.
  const httpPaths = ["/app/issues", `/app/issues?projectId=${ids.project}`, "/app/findings", "/app/assets"].filter(
    (path) => !only || only.some((part) => path.includes(part)),
  );
  if (httpPaths.length)
    child = fork(fileURLToPath(new URL("./servers.ts", import.meta.url)), [db.url], { execArgv: process.execArgv });
  const ports = !child
    ? { product: 0 }
    : await new Promise<{ product: number }>((resolve, reject) => {
        child!.once("message", (m) => resolve(m as { product: number }));
        child!.once("exit", (code) => reject(new Error(`servers exited with ${code}`)));
      });
  const httpRows: string[] = [];
  for (const path of httpPaths) {
    const url = `${path}${path.includes("?") ? "&" : "?"}limit=100`;
    // A fresh process's first answers (Prisma's start, cold plans) are not what is measured.
    for (let i = 0; i < 3; i++)
      await fetch(`http://127.0.0.1:${ports.product}${url}`, { headers: { authorization: auth() } });
    const result = await autocannon({
      url: `http://127.0.0.1:${ports.product}`,
      connections: CONNECTIONS,
      duration: HTTP_SECONDS,
      requests: [{ method: "GET", path: url, setupRequest: (req) => ({ ...req, headers: { authorization: auth() } }) }],
    });
    if (result.non2xx + result.errors + result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
    const { requests, latency } = result;
    const endpoint = url.replace(/^\/app/, "");
    const row = `| \`${endpoint}\` | ${requests.average.toFixed(0)} | ${latency.p50} | ${latency.p99} |`;
    httpRows.push(row);
    log(row);
  }

  const load = seed.loadAverage();
  console.log(`
In-process (app.inject), ${RUNS} sequential requests per case,
then ${CONNECTIONS} in flight for ${CONCURRENT_MS / 1000} s:

| GET /app… (limit=100) | X-Total-Count | median ms | p99 ms | req/s at ${CONNECTIONS} | p99 ms at ${CONNECTIONS} |
|---|---:|---:|---:|---:|---:|
${rows.join("\n")}

Real HTTP (autocannon, ${CONNECTIONS} connections, ${HTTP_SECONDS} s):

| GET /app… | req/s | p50 ms | p99 ms |
|---|---:|---:|---:|
${httpRows.join("\n")}

${writes}

- ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${os.cpus().length} cores; Node ${process.version}
- Yardstick (scan of ${SIZES.issues.toLocaleString("en")} issues, median of 5): ${yardstick.toFixed(1)} ms;
  load average at the end: ${load}
- Sequential p99 at or over ${MAX_P99_MS} ms: ${slow.length ? slow.map((u) => `\`${u}\``).join(", ") : "none"}
`);
} finally {
  if (child?.connected) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.disconnect();
    await exited;
  }
  await seed.closeBenchDatabase(db, log);
}

async function seedAll() {
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    log(`seeded ${name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step("projects", () => seed.seedProjects(s, 20));
  await step("assets", () => seed.seedAssets(s, SIZES.assets));
  await step("scans", () => seed.seedScans(s, SIZES.scans));
  await step("issues", () => seed.seedIssues(s, SIZES.issues, { openPortKinds: true }));
  await step("exploit figures", () => seed.seedExploitFigures(s, 100));
  await step("findings", () => seed.seedFindings(s, SIZES.findings));
  await step("open ports", () => seed.seedOpenPorts(s));
  await step("unauthenticated services", () => seed.seedUnauthenticatedServices(s, 50));
  await step("audit entries", () => seed.seedAuditEntries(s, SIZES.audit));
  await step("discovered hosts", () => seed.seedDiscoveredHosts(s, 100_000));
  await step("schedules", () => seed.seedSchedules(s, 10_000));
  await step("assessments", () => seed.seedAssessments(s, 1_000));
  // The reports' ledgers, folded as the workers do every minute (the seeding's statements left them unfolded).
  await step("rollups folded", () => compactReportRollups(services));
  await step("analyze", () =>
    seed.analyze(db, [
      "IssueDayCount",
      "AssetIssueCount",
      "Asset",
      "Scan",
      "Issue",
      "ProblemCount",
      "ExposureLink",
      "IssueEvent",
      "Finding",
      "OpenPort",
      "AuditEntry",
      "DiscoveredHostname",
      "ScanSchedule",
      "AssessmentReport",
      "Workspace",
    ]),
  );
}
