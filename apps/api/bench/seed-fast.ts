// Seeding a million issues and findings in minutes, not the 35 it took with every row firing the per-row triggers
// (the issue's events and their day counts, problem counts, exposure links, SLA deadlines and priority, the project
// copied from the asset: one nested statement each per row). The seed's inserts run with the row triggers off, in
// one transaction, and fill what those triggers would have: the derived columns in the insert itself, from the same
// SQL functions the triggers call (issue_sla_deadlines, issue_priority_of), and the derived tables here, one
// statement each. The statement triggers (tallies, list marks, the risk ledger, the day counts of the events
// inserted here) stay on: they are set-based already. Where a statement here restates a trigger's rule (the
// events an insert writes, what counts as a problem), seed-fast.test.ts holds the two equal on a small seed.

/** One workspace's seeding (seed.ts makes them): its statements, and a transaction to run them in. */
export interface Seeder {
  workspaceId: number;
  /** Runs SQL, with the workspace bound as $1 where it names $1. */
  q: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `fn` in one transaction on one connection (inside one already, in that one). */
  transaction: <T>(fn: (t: Seeder) => Promise<T>) => Promise<T>;
}

/**
 * Runs `fn` with `table`'s row triggers off (unless `on`), in one transaction (the seeder's, or a new one): a failed
 * seed leaves them on. ALTER TABLE locks the table: for scratch databases only.
 */
export async function withRowTriggers<T>(s: Seeder, table: string, on: boolean, fn: (t: Seeder) => Promise<T>) {
  if (on) return fn(s);
  return s.transaction(async (t) => {
    const { rows } = await t.q(
      `select tgname from pg_trigger where tgrelid = '"${table}"'::regclass
         and not tgisinternal and tgenabled <> 'D' and tgtype & 1 = 1`,
    );
    const names = rows.map((r) => `"${String(r.tgname)}"`);
    for (const name of names) await t.q(`alter table "${table}" disable trigger ${name}`);
    const result = await fn(t);
    for (const name of names) await t.q(`alter table "${table}" enable trigger ${name}`);
    return result;
  });
}

/**
 * The workspace's ($1) assets (`asset_facts`: numbered, with their project, address, criticality and whether they
 * face the internet, as issue_priority_of reads them), and what issue_derived computes per row, once per input
 * instead: the SLA deadlines per project and severity (`deadlines`: issue_sla_deadlines at a reference instant, as
 * offsets from the first sighting) and the priority of an issue without CVEs per severity, criticality and exposure
 * (`priorities`: issue_priority).
 */
export const issueDerivedTables = `
  asset_facts as materialized (
    select a.id, a."projectId", a."resolvedIp", row_number() over (order by a.id) as n,
      coalesce(a.criticality, p.criticality) as criticality, "is_internet_facing"(a."resolvedIp") as "internetFacing"
    from "Asset" a join "Project" p on p.id = a."projectId" where a."workspaceId" = $1),
  deadlines as materialized (
    select p.id as project, s.severity, d."dueAt" - r.at as due, d."atRiskAt" - r.at as "atRisk"
    from "Project" p cross join unnest(enum_range(null::"Severity")) s(severity)
    cross join (select timestamptz '2000-01-01 00:00:00+00' as at) r
    cross join lateral "issue_sla_deadlines"($1, p.id, s.severity, r.at) d
    where p."workspaceId" = $1),
  priorities as materialized (
    select s.severity, c.criticality, f."internetFacing",
      "issue_priority"(s.severity, false, null, c.criticality, f."internetFacing") as score
    from unnest(enum_range(null::"Severity")) s(severity), unnest(enum_range(null::"Criticality")) c(criticality),
      (values (true), (false)) f("internetFacing"))`;

/**
 * What the row triggers `issue_events` and `problem_counts` write for the workspace's issues with ids above `after`,
 * inserted with them off: each issue's opening events (open at first sight; its status at once when it was inserted
 * closed), the open ones per project, kind and severity, and per exposure (kind, severity, address and port).
 */
export async function issueRowEffects({ q }: Seeder, after: number) {
  const mine = `i."workspaceId" = $1 and i.id > ${after}`;
  await q(
    `insert into "IssueEvent" ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus",
       "at", "issueDismissed")
     select i."workspaceId", i.id, i."assetId", i.severity, i."firstSeenAt", e."fromStatus", e."toStatus", e.at,
       i.status = 'dismissed'
     from "Issue" i cross join lateral (
       select null::"IssueStatus" as "fromStatus", 'open'::"IssueStatus" as "toStatus", i."firstSeenAt" as at
       union all
       select 'open', i.status, coalesce(case i.status when 'resolved' then i."resolvedAt"
         when 'dismissed' then i."dismissedAt" end, i."updatedAt") where i.status <> 'open') e
     where ${mine} order by i.id`,
  );
  await q(
    `insert into "ProblemCount" ("workspaceId", "projectId", kind, severity, shard, issues)
     select i."workspaceId", coalesce(i."projectId", 0), i.kind, i.severity, pg_backend_pid() % 16, count(*)
     from "Issue" i where ${mine} and i.status in ('open', 'in-progress') group by 1, 2, 3, 4, 5
     on conflict ("workspaceId", "projectId", kind, severity, shard)
       do update set issues = "ProblemCount".issues + excluded.issues`,
  );
  await q(
    `insert into "ExposureLink" ("workspaceId", kind, severity, address, port, open)
     select i."workspaceId", i.kind, i.severity, i.address, i.port, count(*)
     from "Issue" i where ${mine} and i.status in ('open', 'in-progress') and i.address is not null
       and i.port is not null group by 1, 2, 3, 4, 5
     on conflict ("workspaceId", kind, severity, address, port)
       do update set open = "ExposureLink".open + excluded.open`,
  );
}
