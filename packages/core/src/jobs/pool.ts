// A worker that keeps up to `concurrency` jobs of one queue running at once.
// pg-boss 10's own worker fetches a batch, runs it to the end, then waits its
// polling interval even when more jobs wait: two of them moved about four
// webhook messages a second. This one fetches again as soon as a slot frees,
// and waits the polling interval only when the queue had nothing for it; each
// job is completed or failed on its own (pg-boss retries a failed one by its
// policy; one that outlives its expiry is failed so that it is retried too).
import type PgBoss from "pg-boss";

export interface Pool {
  /** Stops fetching; waits for running jobs up to `graceMs`, then fails the rest so that pg-boss retries them. */
  stop(graceMs: number): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export function startPool<T>(
  boss: PgBoss,
  queue: string,
  opts: { concurrency: number; pollingIntervalMs: number; onError: (err: Error) => void },
  handler: (data: T) => Promise<void>,
): Pool {
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  /** Aborted when a slot frees or the pool stops: the loop looks again. */
  let wake = new AbortController();
  const nudge = () => wake.abort();

  async function run(job: PgBoss.Job<T>) {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the job did not finish within ${job.expireInSeconds} s`)),
        job.expireInSeconds * 1000,
      );
    });
    try {
      await Promise.race([handler(job.data), expired]);
      await boss.complete(queue, job.id);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      await boss.fail(queue, job.id, { message: error.message }).catch(opts.onError);
    } finally {
      clearTimeout(timer);
    }
  }

  const loop = (async () => {
    while (!stopping) {
      const free = opts.concurrency - running.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<T>(queue, { batchSize: free });
          fetched = jobs.length;
          for (const job of jobs) {
            const p = run(job).finally(() => (running.delete(job.id), nudge()));
            running.set(job.id, p);
          }
        } catch (err) {
          opts.onError(err as Error);
        }
      }
      if (stopping) break;
      // Every slot taken: wait for one to free. The queue had less than asked: wait for the next poll.
      if (free > 0 && fetched === free) continue;
      wake = new AbortController();
      await sleep(free > 0 ? opts.pollingIntervalMs : 60_000, wake.signal);
    }
  })();

  return {
    async stop(graceMs) {
      stopping = true;
      nudge();
      await loop;
      const grace = new AbortController();
      const all = Promise.all(running.values()).then(() => grace.abort());
      await Promise.race([all, sleep(graceMs, grace.signal)]);
      for (const id of running.keys()) {
        await boss.fail(queue, id, { message: "the worker stopped while the job ran" }).catch(opts.onError);
      }
    },
  };
}
