// Screenshots with headless Chromium that never touches the network itself:
// every request the page makes is answered by safeFetch (our resolvers, the
// address checks, timeouts and size caps), and only for the target's own
// host — other hosts are blocked, so the picture shows what that site
// serves publicly, not third-party content. As a backstop Chromium's own
// resolver answers nothing and its proxy is a closed local port, so a
// request that escaped interception could not leave the machine.
import { chromium, type Route } from "playwright-core";
import type { NetConfig } from "./config.ts";
import { FetchRefused, safeFetch, urlHost, type HttpResult } from "./http.ts";

/** Response headers Chromium must not see from the proxy: the body we hand over is plain and possibly capped. */
const DROP = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"]);

const CHROMIUM_ARGS = [
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
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--proxy-server=http://127.0.0.1:9",
  "--proxy-bypass-list=<-loopback>",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

export class ScreenshotError extends Error {
  override name = "ScreenshotError";
}

export async function takeScreenshot(url: string, cfg: NetConfig): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new FetchRefused("invalid-url", `"${url}" is not a URL`, { url });
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new FetchRefused("invalid-url", "only http and https pages are captured", { url });
  const host = urlHost(target);
  const sameHost = (h: string) => h === host;
  // Fetch the page before starting a browser: a refused or dead target fails
  // fast with the fetch's reason, and we learn where its redirects end.
  let first: HttpResult | null = await safeFetch(target.href, cfg, { allowHost: sameHost, keepBytes: true });
  const pageUrl = first.url;

  const deadline = Date.now() + cfg.screenshotTimeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const browser = await chromium.launch({ executablePath: cfg.chromiumPath, headless: true, args: CHROMIUM_ARGS, timeout: cfg.screenshotTimeoutMs });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      ignoreHTTPSErrors: true,
      serviceWorkers: "block",
      acceptDownloads: false,
      userAgent: cfg.userAgent,
    });
    await context.routeWebSocket(/.*/, (ws) => ws.close());
    let mainFailure: Error | null = null;
    await context.route("**/*", async (route: Route) => {
      const req = route.request();
      const isMain = req.isNavigationRequest() && req.frame() === page.mainFrame();
      let u: URL | null = null;
      try {
        u = new URL(req.url());
      } catch {
        u = null;
      }
      const method = req.method();
      if (!u || (u.protocol !== "http:" && u.protocol !== "https:") || urlHost(u) !== host || (method !== "GET" && method !== "HEAD")) {
        if (isMain) mainFailure = new FetchRefused("redirect-not-covered", `${req.url()} is not on ${host}`, { host: u ? urlHost(u) : undefined, url: req.url() });
        return route.abort("blockedbyclient");
      }
      try {
        // Chromium does not route the target of a redirect we fulfil, so redirects are followed here.
        const cached = first && u.href === pageUrl && method === "GET" ? first : null;
        first = null;
        const r = cached ?? (await safeFetch(u.href, cfg, { method, allowHost: sameHost, keepBytes: true }));
        const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROP.has(k)));
        await route.fulfill({ status: r.status, headers, body: r.bytes ?? Buffer.alloc(0) });
      } catch (err) {
        if (isMain) mainFailure = err as Error;
        await route.abort(err instanceof FetchRefused && err.reason === "timeout" ? "timedout" : "failed").catch(() => undefined);
      }
    });
    const page = await context.newPage();
    try {
      await page.goto(pageUrl, { waitUntil: "load", timeout: left() });
    } catch (err) {
      if (mainFailure) throw mainFailure;
      // A page that rendered but kept loading subresources is still worth a picture.
      if (!/Timeout/i.test((err as Error).name) || page.url() === "about:blank") throw new ScreenshotError(`could not load ${pageUrl}: ${(err as Error).message.split("\n")[0]}`);
    }
    return await page.screenshot({ type: "png", timeout: left() });
  } finally {
    await browser.close().catch(() => undefined);
  }
}
