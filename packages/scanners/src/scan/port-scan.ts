// TCP connect scan of one address, then a banner from each open port.
//
// Speed: a full 1–65535 scan is bound by the kernel's cost per connection, so
// big port lists are split over worker threads (one per core, up to 4), and
// each thread drives libuv's TCP handles directly (Node's internal tcp_wrap
// binding, as net.Socket does under the hood) when the runtime offers it,
// which takes about a fifth of net.Socket's JavaScript time per port. Without
// it (a future Node) the same loop falls back to net.Socket. The loop below is
// self-contained so that the workers can run it from its source text.
//
// Results: "open" is a completed handshake (a connection from our own source
// port to itself, which Linux allows on loopback, does not count). Refused
// is closed; no answer within timeoutMs is filtered; neither is reported.
import net from "node:net";
import { availableParallelism, constants as osConstants } from "node:os";
import tls from "node:tls";
import { Worker } from "node:worker_threads";
import { parseIp } from "../safety.ts";
import { HTTP_PORTS, HTTPS_PORTS, printableBanner, serviceFromBanner, TLS_PORTS, WELL_KNOWN_PORTS } from "./services.ts";
import type { OpenPort } from "./types.ts";

export interface ScanPortsOptions {
  /** Connection attempts in flight (over all threads). */
  concurrency: number;
  /** Connect timeout per port. */
  timeoutMs: number;
  /** Banner wait per open port; 0 = no banners (service from the port number). */
  bannerTimeoutMs: number;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
  /** Called as soon as a port is seen open (before its banner). */
  onOpen?(port: number): void;
  /** Name for the Host header and SNI of banner probes (the address otherwise). */
  hostname?: string;
  userAgent?: string;
  /** Worker threads for large lists: "auto" (default: one per core up to 4, for 4096 ports or more) or a number (0 = this thread). */
  threads?: number | "auto";
}

/** An open port with what the banner probe learnt about its protocol. */
export interface OpenPortDetail extends OpenPort {
  /** The port completed a TLS handshake. */
  tls: boolean;
  /** The port answered HTTP (over TLS when tls is true). */
  http: boolean;
}

// ---------------------------------------------------------------------------
// The connect loop (runs in this thread or in workers; must not use anything
// from the module scope).

interface LoopDeps {
  net: typeof net;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  binding: any;
  errno: Record<string, number>;
}

function connectLoop(
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
    const transient = new Set([e.EMFILE, e.ENFILE, e.EADDRNOTAVAIL, e.ENOBUFS, e.EAGAIN, e.ENOMEM].filter((n) => n !== undefined));
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
      const err: number = family === 6 ? handle.connect6(req, address, entry.port) : handle.connect(req, address, entry.port);
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
      b && typeof b.TCP === "function" && typeof b.TCPConnectWrap === "function" && typeof (b.constants as { SOCKET?: unknown } | undefined)?.SOCKET === "number";
    if (!ok) return null;
    const TCP = b.TCP as new (type: number) => Record<string, unknown>;
    const h = new TCP((b.constants as { SOCKET: number }).SOCKET);
    const usable = typeof h.connect === "function" && typeof h.connect6 === "function" && typeof h.getsockname === "function" && typeof h.close === "function";
    (h.close as () => void).call(h);
    return usable ? b : null;
  } catch {
    return null;
  }
}

let binding: unknown;
const tcpBinding = () => (binding === undefined ? (binding = loadTcpBinding()) : binding);

