// Fairness between workspaces in a pg-boss queue. pg-boss 10 hands out a
// queue's waiting jobs by priority (highest first), then by creation. A job is
// sent with priority −n, n being the jobs its workspace already has waiting in
// that queue (created, or waiting for a retry; the caller's own transaction
// included): each workspace's first waiting job ranks 0, its second −1, and so
// on. Every workspace's n-th job thus waits behind every workspace's first
// n−1, and one workspace's backlog of thousands holds another's one message
// back by about one job per worker slot. Jobs stay pg-boss jobs: sent in the
// caller's transaction, retried by pg-boss with their priority. Any queue whose
// jobs carry `workspaceId` can use it (jobs README; the webhook queue does).
import type PgBoss from "pg-boss";
import type { SqlInTransaction } from "./sql-in.ts";

/** A job of a fair queue: its workspace decides its rank. */
export interface FairJob {
  workspaceId: number;
}

/** What `pgboss.job` needs to count a workspace's waiting jobs without reading the queue (index-only). */
const FAIR_INDEX =
  `create index if not exists job_fair_waiting_i on pgboss.job (name, (data ->> 'workspaceId')) ` +
  `where state < 'active'`;

/** Creates the index once per database (pg-boss creates its tables on start; the index then reaches every queue's). */
export async function ensureFairIndex(db: SqlInTransaction) {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.executeSql(FAIR_INDEX, []);
      return;
    } catch (err) {
      // Processes starting together race on the index's name; one more look settles it.
      const code = (err as { code?: string }).code;
      if ((code !== "23505" && code !== "40P01") || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/** The priorities of `count` new jobs of one workspace in `queue`, after what it has waiting there now. */
export async function fairPriorities(db: SqlInTransaction, queue: string, workspaceId: number, count: number) {
  const { rows } = await db.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and state < 'active' and data ->> 'workspaceId' = $2`,
    [queue, String(workspaceId)],
  );
  const waiting = (rows[0] as { n: number }).n;
  // pg-boss's priority is a 32-bit integer.
  return Array.from({ length: count }, (_, i) => Math.max(-(2 ** 31), -(waiting + i)));
}

/** Sends jobs to `queue` in the caller's transaction, each ranked among its workspace's waiting ones (one insert). */
export async function sendFair<T extends FairJob>(
  boss: PgBoss,
  queue: string,
  jobs: T[],
  opts: { db: SqlInTransaction } & Pick<
    PgBoss.JobInsert,
    "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds"
  >,
) {
  const { db, ...policy } = opts;
  const byWorkspace = new Map<number, T[]>();
  for (const job of jobs) {
    const own = byWorkspace.get(job.workspaceId);
    if (own) own.push(job);
    else byWorkspace.set(job.workspaceId, [job]);
  }
  const rows: PgBoss.JobInsert<T>[] = [];
  for (const [workspaceId, own] of byWorkspace) {
    const priorities = await fairPriorities(db, queue, workspaceId, own.length);
    own.forEach((data, i) => rows.push({ name: queue, data, priority: priorities[i], ...policy }));
  }
  if (rows.length) await boss.insert(rows, { db });
}
