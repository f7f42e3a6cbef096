// Concurrent writers for the reports' ledgers' tests (report-day-counts, report-asset-counts): each writer runs
// transactions on its own asset's issues (new issues, status changes, dismissals and their undoing, severity
// changes, deletions, several at once, rollbacks); writers share the workspace, its days and severities.
import type { Services } from "@ems/core";

const SEVERITIES = ["critical", "high", "medium", "low", "info"];
const STEPS = 40;

/** A small deterministic generator: the same burst on every run. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

/** One writer's transactions; new issues are first seen up to `spreadDays` ago (at any hour). */
export async function writer(services: Services, ws: number, assetId: number, seed: number, spreadDays = 5) {
  const pick = random(seed);
  const client = await services.db.pool.connect();
  try {
    for (let step = 0; step < STEPS; step++) {
      await client.query("begin");
      const ids = (await client.query(`select id from "Issue" where "assetId" = $1 order by id`, [assetId])).rows.map(
        (r) => r.id as number,
      );
      const id = ids[pick(Math.max(ids.length, 1))];
      const hoursAgo = pick(spreadDays * 24) + pick(60) / 60;
      const action = ids.length < 3 ? 0 : pick(7);
      if (action === 0) {
        await client.query(
          `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "updatedAt")
           values ($1, $2, $3, 't', $4, 'open', now() - $5 * interval '1 hour', now())`,
          [ws, assetId, `k.${seed}.${step}`, SEVERITIES[pick(5)], hoursAgo],
        );
      } else if (action === 1) {
        await client.query(
          `update "Issue" set status = 'resolved', "resolvedAt" = now() - $2 * interval '1 hour' where id = $1`,
          [id, pick(72)],
        );
      } else if (action === 2) {
        await client.query(
          `update "Issue" set status = 'open', "resolvedAt" = null, "dismissedAt" = null where id = $1`,
          [id],
        );
      } else if (action === 3) {
        await client.query(`update "Issue" set status = 'dismissed', "dismissedAt" = now() where id = $1`, [id]);
      } else if (action === 4) {
        await client.query(`update "Issue" set status = 'in-progress', "updatedAt" = now() where id = $1`, [id]);
      } else if (action === 5) {
        await client.query(`update "Issue" set severity = $2 where "assetId" = $1 and id % 2 = $3`, [
          assetId,
          SEVERITIES[pick(5)],
          pick(2),
        ]);
      } else {
        await client.query(`delete from "Issue" where id = $1`, [id]);
      }
      // Some transactions change several things at once, some give up.
      if (pick(4) === 0) {
        await client.query(
          `update "Issue" set status = 'resolved', "resolvedAt" = now() where "assetId" = $1
          and status = 'open' and id % 3 = 0`,
          [assetId],
        );
      }
      await client.query(pick(10) === 0 ? "rollback" : "commit");
    }
  } finally {
    client.release();
  }
}

/** `n` new assets of the workspace, spread round-robin over `projects` new projects. */
export async function assetsOf(services: Services, ws: number, n: number, projects = 1) {
  const sql = (text: string, values: unknown[]) => services.db.pool.query(text, values).then((r) => r.rows);
  const made = await sql(
    `insert into "Project" ("workspaceId", name, "updatedAt") select $1, 'P' || g, now() from generate_series(1, $2) g
     returning id`,
    [ws, projects],
  );
  const ids = made.map((p) => p.id as number);
  return (await sql(
    `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
     select $1, ($2::int[])[1 + g % $3], 'domain', 'a' || g || '.example.com', 't', now() from generate_series(1, $4) g
     returning id, "projectId"`,
    [ws, ids, ids.length, n],
  )) as { id: number; projectId: number }[];
}
