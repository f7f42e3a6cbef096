// How our processes stop on SIGTERM or Ctrl-C: running jobs get 10 s (jobs.stop()), and whatever still runs after
// SHUTDOWN_DEADLINE_MS ends with the process (exit code 1): a job or tick that will not end must not keep the server or
// a worker from stopping.
export const SHUTDOWN_DEADLINE_MS = 20_000;

/** Exits with 1 unless the process has ended by the deadline (the timer does not keep it alive). */
export function exitAfterDeadline(what: string) {
  return setTimeout(() => {
    console.error(`error: ${what} did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}
