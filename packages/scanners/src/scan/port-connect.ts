// The TCP connect loop of the port scan: which ports of one address complete
// a handshake. Speed: a full 1–65535 scan is bound by the kernel's cost per
// connection, so big port lists are split over worker threads (one per core,
// up to 4), and each thread drives libuv's TCP handles directly (Node's
// internal tcp_wrap binding, as net.Socket does under the hood) when the
// runtime offers it, which takes about a fifth of net.Socket's JavaScript time
// per port. Without it (a future Node) the same loop falls back to net.Socket.
// connectLoop is self-contained so that the workers can run it from its
// source text.
//
// "Open" is a completed handshake (a connection from our own source port to
// itself, which Linux allows on loopback, does not count). Refused is closed;
// no answer within timeoutMs is filtered.
import type net from "node:net";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { settleOnce } from "../settle.ts";

export interface LoopDeps {
  net: typeof net;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  binding: any;
  errno: Record<string, number>;
}

/** Settles every port of the list (settled(port, open)); resolves when all are settled or control.stopped. */
export function connectLoop(
  deps: LoopDeps,
  address: string,
  family: number,
  ports: ArrayLike<number>,
  concurrency: number,
  timeoutMs: number,
  settled: (port: number, open: boolean) => void,
  control: { stopped: boolean },
): Promise<void> {
  return new Promise<void>((resolve) => {
    const total = ports.length;
    // Errors that say "this machine is out of something", not "the port is closed": retry later, with fewer in flight.
    const e = deps.errno;
    const transient = new Set(
      [e.EMFILE, e.ENFILE, e.EADDRNOTAVAIL, e.ENOBUFS, e.EAGAIN, e.ENOMEM].filter((n) => n !== undefined),
    );
    interface Entry {
      port: number;
      started: number;
      done: boolean;
      close: () => void;
    }
    const pending = new Set<Entry>();
    const retries = new Map<number, number>();
    const again: number[] = [];
    let next = 0;
    let done = 0;
    let limit = Math.max(1, concurrency);
    let finished = false;
    let wakeup: ReturnType<typeof setTimeout> | null = null;

    const finish = () => {
      if (finished) return;
      finished = true;
      clearInterval(sweep);
      if (wakeup) clearTimeout(wakeup);
      for (const p of pending) {
        p.done = true;
        p.close();
      }
      pending.clear();
      resolve();
    };
    const settle = (entry: Entry, open: boolean) => {
      if (entry.done) return;
      entry.done = true;
      pending.delete(entry);
      done++;
      settled(entry.port, open);
      if (done >= total) finish();
      else launch();
    };
    /** A local shortage: put the port back, slow down, try again shortly. */
    const retry = (entry: Entry) => {
      if (entry.done) return;
      entry.done = true;
      pending.delete(entry);
      const n = (retries.get(entry.port) ?? 0) + 1;
      if (n > 5) {
        done++;
        settled(entry.port, false);
        if (done >= total) return finish();
      } else {
        retries.set(entry.port, n);
        again.push(entry.port);
      }
      limit = Math.max(1, Math.min(limit, pending.size));
      if (!wakeup)
        wakeup = setTimeout(() => {
          wakeup = null;
          limit = Math.max(limit, Math.ceil(concurrency / 4));
          launch();
        }, 20);
    };
    const code = (err: unknown): number => {
      const c = (err as { errno?: number; code?: string }) ?? {};
      if (typeof c.errno === "number") return -Math.abs(c.errno);
      return c.code && e[c.code] !== undefined ? -e[c.code]! : 0;
    };

    const b = deps.binding;
    const probeHandle = (entry: Entry) => {
      const handle = new b.TCP(b.constants.SOCKET);
      const req = new b.TCPConnectWrap();
      entry.close = () => handle.close();
      req.oncomplete = (status: number) => {
        if (entry.done) return; // closed by the sweep or by a stop
        let open = status === 0;
        if (open) {
          const local: { port?: number; address?: string } = {};
          handle.getsockname(local);
          if (local.port === entry.port && local.address === address) open = false; // self-connect
        }
        handle.close();
        if (status < 0 && transient.has(-status)) retry(entry);
        else settle(entry, open);
      };
      const err: number =
        family === 6 ? handle.connect6(req, address, entry.port) : handle.connect(req, address, entry.port);
      if (err) {
        handle.close();
        if (transient.has(-err)) retry(entry);
        else settle(entry, false);
      }
    };
    const probeSocket = (entry: Entry) => {
      const s = new deps.net.Socket();
      entry.close = () => s.destroy();
      s.once("connect", () => {
        const open = !(s.localPort === entry.port && s.localAddress === s.remoteAddress);
        s.destroy();
        settle(entry, open);
      });
      s.once("error", (err) => {
        s.destroy();
        if (transient.has(-code(err))) retry(entry);
        else settle(entry, false);
      });
      s.connect({ port: entry.port, host: address, family });
    };
    const probe = b ? probeHandle : probeSocket;

    function launch() {
      while (!finished && !control.stopped && pending.size < limit && (again.length || next < total)) {
        const port = again.length ? again.shift()! : ports[next++]!;
        const entry: Entry = { port, started: Date.now(), done: false, close: () => undefined };
        pending.add(entry);
        probe(entry);
      }
      if (control.stopped) finish();
    }
    // One timer for all attempts: unanswered ones are closed after timeoutMs (filtered).
    const sweep = setInterval(
      () => {
        if (control.stopped) return finish();
        const cutoff = Date.now() - timeoutMs;
        for (const p of [...pending]) {
          if (p.started > cutoff) continue;
          p.close();
          settle(p, false);
        }
      },
      Math.max(10, Math.min(250, Math.floor(timeoutMs / 4))),
    );
    if (!total) return finish();
    launch();
  });
}

