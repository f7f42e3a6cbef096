// Background jobs on PostgreSQL (pg-boss, schema "pgboss"): every API process
// can enqueue, any number of worker processes share the work, and a job is
// handed to one worker at a time. The worker runs inside the API process by
// default and as `pnpm ems worker` to scale out.
import PgBoss from "pg-boss";
import { ensureFairIndex, sendFair } from "./fair.ts";
import { startPool, type Pool } from "./pool.ts";
import type { SqlInTransaction } from "./sql-in.ts";

export const QUEUES = {
  /** Reachability check (DNS, HTTP, HTTPS, TLS, technologies, screenshot) of one asset. */
  assetCheck: "asset-check",
  /** A scan of one asset (ports, TLS, HTTP, technologies, templates). */
  scan: "scan-run",
  /** One attempt at sending one webhook message (webhooks/webhooks.delivery.ts). */
  webhook: "webhook-delivery",
  /** A discovery run under one proven domain (sources, resolution, merge). */
  discovery: "discovery-run",
  /** The snapshot, narrative and PDF of one assessment report. */
  assessment: "assessment-generate",
} as const;

export interface DiscoveryJob {
  runId: number;
  workspaceId: number;
}

/** How long a discovery job may run before pg-boss hands it out again (the watchdog fails it first). */
export const DISCOVERY_JOB_EXPIRE_SECONDS = 3600;
/** No retries: a run whose worker died is failed by the watchdog; the next run (cadence or manual) merges again. */
const discoveryPolicy = { retryLimit: 0, expireInSeconds: DISCOVERY_JOB_EXPIRE_SECONDS };

export interface AssessmentJob {
  reportId: number;
  workspaceId: number;
}

/** A worker that dies mid-report is replaced after this long; the handler records ordinary failures itself. */
const assessmentPolicy = { retryLimit: 2, retryDelay: 10, expireInSeconds: 300 };

export interface ScanJob {
  scanId: number;
  workspaceId: number;
}

/** How long a scan job may run before pg-boss hands it out again (the watchdog fails it first). */
export const SCAN_JOB_EXPIRE_SECONDS = 3 * 3600;

/**
 * Starts a reachability check gets, counted on the asset before each one
 * (assets.check.ts): a check whose worker crashes or times out is retried by
 * the queue after CHECK_RETRY_DELAY_SECONDS, then twice that; the start after
 * the last gives up and marks the asset error. An ordinary failure is recorded
 * at once and not retried.
 */
export const CHECK_ATTEMPTS = 3;
const CHECK_RETRY_DELAY_SECONDS = 30;
/** Longer than a check can take (DNS, two fetches, TLS, a screenshot with its own deadline). */
const CHECK_EXPIRE_SECONDS = 180;
const checkPolicy = {
  retryLimit: CHECK_ATTEMPTS - 1,
  retryDelay: CHECK_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: CHECK_EXPIRE_SECONDS,
};

export interface AssetCheckJob {
  assetId: number;
  workspaceId: number;
  reason: "added" | "updated" | "revalidate" | "proven" | "recovery";
  /** A revalidation's: the status before it set "pending" (asset.unreachable is sent on reachable → unreachable). */
  previousStatus?: "pending" | "reachable" | "unreachable" | "error";
}

/** Webhook deliveries in flight per worker process (each waits on a receiver, up to EMS_WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_CONCURRENCY = 16;

export interface WebhookJob {
  deliveryId: number;
  workspaceId: number;
}

/** How a webhook message is retried: pg-boss's exponential backoff from retryDelaySeconds. */
export interface WebhookRetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  /** Longer than one attempt can take. */
  expireInSeconds: number;
}

