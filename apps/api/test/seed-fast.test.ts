// The benchmarks' fast seed (bench/seed-fast.ts) inserts issues and findings with the row triggers off and fills
// what they would have written itself: here one workspace is seeded that way and another with the triggers on, in
// one transaction (one now()), and every column and table the row triggers keep must come out the same.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServices, createWorkspace } from "@ems/core";
import { createTestDatabase } from "@ems/db/testing";
import * as seed from "../bench/seed.ts";

const db = await createTestDatabase();
const services = createServices(db);
const operator = { channel: "cli", name: "seed-test" } as const;
const workspaces = { fast: 0, triggered: 0 };

beforeAll(async () => {
  workspaces.fast = (await createWorkspace(services, { name: "Fast", plan: "premium" }, operator)).id;
  workspaces.triggered = (await createWorkspace(services, { name: "Triggered", plan: "premium" }, operator)).id;
  // A project with SLA days of its own, so that the deadlines depend on the project the issue was given.
  const client = await db.pool.connect();
  try {
    await client.query("begin");
    for (const [name, workspaceId] of Object.entries(workspaces)) {
      const s = seed.seederIn(client, workspaceId);
      const rowTriggers = name === "triggered";
      await seed.seedProjects(s, 3);
      await s.q(`insert into "ProjectSlaPolicy" ("workspaceId", "projectId", "criticalDays", "highDays", "mediumDays",
          "lowDays", "updatedAt") select $1, min(id), 2, 5, 11, 17, now() from "Project" where "workspaceId" = $1`);
      await seed.seedAssets(s, 40);
      await s.q(`update "Asset" set criticality = 'high', "resolvedIp" = '10.1.2.3'
          where "workspaceId" = $1 and value like 'host1%'`);
      await seed.seedScans(s, 10);
      await seed.seedIssues(s, 700, { openPortKinds: true, rowTriggers });
      await seed.seedExploitFigures(s, 9);
      await seed.seedFindings(s, 900, { rowTriggers });
    }
    await client.query("commit");
  } finally {
    client.release();
  }
});

afterAll(() => db.drop());

/** Rows of one workspace, with its ids replaced by names (titles, asset values, project names). */
const rowsOf = async (sql: string, workspaceId: number) =>
  (await db.pool.query(sql, [workspaceId])).rows.map((r) => JSON.stringify(r));

const same = async (sql: string) => {
  const fast = await rowsOf(sql, workspaces.fast);
  expect(fast.length).toBeGreaterThan(0);
  expect(fast).toEqual(await rowsOf(sql, workspaces.triggered));
};

const project = (column: string) => `(select name from "Project" p where p.id = ${column})`;

it("gives every issue the project, SLA deadlines and priority the triggers give it", async () => {
  await same(`select i.title, ${project(`i."projectId"`)} as project, a.value, i.kind, i.severity, i.status, i.port,
      i.address, i."firstSeenAt", i."dueAt", i."atRiskAt", i.kev, i."epssScore", i."epssPercentile", i.priority
    from "Issue" i join "Asset" a on a.id = i."assetId" where i."workspaceId" = $1 order by i.title`);
});

it("writes the events the triggers write, and so the same day counts", async () => {
  await same(`select i.title, e."fromStatus", e."toStatus", e.at, e.severity, e."firstSeenAt", e."issueDismissed"
    from "IssueEvent" e join "Issue" i on i.id = e."issueId" where e."workspaceId" = $1
    order by i.title, e.at, e."toStatus"`);
  await same(`select day, severity, "issueDismissed", sum(opened) as opened, sum(resolved) as resolved,
      sum(reopened) as reopened, sum(dismissed) as dismissed, sum("openDelta") as open,
      sum("openDeltaWithDismissed") as "withDismissed"
    from "IssueDayCount" where "workspaceId" = $1 group by 1, 2, 3 order by 1, 2, 3`);
});

it("counts the open problems and exposures as the triggers count them", async () => {
  await same(`select ${project(`nullif(c."projectId", 0)`)} as project, kind, severity, sum(issues) as issues
    from "ProblemCount" c where "workspaceId" = $1 group by 1, 2, 3 having sum(issues) <> 0 order by 1, 2, 3`);
  await same(`select kind, severity, address, port, open from "ExposureLink" where "workspaceId" = $1 and open <> 0
    order by 1, 2, 3, 4`);
});

it("gives every finding its asset's project", async () => {
  await same(`select f.title, f."createdAt", f.scanner, ${project(`f."projectId"`)} as project
    from "Finding" f where f."workspaceId" = $1 order by f."createdAt", f.title`);
});

it("leaves the row triggers on", async () => {
  const { rows } = await db.pool.query(`select tgrelid::regclass::text as t, tgname from pg_trigger
    where tgrelid in ('"Issue"'::regclass, '"Finding"'::regclass) and tgenabled = 'D'`);
  expect(rows).toEqual([]);
});
