// The one way a worker runs something every so often (scheduler, discovery
// cadence, watchdogs): once at start, then every intervalMs; ticks of one
// process never overlap; a failed tick is logged and the next one runs.
export function runEvery(name: string, intervalMs: number, tick: () => Promise<unknown>) {
  let current: Promise<void> | undefined;
  const run = () => {
    current ??= tick()
      .then(
        () => undefined,
        (err: unknown) => console.error(`${name}:`, err instanceof Error ? err.message : err),
      )
      .finally(() => (current = undefined));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    /** No more ticks; resolves when the one running (if any) has ended, so its database can be closed after. */
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