const WORKER_SOURCE = () => `"use strict";
var __name = (f) => f; // esbuild's keepNames helper, should the source carry it
const { parentPort } = require("node:worker_threads");
const deps = { net: require("node:net"), binding: (${loadTcpBinding.toString()})(), errno: require("node:os").constants.errno };
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

function threadCount(opt: ScanPortsOptions["threads"], ports: number): number {
  if (typeof opt === "number") return Math.max(0, Math.floor(opt));
  if (ports < THREAD_THRESHOLD) return 0;
  const n = Math.min(4, availableParallelism());
  return n > 1 ? n : 0;
}

class WorkerFailed extends Error {}

/** Spreads chunks of the list over worker threads; resolves when every port is settled. */
async function connectInWorkers(
  address: string,
  family: number,
  ports: number[],
  threads: number,
  opts: ScanPortsOptions,
  onSettledCount: (n: number) => void,
  onOpen: (port: number) => void,
): Promise<void> {
  const source = WORKER_SOURCE();
  const workers: Worker[] = [];
  const perThread = Math.max(1, Math.ceil(opts.concurrency / threads));
  let nextChunk = 0;
  let started = false;
  try {
    await new Promise<void>((resolve, reject) => {
      let busy = 0;
      const abort = () => reject(opts.signal?.reason ?? new Error("aborted"));
      opts.signal?.addEventListener("abort", abort, { once: true });
      const dispatch = (w: Worker) => {
        if (nextChunk >= ports.length) {
          if (busy === 0) {
            opts.signal?.removeEventListener("abort", abort);
            resolve();
          }
          return;
        }
        const chunk = Int32Array.from(ports.slice(nextChunk, nextChunk + CHUNK));
        nextChunk += CHUNK;
        busy++;
        w.postMessage({ type: "scan", address, family, ports: chunk, concurrency: perThread, timeoutMs: opts.timeoutMs }, [chunk.buffer]);
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
        w.on("error", (err) => reject(started ? err : new WorkerFailed(String(err))));
        w.once("online", () => dispatch(w));
      }
      if (opts.signal?.aborted) abort();
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

// ---------------------------------------------------------------------------
// Banners.

const MAX_BANNER_BYTES = 2048;
const BANNER_CONCURRENCY = 32;
/** Banners are read from this many open ports; beyond, the service comes from the port number (hosts that answer on every port). */
const MAX_BANNERS = 256;

interface Grab {
  data: Buffer;
  /** The TLS handshake completed. */
  tls: boolean;
  tlsProtocol?: string;
  /** The peer hung up before our deadline. */
  closed: boolean;
}

const headRequest = (host: string, ua: string) => `HEAD / HTTP/1.0\r\nHost: ${host}\r\nUser-Agent: ${ua}\r\nAccept: */*\r\nConnection: close\r\n\r\n`;

/** Enough of an answer: a whole HTTP head, a line of text, or a binary greeting. */
function complete(data: Buffer): boolean {
  if (data.length >= MAX_BANNER_BYTES) return true;
  const text = data.toString("latin1");
  if (text.startsWith("HTTP/")) return text.includes("\r\n\r\n") || text.includes("\n\n");
  if (text.includes("\n")) return true;
  // Binary greetings (MySQL, TLS alerts…) arrive whole.
  return data.subarray(0, 16).some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b >= 0x80);
}

/**
 * Reads what the service says. mode "http": send a HEAD at once; "wait": wait
 * a little for a greeting, then send a HEAD (HTTP servers, TLS servers that
 * answer with an alert, Redis, Memcached… answer that).
 */
function readBanner(
  socket: net.Socket | tls.TLSSocket,
  event: "connect" | "secureConnect",
  mode: "http" | "wait",
  host: string,
  ua: string,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<Grab | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let connected = false;
    let timers: ReturnType<typeof setTimeout>[] = [];
    let closed = false;
    const hangup = () => {
      closed = true;
      end();
    };
    const end = () => {
      signal?.removeEventListener("abort", end);
      timers.forEach(clearTimeout);
      timers = [];
      socket.destroy();
      if (!connected) return resolve(null);
      const isTls = socket instanceof tls.TLSSocket;
      resolve({ data: Buffer.concat(chunks), tls: isTls, closed, ...(isTls ? { tlsProtocol: socket.getProtocol() ?? undefined } : {}) });
    };
    const probe = () => {
      if (!size && !socket.destroyed) socket.write(headRequest(host, ua));
    };
    socket.on(event, () => {
      connected = true;
      if (mode === "http") probe();
      else timers.push(setTimeout(probe, Math.min(500, Math.max(0, (deadline - Date.now()) / 3))));
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (complete(Buffer.concat(chunks))) end();
    });
    socket.on("error", hangup);
    socket.on("close", hangup);
    timers.push(setTimeout(end, Math.max(1, deadline - Date.now())));
    signal?.addEventListener("abort", end, { once: true });
  });
}

function bannerText(g: Grab): string | null {
  const text = g.data.toString("latin1");
  if (text.startsWith("HTTP/")) {
    const lines = text.split(/\r?\n/);
    const keep = [lines[0]!, ...lines.filter((l) => /^(server|x-powered-by):/i.test(l))];
    return keep.join("\n").slice(0, 512);
  }
  if (g.data[0] === 0x15 && g.data[1] === 0x03) return null; // a TLS alert is no banner
  return printableBanner(g.data);
}

