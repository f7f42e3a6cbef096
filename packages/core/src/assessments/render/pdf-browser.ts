// One warm Chromium per process for printing assessment PDFs: launched on the
// first report, reused by every later one (starting Chromium is most of a
// report's time), relaunched when it crashed or disconnected, closed by
// closePdfBrowser() when the worker shuts down. Each report gets a fresh
// context (no cookies, cache or storage carried over between reports).
// The launch is the screenshot browser's: the same hardened flags and, where
// the system allows one, the same empty network namespace.
import { access, constants } from "node:fs/promises";
import type { Browser, BrowserContext } from "playwright-core";
import { HARDENED_CHROMIUM_ARGS, isolatedLaunch, type NetConfig } from "@ems/scanners";

export type PdfBrowserConfig = Pick<NetConfig, "chromiumPath" | "screenshotIsolation">;

let current: Promise<Browser> | null = null;
/** The configuration `current` was launched with: another one (tests, a changed setting) gets its own browser. */
let currentKey = "";

function launchOptions(cfg: PdfBrowserConfig) {
  // The PDF is our own page with every request aborted: without a namespace it still prints (as it always has),
  // whereas a screenshot of someone else's page refuses to run.
  return (
    isolatedLaunch(cfg.chromiumPath, cfg.screenshotIsolation, HARDENED_CHROMIUM_ARGS) ??
    isolatedLaunch(cfg.chromiumPath, "none", HARDENED_CHROMIUM_ARGS)!
  );
}

async function launch(cfg: PdfBrowserConfig, timeoutMs: number) {
  // Said plainly here: inside the namespace wrapper a missing browser is only a line deep in Playwright's log.
  await access(cfg.chromiumPath, constants.X_OK).catch(() => {
    throw new Error(`no Chromium to print with at ${cfg.chromiumPath} (CHROMIUM_PATH)`);
  });
  const { chromium } = await import("playwright-core");
  return chromium.launch({ ...launchOptions(cfg), headless: true, timeout: timeoutMs });
}

function warmBrowser(cfg: PdfBrowserConfig, timeoutMs: number): Promise<Browser> {
  const key = `${cfg.screenshotIsolation} ${cfg.chromiumPath}`;
  if (current && key !== currentKey) void closePdfBrowser().catch(() => undefined);
  if (!current) {
    const launching = launch(cfg, timeoutMs);
    current = launching;
    currentKey = key;
    const forget = () => {
      if (current === launching) current = null;
    };
    launching.then((browser) => browser.on("disconnected", forget), forget);
  }
  return current;
}

/** A fresh context in the warm browser (relaunched once if it died since the last report). */
export async function pdfContext(cfg: PdfBrowserConfig, timeoutMs: number): Promise<BrowserContext> {
  const options = { javaScriptEnabled: false, offline: true };
  const browser = await warmBrowser(cfg, timeoutMs);
  try {
    return await browser.newContext(options);
  } catch (err) {
    if (browser.isConnected()) throw err;
    if (current && (await current) === browser) current = null;
    return (await warmBrowser(cfg, timeoutMs)).newContext(options);
  }
}

/** Closes this process's PDF browser, if one was started (worker shutdown; tests). */
export async function closePdfBrowser() {
  const closing = current;
  current = null;
  const browser = await closing?.catch(() => null);
  await browser?.close();
}
