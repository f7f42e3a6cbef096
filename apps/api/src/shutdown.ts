// How our processes stop on SIGTERM or Ctrl-C: background work stops in one order (stopBackgroundWork), running jobs
// get 10 s (jobs.stop()), and whatever still runs after SHUTDOWN_DEADLINE_MS ends with the process (exit code 1): a
// job or tick that will not end must not keep the server or a worker from stopping.
import { closePdfBrowser, type JobQueue } from "@ems/core";

export const SHUTDOWN_DEADLINE_MS = 20_000;

/** Exits with 1 unless the process has ended by the deadline (the timer does not keep it alive). */
export function exitAfterDeadline(what: string) {
  return setTimeout(() => {
    console.error(`error: ${what} did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

/**
 * The worker's loops first (scheduler, cadence, watchdogs: nothing new is queued while the queue stops), then the
 * queue (running jobs finish), then the warm Chromium of reports. The database stays open for the caller to close.
 */
export async function stopBackgroundWork(worker: { stop(): Promise<void> } | undefined, jobs: JobQueue | null) {
  await worker?.stop();
  await jobs?.stop();
  await closePdfBrowser();
}