export interface JobQueue {
  enqueueAssetCheck(job: AssetCheckJob): Promise<void>;
  enqueueScan(job: ScanJob, opts?: { transaction?: SqlInTransaction }): Promise<void>;
  /**
   * Always in the transaction of the change the messages tell of: none for a change that rolled back. Fair between
   * workspaces (fair.ts): a workspace's backlog does not hold another's messages back.
   */
  enqueueWebhooks(
    jobs: WebhookJob[],
    opts: { transaction: SqlInTransaction; policy: WebhookRetryPolicy },
  ): Promise<void>;
  enqueueDiscovery(job: DiscoveryJob, opts?: { transaction?: SqlInTransaction }): Promise<void>;
  enqueueAssessment(job: AssessmentJob, opts: { transaction: SqlInTransaction }): Promise<void>;
  /** Starts handling jobs in this process until stop(). */
  work(
    handlers: {
      assetCheck: (job: AssetCheckJob) => Promise<void>;
      scan: (job: ScanJob) => Promise<void>;
      webhook: (job: WebhookJob) => Promise<void>;
      discovery: (job: DiscoveryJob) => Promise<void>;
      assessment: (job: AssessmentJob) => Promise<void>;
    },
    opts?: { concurrency?: number; scanConcurrency?: number; webhookConcurrency?: number },
  ): Promise<void>;
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
 * A queue on the database at connectionString. It starts in the background;
 * every method waits for that, so callers that only enqueue (the dashboard)
 * can create it synchronously.
 */
export function createJobQueue(connectionString: string): JobQueue {
  const boss = new PgBoss({ connectionString, schema: "pgboss", max: 4, supervise: true, schedule: false });
  boss.on("error", (err) => console.error("job queue:", err.message));
  const ready = (async () => {
    await boss.start();
    await ensureQueue(boss, { name: QUEUES.assetCheck, ...checkPolicy });
    // No pg-boss retries: the scan watchdog requeues a scan whose worker died (once, see scans.watchdog.ts).
    await ensureQueue(boss, { name: QUEUES.scan, retryLimit: 0, expireInSeconds: SCAN_JOB_EXPIRE_SECONDS });
    // Retry policy per message (enqueueWebhooks): the sending process's settings.
    await ensureQueue(boss, { name: QUEUES.webhook });
    await ensureQueue(boss, { name: QUEUES.discovery, ...discoveryPolicy });
    await ensureQueue(boss, { name: QUEUES.assessment, ...assessmentPolicy });
    await ensureFairIndex(boss.getDb());
  })();
  const pools: Pool[] = [];
  ready.catch(() => {}); // reported by the first method that awaits it
  return {
    async enqueueAssetCheck(job) {
      await ready;
      // One pending check per asset: a second request while one waits is the same work.
      await boss.send(QUEUES.assetCheck, job, { singletonKey: `asset-${job.assetId}`, ...checkPolicy });
    },
    async enqueueScan(job, opts = {}) {
      await ready;
      const policy = { retryLimit: 0, expireInSeconds: SCAN_JOB_EXPIRE_SECONDS };
      await boss.send(QUEUES.scan, job, { ...policy, db: opts.transaction });
    },
    async enqueueWebhooks(jobs, opts) {
      await ready;
      const { retryLimit, retryDelaySeconds, expireInSeconds } = opts.policy;
      await sendFair(boss, QUEUES.webhook, jobs, {
        db: opts.transaction,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds,
      });
    },
    async enqueueDiscovery(job, opts = {}) {
      await ready;
      await boss.send(QUEUES.discovery, job, { ...discoveryPolicy, db: opts.transaction });
    },
    async enqueueAssessment(job, opts) {
      await ready;
      await boss.send(QUEUES.assessment, job, { ...assessmentPolicy, db: opts.transaction });
    },
    async work(handlers, opts = {}) {
      await ready;
      for (let i = 0; i < (opts.concurrency ?? 4); i++) {
        await boss.work<AssetCheckJob>(
          QUEUES.assetCheck,
          { pollingIntervalSeconds: 0.5, batchSize: 1 },
          async ([job]) => {
            if (job) await handlers.assetCheck(job.data);
          },
        );
      }
      // Scans use many sockets each: fewer at a time per process; add processes to scale.
      for (let i = 0; i < (opts.scanConcurrency ?? 2); i++) {
        await boss.work<ScanJob>(QUEUES.scan, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
          if (job) await handlers.scan(job.data);
        });
      }
      // Deliveries wait on receivers, not on this process: many at once, each slot refilled as soon as it frees.
      pools.push(
        startPool<WebhookJob>(
          boss,
          QUEUES.webhook,
          {
            concurrency: opts.webhookConcurrency ?? WEBHOOK_CONCURRENCY,
            pollingIntervalMs: 500,
            onError: (err) => console.error("job queue:", err.message),
          },
          handlers.webhook,
        ),
      );
      // One run at a time per process: a run resolves hundreds of names at once on its own.
      await boss.work<DiscoveryJob>(QUEUES.discovery, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
        if (job) await handlers.discovery(job.data);
      });
      // Chromium prints one PDF at a time per process: it is the heaviest thing a worker runs.
      await boss.work<AssessmentJob>(
        QUEUES.assessment,
        { pollingIntervalSeconds: 0.5, batchSize: 1 },
        async ([job]) => {
          if (job) await handlers.assessment(job.data);
        },
      );
    },
    async stop() {
      await ready.catch(() => {});
      await Promise.all(pools.splice(0).map((p) => p.stop(10_000)));
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
