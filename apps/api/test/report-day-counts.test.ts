// The summary's rollup ("IssueDayCount") against a recount: after a burst of
// concurrent writers (new issues, status changes, dismissals and their undoing,
// severity changes, deletions) with foldings running beside them, its sums
// equal the counts recomputed from the issue events and the issues themselves,
// and a folding leaves one row per key; the reports read from it (and from the
// SLA's index ranges) answer for a workspace of one project as for the project
// (read from its events, the risk score's ledger and its assets' issues). A
// deleted workspace folds to nothing in both ledgers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactReportRollups } from "@ems/core/testing";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { assetsOf, writer } from "./report-writers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const sql = <T extends object = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  api.services.db.pool.query<T>(text, values).then((r) => r.rows);

const KEY = `"workspaceId", day::text, severity::text, "issueDismissed"`;
const SUMS = `sum(opened)::int as opened, sum(resolved)::int as resolved, sum(reopened)::int as reopened,
  sum(dismissed)::int as dismissed, sum("openDelta")::int as "openDelta",
  sum("openDeltaWithDismissed")::int as "openDeltaWithDismissed"`;

/** The rollup's sums per key, left out keys that sum to nothing. */
const rollup = (ws: number) =>
  sql(
    `select * from (select ${KEY}, ${SUMS} from "IssueDayCount" where "workspaceId" = $1 group by 1, 2, 3, 4) c
     where (opened, resolved, reopened, dismissed, "openDelta", "openDeltaWithDismissed") <> (0, 0, 0, 0, 0, 0)
     order by 1, 2, 3, 4`,
    [ws],
  );

/**
 * The same computed from scratch from every event of the workspace, left out keys that sum to nothing as well (an
 * issue's events can cancel out within a key, e.g. one opened and deleted on the same day).
 */
const recount = (ws: number) =>
  sql(
    `select * from (select ${KEY}, ${SUMS} from (
       select "workspaceId", (at at time zone 'UTC')::date as day, severity, "issueDismissed",
         ("fromStatus" is null)::int as opened, ("toStatus" = 'resolved')::int as resolved,
         coalesce("fromStatus" in ('resolved', 'dismissed') and "toStatus" in ('open', 'in-progress'), false)::int
           as reopened,
         ("toStatus" = 'dismissed')::int as dismissed,
         ("toStatus" in ('open', 'in-progress'))::int - coalesce(("fromStatus" in ('open', 'in-progress'))::int, 0)
           as "openDelta",
         ("toStatus" <> 'resolved')::int - coalesce(("fromStatus" <> 'resolved')::int, 0) as "openDeltaWithDismissed"
       from "IssueEvent" where "workspaceId" = $1) e
     group by 1, 2, 3, 4) c
     where (opened, resolved, reopened, dismissed, "openDelta", "openDeltaWithDismissed") <> (0, 0, 0, 0, 0, 0)
     order by 1, 2, 3, 4`,
    [ws],
  );

const WRITERS = 6;

describe("the summary's rollup", () => {
  it("equals a recount after a burst of concurrent writers and foldings", async () => {
    const { workspace, key } = await workspaceWithKey(api.services);
    const assets = await assetsOf(api.services, workspace.id, WRITERS);
    let writing = true;
    const folds = (async () => {
      while (writing) await compactReportRollups(api.services);
    })();
    await Promise.all(assets.map((a, i) => writer(api.services, workspace.id, a.id, i + 1)));
    writing = false;
    await folds;

    const counted = await recount(workspace.id);
    expect(counted.length).toBeGreaterThan(5);
    expect(await rollup(workspace.id)).toEqual(counted);
    // Its open counts are the issues open now.
    const [open] = await sql(
      `select (select sum("openDelta") from "IssueDayCount" where "workspaceId" = $1 and not "issueDismissed")::int
         as rollup,
       (select count(*) from "Issue" where "workspaceId" = $1 and status in ('open', 'in-progress'))::int as issues`,
      [workspace.id],
    );
    expect(open!.rollup).toBe(open!.issues);

    await compactReportRollups(api.services);
    const [rows] = await sql(
      `select count(*)::int as n, count(*) filter (where not compacted)::int as loose
       from "IssueDayCount" where "workspaceId" = $1`,
      [workspace.id],
    );
    expect(rows).toEqual({ n: counted.length, loose: 0 });
    expect(await rollup(workspace.id)).toEqual(counted);

    // Short deadlines, so that the burst's issues are breached, at risk and within SLA.
    await sql(
      `insert into "SlaPolicy" ("workspaceId", "criticalDays", "highDays", "mediumDays", "lowDays", "updatedAt")
       values ($1, 1, 2, 3, 4, now())`,
      [workspace.id],
    );
    const [project] = await sql<{ id: number }>(`select id from "Project" where "workspaceId" = $1`, [workspace.id]);
    const projectId = project!.id;
    interface Report {
      oldestBreaches?: unknown[];
      breachRate?: { points: unknown[] };
      issues?: { stillOpen: { total: number } };
    }
    const get = async (path: string): Promise<Report> => {
      const res = await call(api.url, key, "GET", path);
      expect(res.status).toBe(200);
      return (await res.json()) as Report;
    };
    for (const query of ["period=7d", "period=7d&includeDismissed=true", "period=12m"]) {
      for (const report of ["summary", "sla"]) {
        const whole = await get(`/app/reports/${report}?${query}`);
        const ofProject = await get(`/app/reports/${report}?${query}&projectId=${projectId}`);
        expect({ ...whole, projectId }).toEqual(ofProject);
        if (report === "sla") expect(whole.oldestBreaches!.length * whole.breachRate!.points.length).toBeGreaterThan(0);
        else expect(whole.issues!.stillOpen.total).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it("folds a deleted workspace's rows to nothing (both ledgers)", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const [asset] = await assetsOf(api.services, workspace.id, 1);
    await sql(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "updatedAt")
       select $1, $2, 'k' || g, 't', 'high', 'open', now() - g * interval '1 day', now()
       from generate_series(1, 5) g`,
      [workspace.id, asset!.id],
    );
    expect((await rollup(workspace.id)).length).toBeGreaterThan(0);
    expect(
      (await sql(`select * from "AssetIssueCount" where "workspaceId" = $1`, [workspace.id])).length,
    ).toBeGreaterThan(0);
    await sql(`delete from "Workspace" where id = $1`, [workspace.id]);
    await compactReportRollups(api.services);
    expect(await sql(`select * from "IssueDayCount" where "workspaceId" = $1`, [workspace.id])).toEqual([]);
    expect(await sql(`select * from "AssetIssueCount" where "workspaceId" = $1`, [workspace.id])).toEqual([]);
  });
});
