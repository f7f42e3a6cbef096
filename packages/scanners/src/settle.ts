// "Settle once, with a time limit and an abort signal": the shape of every
// socket, request and child process the engine waits on. The first of
// resolve / reject / time limit / abort wins; the timer, the abort listener
// and the caller's cleanup (destroy the socket…) are released at that moment.
//
// Abort listeners: many operations of one scan stage wait on the same signal
// at once (32 banner reads, parallel fetches…). Each signal gets ONE listener
// from here however many are waiting on it, removed when the last of them
// settles, so a busy stage neither leaks listeners nor trips Node's
// MaxListenersExceededWarning (more than 10 on one AbortSignal).

export interface Settle<T> {
  resolve(value: T): void;
  reject(reason: unknown): void;
  /** True once the promise is settled (later calls are ignored). */
  readonly settled: boolean;
}

export interface SettleOnceOptions<T> {
  /** Time limit in ms; none when undefined. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** What the time limit does; it must settle (default: reject with a SettleTimeoutError). */
  onTimeout?(settle: Settle<T>): void;
  /**
   * What an abort does; it must settle. Called at once (and `start` never) when the signal is already
   * aborted. Default: reject with the signal's reason.
   */
  onAbort?(settle: Settle<T>): void;
  /** Runs exactly once, right after the promise settled, however it settled (close the socket, kill the process…). */
  cleanup?(): void;
}

export class SettleTimeoutError extends Error {
  override name = "TimeoutError";
}

/** The reason an aborted signal carries, or a plain AbortError when it carries none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? Object.assign(new Error("The operation was aborted"), { name: "AbortError" });
}

interface Waiters {
  callbacks: Set<() => void>;
  listener: () => void;
}

const waiting = new WeakMap<AbortSignal, Waiters>();

/** Calls fn when the signal aborts; returns the function that cancels that. One real listener per signal. */
function whenAborted(signal: AbortSignal, fn: () => void): () => void {
  let w = waiting.get(signal);
  if (!w) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      for (const cb of callbacks) cb();
    };
    w = { callbacks, listener };
    waiting.set(signal, w);
    signal.addEventListener("abort", listener, { once: true });
  }
  const mine = w;
  mine.callbacks.add(fn);
  return () => {
    mine.callbacks.delete(fn);
    if (mine.callbacks.size || waiting.get(signal) !== mine) return;
    waiting.delete(signal);
    signal.removeEventListener("abort", mine.listener);
  };
}

/**
 * A promise that `start` settles through the handle it is given, or the time
 * limit or the signal settles first. `start` runs synchronously; if it
 * throws, the promise rejects with that error.
 */
export function settleOnce<T>(opts: SettleOnceOptions<T>, start: (settle: Settle<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unlisten: (() => void) | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unlisten?.();
      try {
        opts.cleanup?.();
      } finally {
        fn();
      }
    };
    const settle: Settle<T> = {
      resolve: (value) => finish(() => resolve(value)),
      reject: (reason) => finish(() => reject(reason)),
      get settled() {
        return settled;
      },
    };
    const signal = opts.signal;
    const onAbort = () => (opts.onAbort ? opts.onAbort(settle) : settle.reject(abortReason(signal!)));
    if (signal?.aborted) return onAbort();
    if (signal) unlisten = whenAborted(signal, onAbort);
    if (opts.timeoutMs !== undefined) {
      const ms = opts.timeoutMs;
      const onTimeout = () =>
        opts.onTimeout ? opts.onTimeout(settle) : settle.reject(new SettleTimeoutError(`no answer within ${ms} ms`));
      timer = setTimeout(onTimeout, ms);
    }
    try {
      start(settle);
    } catch (err) {
      settle.reject(err);
    }
  });
}
