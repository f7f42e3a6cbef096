// Seeding for the benchmarks that need a large workspace (lists-bench; meant
// for reports-bench too, which still seeds inline): each helper fills one table of one workspace with
// generate_series in a single statement, spreading its rows over what the
// earlier helpers inserted. Call them in order: projects, assets, scans,
// issues, findings, then the rest; then `analyze` as autovacuum would.
import os from "node:os";
import { createDatabase, type Database } from "@ems/db";
import { createTestDatabase } from "@ems/db/testing";
import { issueDerivedTables, issueRowEffects, withRowTriggers, type Seeder } from "./seed-fast.ts";

export type { Seeder };

/** A pool or one of its connections. */
interface Queryable {
  query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

const bound = (on: Queryable, workspaceId: number) => (sql: string) =>
  on.query(sql, sql.includes("$1") ? [workspaceId] : []);

/** A seeder in the transaction of a connection (`client`, which its caller began and ends). */
export const seederIn = (client: Queryable, workspaceId: number): Seeder => {
  const s: Seeder = { workspaceId, q: bound(client, workspaceId), transaction: (fn) => fn(s) };
  return s;
};

export const seeder = (db: Database, workspaceId: number): Seeder => ({
  workspaceId,
  q: bound(db.pool, workspaceId),
  transaction: async (fn) => {
    const client = await db.pool.connect();
    try {
      await client.query("begin");
      const result = await fn(seederIn(client, workspaceId));
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  },
});

export const seedProjects = ({ q }: Seeder, count: number) =>
  q(`insert into "Project" ("workspaceId", name, "updatedAt")
     select $1, 'P' || g, now() from generate_series(1, ${count}) g`);

/** Assets round-robin over the projects, created over the last 700 days; names g and g + 1 (g even) on one address. */
export const seedAssets = ({ q }: Seeder, count: number) =>
  q(`insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "resolvedIp", status, "createdAt",
       "updatedAt")
     select $1, p.id, 'subdomain', 'host' || g || '.example.com', 't',
       '198.18.' || (g / 2 / 256) % 256 || '.' || (g / 2) % 256,
       (array['reachable','reachable','reachable','unreachable','pending','error'])[1 + g % 6]::"AssetStatus",
       now() - (g % 700) * interval '1 day', now()
     from generate_series(1, ${count}) g
     join (select id, row_number() over (order by id) - 1 as n from "Project" where "workspaceId" = $1) p
       on p.n = g % (select count(*) from "Project" where "workspaceId" = $1)`);

/** Scan g on the (g mod assets)th asset; a tenth failed, the rest completed, over the last year. */
export const seedScans = ({ q }: Seeder, count: number) =>
  q(`insert into "Scan" ("workspaceId", "assetId", status, "findingsCount", "createdAt", "updatedAt")
     select $1, a.id, case when g % 10 = 0 then 'failed' else 'completed' end::"ScanStatus", 100,
       now() - (g % 365) * interval '1 day', now()
     from generate_series(1, ${count}) g
     join (select id, row_number() over (order by id) - 1 as n from "Asset" where "workspaceId" = $1) a
       on a.n = g % (select count(*) from "Asset" where "workspaceId" = $1)`);

/** The workspace's first issue id: the seed's choices count from it, so that two workspaces seeded alike match. */
const FIRST_ISSUE = `(select min(id) from "Issue" where "workspaceId" = $1)`;

/**
 * Issue g on the (g mod assets)th asset: first seen up to 730 days ago; resolved (60%) some days later, dismissed
 * (5%), else open. The kind is unique per asset (its round over the assets) and shared by every 50th issue of a
 * round. With `openPortKinds`, each asset's first issue is instead the open port its OpenPort row (seedOpenPorts)
 * will hold; issues with a port carry the address their asset resolves to (seedAssets: two names per server, so
 * ExposureLink links them). A tenth of the resolved issues then came back (writes resolved → open events through
 * the triggers). Inserted with the row triggers off and their effects filled set-based (seed-fast.ts); with
 * `rowTriggers`, with them on, as the product writes (what seed-fast.test.ts compares).
 */
export async function seedIssues(
  s: Seeder,
  count: number,
  opts: { openPortKinds?: boolean; rowTriggers?: boolean } = {},
) {
  const assets = `(select count(*) from "Asset" where "workspaceId" = $1)`;
  const port = `(array[22, 443, 3306, 6379, 9200])[1 + a.id % 5]`;
  await withRowTriggers(s, "Issue", opts.rowTriggers ?? false, async (t) => {
    const after = Number((await t.q(`select coalesce(max(id), 0) as id from "Issue"`)).rows[0]!.id);
    // projectId, the SLA deadlines and the priority as the row triggers project_of_asset and issue_derived set them
    // (a resolved issue inserted keeps none; no CVEs yet: no KEV or EPSS figures), from the functions they call,
    // once per project and severity (deadlines) or per severity, criticality and exposure (priority), not per row.
    await t.q(
      `insert into "Issue" ("workspaceId", "assetId", "projectId", kind, title, severity, status, port, address,
         "firstSeenAt", "lastSeenAt", "resolvedAt", "dismissedAt", "dismissReason", "updatedAt",
         "dueAt", "atRiskAt", priority)
       with ${issueDerivedTables}
       select $1, a.id, a."projectId", k.kind, 'Issue ' || g, s.severity, s.status, k.port,
         case when k.port is not null then a."resolvedIp" end, s.first,
         least(s.first + (g % 30) * interval '1 day', now()),
         case when s.status = 'resolved' then least(s.first + (g % 200) * interval '1 day', now()) end,
         case when s.status = 'dismissed' then s.first + interval '1 day' end,
         case when s.status = 'dismissed' then 'accepted-risk' end, now(),
         case when s.status <> 'resolved' then s.first + d.due end,
         case when s.status <> 'resolved' then s.first + d."atRisk" end, pr.score
       from generate_series(1, ${count}) g
       join asset_facts a on a.n = 1 + g % ${assets}
       cross join lateral (select now() - ((g::bigint * 7919) % (730 * 24)) * interval '1 hour' as first,
         (array['critical','high','medium','medium','low','low','info']::"Severity"[])[1 + g % 7] as severity,
         (case when g % 20 = 0 then 'dismissed' when g % 10 < 6 then 'resolved' else 'open' end)::"IssueStatus"
           as status) s
       cross join lateral (select case when ${opts.openPortKinds ?? false} and g <= ${assets}
         then 'port.open.' || ${port} else 'bench.' || (g / ${assets}) || '.' || (g % 50) end as kind) k0
       cross join lateral (select k0.kind, case when k0.kind like 'port.open.%' then ${port} end as port) k
       join deadlines d on d.project = a."projectId" and d.severity = s.severity
       join priorities pr on pr.severity = s.severity and pr.criticality = a.criticality
         and pr."internetFacing" = a."internetFacing"`,
    );
    if (!opts.rowTriggers) await issueRowEffects(t, after);
  });
  await s.q(
    `update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = "resolvedAt" + interval '3 days'
     where "workspaceId" = $1 and status = 'resolved' and (id - ${FIRST_ISSUE}) % 10 = 1
       and "resolvedAt" < now() - interval '3 days'`,
  );
}

/**
 * CVEs on every `every`th issue: CVE-2021-41773 (in the bundled KEV catalogue) on half of them, CVE-2020-11022
 * (EPSS only) on the rest, with EPSS scores as `ems epss import` loads them. The KEV catalogue loads on the first
 * list (ensureBundledKev), which refreshes the issues' stored figures.
 */
export async function seedExploitFigures({ q }: Seeder, every: number) {
  // Shared by every workspace; $1 is bound all the same.
  await q(
    `insert into "EpssScore" ("cveId", score, percentile)
     select * from (values ('CVE-2021-41773', 0.9442::real, 0.9995::real), ('CVE-2020-11022', 0.0305, 0.8641)) v
     where $1::int is not null on conflict do nothing`,
  );
  await q(
    `update "Issue" set cves = case when (id - ${FIRST_ISSUE}) / ${every} % 2 = 0 then array['CVE-2021-41773']
       else array['CVE-2020-11022'] end::varchar[] where "workspaceId" = $1 and (id - ${FIRST_ISSUE}) % ${every} = 0`,
  );
}

const SCANNERS = `array['nuclei','tls','http','ports','services','technologies']`;

/** Finding g belongs to the (g mod issues)th issue and the (g mod scans)th scan, one every 30 s over a year. */
export const seedFindings = (s: Seeder, count: number, opts: { rowTriggers?: boolean } = {}) =>
  withRowTriggers(s, "Finding", opts.rowTriggers ?? false, (t) =>
    t.q(`insert into "Finding" ("workspaceId", "scanId", "assetId", "projectId", "issueId", scanner, kind, title,
           severity, "createdAt")
         select $1, (select min(id) from "Scan" where "workspaceId" = $1)
             + g % (select count(*) from "Scan" where "workspaceId" = $1), i."assetId", i."projectId", i.id,
           (${SCANNERS})[1 + g % 6], i.kind, i.title, i.severity, now() - (${count} - g) * interval '30 seconds'
         from generate_series(1, ${count}) g
         join "Issue" i on i.id = (select min(id) from "Issue" where "workspaceId" = $1)
           + g % (select count(*) from "Issue" where "workspaceId" = $1)`),
  );

/** One open port per asset (the one seedIssues' openPortKinds names), with its service. */
export const seedOpenPorts = ({ q }: Seeder) =>
  q(`insert into "OpenPort" ("workspaceId", "assetId", port, service)
     select $1, id, (array[22, 443, 3306, 6379, 9200])[1 + id % 5],
       (array['ssh', 'https', 'mysql', 'redis', 'elasticsearch'])[1 + id % 5]
     from "Asset" where "workspaceId" = $1`);

/**
 * A service that answered without a password (an open `service.unauthenticated.*` issue on the port) on every
 * `every`th asset whose open port is Redis's or Elasticsearch's: what GET /app/ports ranks first.
 */
export const seedUnauthenticatedServices = ({ q }: Seeder, every: number) =>
  q(`insert into "Issue" ("workspaceId", "assetId", kind, title, severity, port, "updatedAt")
     select $1, p."assetId", 'service.unauthenticated.' || case p.port when 6379 then 'redis' else 'elasticsearch' end,
       'Unauthenticated service', 'critical', p.port, now()
     from "OpenPort" p where p."workspaceId" = $1 and p.port in (6379, 9200) and p."assetId" / 5 % ${every} = 0`);

/** One entry a second back from now: two thirds project.update, a third project.create, 5,000 resources. */
export const seedAuditEntries = ({ q }: Seeder, count: number) =>
  q(`insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", "resourceId",
       "createdAt")
     select $1, 'system', 'seed', 'system', case when g % 3 = 0 then 'project.create' else 'project.update' end,
       'project', (g % 5000)::text, now() - g * interval '1 second'
     from generate_series(1, ${count}) g`);

/** Hosts under 100 domains, round-robin over the projects; a tenth ignored, a tenth added, half resolving. */
export const seedDiscoveredHosts = ({ q }: Seeder, count: number) =>
  q(`insert into "DiscoveredHostname" ("workspaceId", "projectId", domain, host, sources, resolves, status)
     select $1, p.id, 'domain' || (g % 100) || '.example', 'h' || g || '.domain' || (g % 100) || '.example',
       array[(array['crtsh','certspotter','bruteforce'])[1 + g % 3]],
       case when g % 2 = 0 then '{"a": ["192.0.2.1"], "aaaa": []}'::jsonb end,
       (case when g % 10 = 0 then 'ignored' when g % 10 = 1 then 'added' else 'new' end)::"DiscoveredStatus"
     from generate_series(1, ${count}) g
     join (select id, row_number() over (order by id) - 1 as n from "Project" where "workspaceId" = $1) p
       on p.n = g % (select count(*) from "Project" where "workspaceId" = $1)`);

/** One daily schedule on each of the first `count` assets; a fifth disabled. */
export const seedSchedules = ({ q }: Seeder, count: number) =>
  q(`insert into "ScanSchedule" ("workspaceId", "assetId", name, frequency, time, enabled, "nextRunAt", "updatedAt")
     select $1, id, 'Nightly ' || id, 'daily', '03:00', id % 5 <> 0, now() + interval '1 day', now()
     from "Asset" where "workspaceId" = $1 order by id limit ${count}`);

export const seedAssessments = ({ q }: Seeder, count: number) =>
  q(`insert into "AssessmentReport" ("workspaceId", "scopeType", "scopeName", status, "updatedAt")
     select $1, (array['workspace','project','asset']::"AssessmentScope"[])[1 + g % 3], 'Scope ' || g,
       (array['ready','ready','failed','pending']::"AssessmentStatus"[])[1 + g % 4], now()
     from generate_series(1, ${count}) g`);

/** Statistics and the visibility map, as on tables autovacuum has visited. */
export async function analyze(db: Database, tables: string[]) {
  for (const table of tables) await db.pool.query(`vacuum analyze "${table}"`);
}

/** The machine's load average (1, 5 and 15 minutes), as the benchmarks print it next to their figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");

/** How busy the shared machine is: a plain scan of a table's rows (median of 5). */
export async function yardstick({ q }: Seeder, table: string) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await q(`select count(*) from "${table}" where "workspaceId" = $1 and id > 0`);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[2]!;
}

export type BenchDatabase = Database & { name: string; drop?: () => Promise<void> };

/**
 * The bench's database: a fresh scratch one, or with BENCH_DB=<name> one that an earlier run with BENCH_KEEP=1 left
 * on the same server, seeded already (to measure a change before and after on the same data).
 */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const reuse = process.env.BENCH_DB;
  if (!reuse) return createTestDatabase();
  const url = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${reuse}` }).href;
  return { ...createDatabase(url), name: reuse };
}

/** Drops the scratch database, or keeps it (BENCH_KEEP=1, or a reused one) and says its name. */
export async function closeBenchDatabase(db: BenchDatabase, log: (line: string) => void = console.log) {
  if (process.env.BENCH_KEEP || !db.drop) {
    log(`kept ${db.name}`);
    await db.close();
  } else await db.drop();
}
