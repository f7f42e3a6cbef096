// Progress for hooks.onProgress: integer percent of the whole scan, never
// decreasing. Calls are serialized; settle() waits for the ones made so far
// and rethrows the first error a call threw (the runner awaits it at every
// stage boundary, so a failing hook fails the scan).
import type { ScanHooks, ScanStage } from "./types.ts";

export interface ProgressReporter {
  /** force: report even when the percent did not move (a stage starts). */
  report(stage: ScanStage, percent: number, force: boolean): void;
  settle(): Promise<void>;
}

export function progressReporter(onProgress: ScanHooks["onProgress"]): ProgressReporter {
  let last = -1;
  let chain: Promise<void> = Promise.resolve();
  let hookError: unknown = null;
  return {
    report(stage, percent, force) {
      if (!onProgress) return;
      const p = Math.max(last, Math.min(100, Math.floor(percent)));
      if (p === last && !force) return;
      last = p;
      chain = chain
        .then(() => onProgress(stage, p))
        .catch((err: unknown) => {
          hookError ??= err;
        });
    },
    async settle() {
      await chain;
      if (hookError) throw hookError;
    },
  };
}
