// TCP connect scan of one address (port-connect.ts), then a banner from each
// open port (port-banners.ts), read while the scan goes on. Only open ports
// are reported.
import net from "node:net";
import { constants as osConstants } from "node:os";
import { parseIp } from "../safety.ts";
import { abortReason } from "../settle.ts";
import { grabBanner, MAX_BANNERS, BANNER_CONCURRENCY } from "./port-banners.ts";
import { connectInWorkers, connectLoop, tcpBinding, threadCount, WorkerFailed, type LoopDeps } from "./port-connect.ts";
import type { OpenPort, OpenPortDetail } from "./types.ts";

export type { OpenPortDetail } from "./types.ts";

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
  /**
   * Worker threads for large lists: "auto" (default: one per core up to 4, for 4096 ports or more) or a number (0 =
   * this thread).
   */
  threads?: number | "auto";
}

/** TCP connect scan of ONE already-vetted address; open ports sorted by number, with banners and protocol flags. */
export async function scanPortsDetailed(
  address: string,
  ports: number[],
  opts: ScanPortsOptions,
): Promise<OpenPortDetail[]> {
  const ip = parseIp(address);
  if (!ip) throw new Error(`scanPorts needs an IP address, got "${address}"`);
  const addr = ip.toString();
  const family = ip.kind() === "ipv6" ? 6 : 4;
  const list = [...new Set(ports)];
  for (const p of list) if (!Number.isInteger(p) || p < 1 || p > 65535) throw new Error(`not a TCP port: ${p}`);
  const signal = opts.signal;
  if (signal?.aborted) throw abortReason(signal);

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
      await connectLoop(
        deps,
        addr,
        family,
        list,
        opts.concurrency,
        opts.timeoutMs,
        (port, open) => {
          if (open) onOpen(port);
          progress(1);
        },
        control,
      );
    }
    if (signal?.aborted) throw abortReason(signal);
    const details = await Promise.all(found.values());
    if (signal?.aborted) throw abortReason(signal);
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
