// The one way a worker runs something every so often (scheduler, discovery
// cadence, watchdogs): once at start, then every intervalMs; ticks of one
// process never overlap; a failed tick is logged and the next one runs.
export function runEvery(name: string, intervalMs: number, tick: () => Promise<unknown>) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } catch (err) {
      console.error(`${name}:`, err instanceof Error ? err.message : err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
