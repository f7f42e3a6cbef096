// Background jobs on PostgreSQL (pg-boss, schema "pgboss"): every API process
// can enqueue, any number of worker processes share the work, and a job is
// handed to one worker at a time. The worker runs inside the API process by
// default and as `pnpm ems worker` to scale out. The queue knows no job: each is
// a definition in its feature's folder (definition.ts; the list in jobs.ts).
import PgBoss from "pg-boss";
import type { z } from "zod";
import { ensureFairIndex, sendFair } from "./fair.ts";
import { startPool, type Pool } from "./pool.ts";
import type { SqlInTransaction } from "./sql-in.ts";

/** pg-boss's retry and expiry options, for a queue (where pg-boss keeps them) and for each job sent to it. */
export interface JobPolicy {
  retryLimit?: number;
  /** Seconds before a retry (doubled at each one with retryBackoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still running after this is failed, then retried by the policy. */
  expireInSeconds?: number;
}

/** Every job carries its workspace: fair queues rank by it, and handlers act in it. */
export interface JobPayload {
  workspaceId: number;
}

/** What the queue needs of a job's definition (definition.ts adds its handler). */
export interface JobSpec<P extends JobPayload = JobPayload> {
  /** The pg-boss queue's name. */
  queue: string;
  /** The queue's policy, and each job's unless the sender gives its own (`enqueue`'s `policy`). */
  policy: JobPolicy;
  /** What a job carries; checked when it is sent and when it is worked. */
  payload: z.ZodType<P>;
  /** At most one waiting job per key (pg-boss's singletonKey): a second request while one waits is the same work. */
  singletonKey?: (payload: P) => string;
  /**
   * How many jobs of it one worker process runs at once (the worker's options may change it), and how: pg-boss's own
   * work loops (each polls after its job), or a pool that refills a slot as soon as it frees (pool.ts).
   */
  concurrency: { slots: number; pool?: boolean };
}

export interface SendOptions {
  /** The caller's transaction (sqlIn(tx)): the job exists if and only if it commits. */
  transaction?: SqlInTransaction;
  /** This job's policy instead of the definition's (webhooks: the sending process's EMS_WEBHOOK_* settings). */
  policy?: JobPolicy;
  /** Not before this many seconds from now (a job put back until its workspace has room: scans.run.ts). */
  delaySeconds?: number;
}

/** A job a worker process handles: its spec, and what runs one. */
export type WorkedJob = JobSpec<never> & { run: (payload: never) => Promise<void> };

export interface JobQueue {
  /** Sends one job of `job`, ranked after its workspace's waiting ones (fair.ts). */
  enqueue<P extends JobPayload>(job: JobSpec<P>, payload: P, opts?: SendOptions): Promise<void>;
  /** Sends jobs of `job` together in one insert, each ranked after its workspace's waiting ones (fair.ts). */
  enqueueMany<P extends JobPayload>(job: JobSpec<P>, payloads: P[], opts?: SendOptions): Promise<void>;
  /** Starts handling every one of `jobs` in this process until stop(); `slots` overrides their concurrency. */
  work(jobs: readonly WorkedJob[], opts?: { slots?: Partial<Record<string, number>> }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Creates the queue unless it exists. Processes starting together (API and
 * workers) may create it at the same moment: pg-boss then meets a deadlock
 * or a duplicate, and one more look settles it.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue) {
  for (let attempt = 0; ; attempt++) {
    if (await boss.getQueue(queue.name)) return;
    try {
      await boss.createQueue(queue.name, queue);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if ((code !== "40P01" && code !== "23505") || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/**
 * A queue on the database at connectionString, with the queues of `jobs` created on start. It starts in the
 * background; every method waits for that, so callers that only enqueue (the dashboard) can create it synchronously.
 */
export function createQueue(connectionString: string, jobs: readonly JobSpec<never>[]): JobQueue {
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 4, supervise: true, schedule: false });
  boss.on("error", (err) => console.error("job queue:", err.message));
  const ready = (async () => {
    await boss.start();
    for (const job of jobs) await ensureQueue(boss, { name: job.queue, ...job.policy });
    await ensureFairIndex(boss.getDb());
  })();
  const pools: Pool[] = [];
  ready.catch(() => {}); // reported by the first method that awaits it
  const enqueueMany = async <P extends JobPayload>(job: JobSpec<P>, payloads: P[], opts: SendOptions = {}) => {
    await ready;
    const data = payloads.map((p) => job.payload.parse(p));
    const policy = opts.policy ?? job.policy;
    await sendFair(boss, job.queue, data, {
      db: opts.transaction ?? boss.getDb(),
      singletonKey: job.singletonKey,
      ...policy,
      ...(opts.delaySeconds ? { startAfter: new Date(Date.now() + opts.delaySeconds * 1000) } : {}),
    });
  };
  return {
    enqueue: (job, payload, opts) => enqueueMany(job, [payload], opts),
    enqueueMany,
    async work(worked, opts = {}) {
      await ready;
      for (const job of worked) {
        const slots = opts.slots?.[job.queue] ?? job.concurrency.slots;
        const run = (data: unknown) => job.run(job.payload.parse(data));
        if (job.concurrency.pool) {
          const onError = (err: Error) => console.error("job queue:", err.message);
          pools.push(startPool(boss, job.queue, { concurrency: slots, pollingIntervalMs: 500, onError }, run));
          continue;
        }
        for (let i = 0; i < slots; i++) {
          await boss.work(job.queue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([next]) => {
            if (next) await run(next.data);
          });
        }
      }
    },
    async stop() {
      await ready.catch(() => {});
      await Promise.all(pools.splice(0).map((p) => p.stop(10_000)));
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
