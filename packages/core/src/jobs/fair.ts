// Fairness between workspaces in a pg-boss queue. pg-boss 10 hands out a
// queue's waiting jobs by priority (highest first), then by creation. A job is
// sent one rank below the last job its workspace has waiting in that queue
// (created, or waiting for a retry; the caller's own transaction included), and
// at rank 0 when it has none: each workspace's first waiting job ranks 0, its
// second −1, and so on. Every workspace's n-th job thus waits behind every
// workspace's first n−1, and one workspace's backlog of thousands holds
// another's one job back by about one job per worker slot. The rank is read
// from an index (the lowest waiting priority of the workspace in the queue),
// so sending costs the same behind a backlog of ten or of a hundred thousand.
// Jobs stay pg-boss jobs: sent in the caller's transaction when there is one,
// retried by pg-boss with their priority. Every queue of the product is fair
// (jobs README): its jobs carry `workspaceId`.
import type PgBoss from "pg-boss";
import type { SqlInTransaction } from "./sql-in.ts";

/** A job of a fair queue: its workspace decides its rank. */
export interface FairJob {
  workspaceId: number;
}

/** What `pgboss.job` needs to find a workspace's lowest waiting rank in a queue in one index probe. */
const FAIR_INDEX =
  `create index if not exists job_fair_rank_i on pgboss.job (name, (data ->> 'workspaceId'), priority) ` +
  `where state < 'active'`;
/** The index of the counting ranks (before the lowest rank was read): replaced by FAIR_INDEX. */
const FORMER_INDEX = `drop index if exists pgboss.job_fair_waiting_i`;

/** Creates the index once per database (pg-boss creates its tables on start; the index then reaches every queue's). */
export async function ensureFairIndex(db: SqlInTransaction) {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.executeSql(FAIR_INDEX, []);
      await db.executeSql(FORMER_INDEX, []);
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
    `select min(priority)::int as last from pgboss.job
     where name = $1 and state < 'active' and data ->> 'workspaceId' = $2`,
    [queue, String(workspaceId)],
  );
  const last = (rows[0] as { last: number | null }).last;
  const first = last === null ? 0 : Math.min(0, last - 1);
  // pg-boss's priority is a 32-bit integer.
  return Array.from({ length: count }, (_, i) => Math.max(-(2 ** 31), first - i));
}

/** Sends jobs to `queue` in `db` (the caller's transaction, or the queue's own connection), each ranked among its
 * workspace's waiting ones (one insert). */
export async function sendFair<T extends FairJob>(
  boss: PgBoss,
  queue: string,
  jobs: T[],
  opts: { db: SqlInTransaction; singletonKey?: (job: T) => string } & Pick<
    PgBoss.JobInsert,
    "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds" | "startAfter"
  >,
) {
  const { db, singletonKey, ...policy } = opts;
  const byWorkspace = new Map<number, T[]>();
  for (const job of jobs) {
    const own = byWorkspace.get(job.workspaceId);
    if (own) own.push(job);
    else byWorkspace.set(job.workspaceId, [job]);
  }
  const rows: PgBoss.JobInsert<T>[] = [];
  for (const [workspaceId, own] of byWorkspace) {
    const priorities = await fairPriorities(db, queue, workspaceId, own.length);
    own.forEach((data, i) =>
      rows.push({ name: queue, data, priority: priorities[i], singletonKey: singletonKey?.(data), ...policy }),
    );
  }
  if (rows.length) await boss.insert(rows, { db });
}