async function grabBanner(address: string, port: number, hostname: string, ua: string, timeoutMs: number, signal?: AbortSignal): Promise<OpenPortDetail> {
  const fallback = WELL_KNOWN_PORTS[port] ?? null;
  const base: OpenPortDetail = { port, protocol: "tcp", service: fallback, banner: null, tls: TLS_PORTS.has(port), http: HTTP_PORTS.has(port) || HTTPS_PORTS.has(port) };
  if (timeoutMs <= 0) return base;
  const deadline = Date.now() + timeoutMs;
  const family = address.includes(":") ? 6 : 4;
  const servername = parseIp(hostname) ? undefined : hostname;
  const overTls = async (): Promise<OpenPortDetail | null> => {
    const s = tls.connect({ host: address, port, ...(servername ? { servername } : {}), rejectUnauthorized: false, minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" });
    const g = await readBanner(s, "secureConnect", HTTPS_PORTS.has(port) || !TLS_PORTS.has(port) ? "http" : "wait", hostname, ua, deadline, signal);
    if (!g) return null;
    const service = serviceFromBanner(g.data, port, true) ?? fallback ?? "ssl";
    return { ...base, service: service === "ssl" ? (fallback ?? "ssl") : service, banner: bannerText(g) ?? `TLS (${g.tlsProtocol ?? "?"})`, tls: true, http: service === "https" };
  };

  if (TLS_PORTS.has(port)) {
    const r = await overTls();
    if (r) return r;
  }
  if (Date.now() >= deadline) return base;
  const plain = net.connect({ host: address, port, family });
  const g = await readBanner(plain, "connect", HTTP_PORTS.has(port) ? "http" : "wait", hostname, ua, deadline, signal);
  if (!g) return base;
  const service = serviceFromBanner(g.data, port, false);
  if (service === "ssl" || (!g.data.length && g.closed && !TLS_PORTS.has(port))) {
    // It answered our plain HEAD with a TLS alert, or hung up on it: maybe a TLS port we did not expect.
    const r = Date.now() < deadline ? await overTls() : null;
    if (r) return r;
    return service === "ssl" ? { ...base, service: fallback ?? "ssl", tls: true } : base;
  }
  return { ...base, service: service ?? fallback, banner: bannerText(g), http: service === "http" || (service === null && base.http), tls: false };
}

// ---------------------------------------------------------------------------

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? Object.assign(new Error("The operation was aborted"), { name: "AbortError" });
}

/** TCP connect scan of ONE already-vetted address; open ports sorted by number, with banners and protocol flags. */
export async function scanPortsDetailed(address: string, ports: number[], opts: ScanPortsOptions): Promise<OpenPortDetail[]> {
  const ip = parseIp(address);
  if (!ip) throw new Error(`scanPorts needs an IP address, got "${address}"`);
  const addr = ip.toString();
  const family = ip.kind() === "ipv6" ? 6 : 4;
  const list = [...new Set(ports)];
  for (const p of list) if (!Number.isInteger(p) || p < 1 || p > 65535) throw new Error(`not a TCP port: ${p}`);
  const signal = opts.signal;
  if (signal?.aborted) throw abortError(signal);

  const total = list.length;
  let done = 0;
  let reported = -1;
  const step = Math.max(1, Math.floor(total / 100));
  const progress = (n: number) => {
    done += n;
    if (opts.onProgress && (done - reported >= step || done === total)) {
      reported = done;
      opts.onProgress(done, total);
    }
  };

  const hostname = opts.hostname ?? addr;
  const ua = opts.userAgent ?? "ExposureMonitor/1.0";
  const found = new Map<number, Promise<OpenPortDetail>>();
  let bannersRunning = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (bannersRunning >= BANNER_CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
    bannersRunning++;
  };
  const release = () => {
    bannersRunning--;
    waiting.shift()?.();
  };
  const onOpen = (port: number) => {
    if (found.has(port)) return;
    opts.onOpen?.(port);
    const bannerMs = found.size < MAX_BANNERS ? opts.bannerTimeoutMs : 0;
    // Banners start while the scan goes on, so their waits overlap it.
    found.set(
      port,
      (async () => {
        await slot();
        try {
          return await grabBanner(addr, port, hostname, ua, signal?.aborted ? 0 : bannerMs, signal);
        } finally {
          release();
        }
      })(),
    );
  };

  const control = { stopped: false };
  const stop = () => void (control.stopped = true);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const threads = threadCount(opts.threads, total);
    let inThread = threads === 0;
    if (!inThread) {
      try {
        await connectInWorkers(addr, family, list, threads, opts, progress, onOpen);
      } catch (err) {
        if (!(err instanceof WorkerFailed)) throw err;
        inThread = true; // workers unavailable here: do it in this thread
        done = 0;
      }
    }
    if (inThread) {
      const deps: LoopDeps = { net, binding: tcpBinding(), errno: osConstants.errno as Record<string, number> };
      await connectLoop(deps, addr, family, list, opts.concurrency, opts.timeoutMs, (port, open) => {
        if (open) onOpen(port);
        progress(1);
      }, control);
    }
    if (signal?.aborted) throw abortError(signal);
    const details = await Promise.all(found.values());
    if (signal?.aborted) throw abortError(signal);
    return details.sort((a, b) => a.port - b.port);
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}

/** TCP connect scan of ONE already-vetted address: open ports with a banner and a service guess. */
export async function scanPorts(address: string, ports: number[], opts: ScanPortsOptions): Promise<OpenPort[]> {
  const details = await scanPortsDetailed(address, ports, opts);
  return details.map(({ port, protocol, service, banner }) => ({ port, protocol, service, banner }));
}
