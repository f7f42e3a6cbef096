// Screenshots of hostile pages, in three walls:
// 1. Chromium runs in an empty network namespace (screenshot/isolation.ts):
//    whatever protocol a page reaches for — WebRTC, QUIC, DNS-over-HTTPS,
//    WebSockets — finds no network at all.
// 2. Everything the page loads is asked of this process over IPC and answered
//    by safeFetch (our resolvers, the address guard, timeouts, size caps), for
//    the target's own host only, GET and HEAD only, up to MAX_REQUESTS.
// 3. The browser is driven from a child process (screenshot/browser-child.mjs)
//    with a hard deadline: a page that crashes Playwright, the renderer or the
//    driver ends that child, and this function rejects with a reason.
import { fork, type ChildProcess } from "node:child_process";
import type { NetConfig } from "./config.ts";
import { FetchRefused, safeFetch, urlHost, type HttpResult } from "./http.ts";
import { besideThis, browserEnv, isolatedLaunch } from "./screenshot/isolation.ts";

export { isolatedLaunch, type ScreenshotIsolation } from "./screenshot/isolation.ts";

/** Response headers Chromium must not see from the proxy: the body we hand over is plain and possibly capped. */
const DROP = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

/** Requests one screenshot may make through the guard; a page asking for more gets the rest refused. */
export const MAX_REQUESTS = 200;

/** Time the child gets beyond the page's load timeout: start Node and Chromium, paint the picture, shut down. */
const SLACK_MS = 15_000;

/**
 * The hardened Chromium flags: no network of its own beyond the namespace, no background traffic, capped memory.
 * Every browser the product starts uses them (screenshots here, assessment PDFs in core).
 */
export const HARDENED_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-extensions",
  "--disable-default-apps",
  "--mute-audio",
  // Belt and braces behind the namespace: no resolver, a dead proxy, no UDP for WebRTC.
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  // A page that allocates without end kills its renderer early, not the machine.
  "--js-flags=--max-old-space-size=256",
];

export class ScreenshotError extends Error {
  override name = "ScreenshotError";
}

type ChildMessage =
  | { type: "fetch"; id: number; url: string; method: string; main: boolean }
  | { type: "done"; png: Uint8Array }
  | { type: "load-failed"; message: string }
  | { type: "error"; message: string };

export async function takeScreenshot(url: string, cfg: NetConfig): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new FetchRefused("invalid-url", `"${url}" is not a URL`, { url });
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new FetchRefused("invalid-url", "only http and https pages are captured", { url });
  }
  const launch = isolatedLaunch(cfg.chromiumPath, cfg.screenshotIsolation, HARDENED_CHROMIUM_ARGS);
  if (!launch) {
    throw new ScreenshotError(
      "screenshots need an empty network namespace (unshare --net) and this system allows none; " +
        "see EMS_SCREENSHOT_ISOLATION",
    );
  }
  // Fetch the page before starting a browser: a refused or dead target fails
  // fast with the fetch's reason, and we learn where its redirects end.
  const host = urlHost(target);
  const first = await safeFetch(target.href, cfg, { allowHost: (h) => h === host, keepBytes: true });
  const proxy = new GuardedProxy(host, cfg, first);

  const child = fork(besideThis("browser-child.mjs"), [], {
    serialization: "advanced",
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    execArgv: [], // no TypeScript loader or inspector of the parent's: the driver is plain JavaScript
    env: browserEnv(),
  });
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ScreenshotError(`the page did not render within ${cfg.screenshotTimeoutMs} ms`)),
        cfg.screenshotTimeoutMs + SLACK_MS,
      );
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      child.on("message", (msg: ChildMessage) => {
        if (msg.type === "fetch") void proxy.answer(child, msg);
        else if (msg.type === "done") settle(() => resolve(Buffer.from(msg.png)));
        else if (msg.type === "load-failed") {
          settle(() => reject(proxy.mainFailure ?? new ScreenshotError(`could not load ${first.url}: ${msg.message}`)));
        } else settle(() => reject(new ScreenshotError(`the screenshot browser failed: ${msg.message}`)));
      });
      child.on("exit", (code, signal) => {
        settle(() => reject(new ScreenshotError(`the screenshot browser stopped (${signal ?? `exit code ${code}`})`)));
      });
      child.on("error", (err) =>
        settle(() => reject(new ScreenshotError(`could not start the browser: ${err.message}`))),
      );
      child.send({
        type: "start",
        url: first.url,
        launch,
        viewport: { width: 1280, height: 800 },
        userAgent: cfg.userAgent,
        timeoutMs: cfg.screenshotTimeoutMs,
      });
    });
  } finally {
    stop(child);
  }
}

/** Ends the driver; Chromium, on the other end of its pipe, exits with it. */
function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Answers the browser's requests: the target's own host through safeFetch, nothing else. */
class GuardedProxy {
  mainFailure: Error | null = null;
  private requests = 0;
  private cached: HttpResult | null;

  constructor(
    private readonly host: string,
    private readonly cfg: NetConfig,
    first: HttpResult,
  ) {
    this.cached = first;
  }

  async answer(child: ChildProcess, req: { id: number; url: string; method: string; main: boolean }) {
    const reply = (answer: object) => {
      if (child.connected) child.send({ type: "response", id: req.id, ...answer }, (err) => void err);
    };
    let u: URL | null = null;
    try {
      u = new URL(req.url);
    } catch {
      u = null;
    }
    const sameHost = !!u && (u.protocol === "http:" || u.protocol === "https:") && urlHost(u) === this.host;
    if (!u || !sameHost || (req.method !== "GET" && req.method !== "HEAD") || ++this.requests > MAX_REQUESTS) {
      if (req.main) {
        this.mainFailure = new FetchRefused("redirect-not-covered", `${req.url} is not on ${this.host}`, {
          host: u ? urlHost(u) : undefined,
          url: req.url,
        });
      }
      return reply({ abort: "blockedbyclient" });
    }
    try {
      // Chromium does not route the target of a redirect we fulfil, so redirects are followed here.
      const cached = this.cached && u.href === this.cached.url && req.method === "GET" ? this.cached : null;
      this.cached = null;
      const r =
        cached ??
        (await safeFetch(u.href, this.cfg, { method: req.method, allowHost: (h) => h === this.host, keepBytes: true }));
      const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROP.has(k)));
      reply({ status: r.status, headers, body: r.bytes ?? new Uint8Array() });
    } catch (err) {
      if (req.main) this.mainFailure = err as Error;
      reply({ abort: err instanceof FetchRefused && err.reason === "timeout" ? "timedout" : "failed" });
    }
  }
}