/** libuv's TCP handle constructors, when this runtime still exposes them. */
function loadTcpBinding(): unknown {
  try {
    const p = process as unknown as { binding?: (name: string) => Record<string, unknown> };
    const b = p.binding?.("tcp_wrap");
    const ok =
      b &&
      typeof b.TCP === "function" &&
      typeof b.TCPConnectWrap === "function" &&
      typeof (b.constants as { SOCKET?: unknown } | undefined)?.SOCKET === "number";
    if (!ok) return null;
    const TCP = b.TCP as new (type: number) => Record<string, unknown>;
    const h = new TCP((b.constants as { SOCKET: number }).SOCKET);
    const usable =
      typeof h.connect === "function" &&
      typeof h.connect6 === "function" &&
      typeof h.getsockname === "function" &&
      typeof h.close === "function";
    (h.close as () => void).call(h);
    return usable ? b : null;
  } catch {
    return null;
  }
}

let binding: unknown;
export const tcpBinding = () => (binding === undefined ? (binding = loadTcpBinding()) : binding);

const WORKER_SOURCE = () => `"use strict";
var __name = (f) => f; // esbuild's keepNames helper, should the source carry it
const { parentPort } = require("node:worker_threads");
const deps = {
  net: require("node:net"),
  binding: (${loadTcpBinding.toString()})(),
  errno: require("node:os").constants.errno,
};
const connectLoop = ${connectLoop.toString()};
const control = { stopped: false };
parentPort.on("message", (m) => {
  if (m.type === "stop") { control.stopped = true; return; }
  let count = 0;
  connectLoop(deps, m.address, m.family, m.ports, m.concurrency, m.timeoutMs, (port, open) => {
    count++;
    if (open) parentPort.postMessage({ type: "open", port });
    if ((count & 255) === 0) parentPort.postMessage({ type: "progress", n: 256 });
  }, control).then(() => parentPort.postMessage({ type: "done", n: count & 255 }));
});`;

const CHUNK = 2048;
const THREAD_THRESHOLD = 4096;

/**
 * Worker threads for a list: opt when a number, else one per core (up to 4) for lists of THREAD_THRESHOLD ports or
 * more.
 */
export function threadCount(opt: number | "auto" | undefined, ports: number): number {
  if (typeof opt === "number") return Math.max(0, Math.floor(opt));
  if (ports < THREAD_THRESHOLD) return 0;
  const n = Math.min(4, availableParallelism());
  return n > 1 ? n : 0;
}

/** Workers could not start here: the caller scans in this thread instead. */
export class WorkerFailed extends Error {}

/** Spreads chunks of the list over worker threads; resolves when every port is settled. */
export async function connectInWorkers(
  address: string,
  family: number,
  ports: number[],
  threads: number,
  opts: { concurrency: number; timeoutMs: number; signal?: AbortSignal },
  onSettledCount: (n: number) => void,
  onOpen: (port: number) => void,
): Promise<void> {
  const source = WORKER_SOURCE();
  const workers: Worker[] = [];
  const perThread = Math.max(1, Math.ceil(opts.concurrency / threads));
  let nextChunk = 0;
  let started = false;
  try {
    await settleOnce<void>(opts.signal ? { signal: opts.signal } : {}, (settle) => {
      let busy = 0;
      const dispatch = (w: Worker) => {
        if (nextChunk >= ports.length) {
          if (busy === 0) settle.resolve();
          return;
        }
        const chunk = Int32Array.from(ports.slice(nextChunk, nextChunk + CHUNK));
        nextChunk += CHUNK;
        busy++;
        w.postMessage(
          { type: "scan", address, family, ports: chunk, concurrency: perThread, timeoutMs: opts.timeoutMs },
          [chunk.buffer],
        );
      };
      for (let i = 0; i < threads; i++) {
        const w = new Worker(source, { eval: true });
        workers.push(w);
        w.on("message", (m: { type: string; port?: number; n?: number }) => {
          started = true;
          if (m.type === "open") onOpen(m.port!);
          else if (m.type === "progress") onSettledCount(m.n!);
          else if (m.type === "done") {
            onSettledCount(m.n!);
            busy--;
            dispatch(w);
          }
        });
        w.on("error", (err) => settle.reject(started ? err : new WorkerFailed(String(err))));
        w.once("online", () => dispatch(w));
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
