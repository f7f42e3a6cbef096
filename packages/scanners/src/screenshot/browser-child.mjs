// The screenshot browser's driver, run as a child process of the worker (see
// ../screenshot.ts). It knows nothing of addresses or policy: Chromium runs in
// a network namespace with no interface up, so the only way anything reaches
// the page is this file asking the parent over IPC, where the guarded fetch
// decides. Whatever a hostile page makes Chromium or Playwright do (popups,
// crashes, errors thrown inside callbacks) can at worst end this process.
// Plain JavaScript so that it starts without a TypeScript loader.
import { Buffer } from "node:buffer";
import process from "node:process";
import { chromium } from "playwright-core";

const send = (msg) => new Promise((resolve) => process.send(msg, undefined, undefined, () => resolve()));
const fail = async (message) => {
  await send({ type: "error", message: String(message).split("\n")[0] }).catch(() => undefined);
  process.exit(1);
};
process.on("uncaughtException", (err) => void fail(err?.message ?? err));
process.on("unhandledRejection", (err) => void fail(err?.message ?? err));
process.on("disconnect", () => process.exit(1)); // the parent gave up or died

let nextId = 0;
const waiting = new Map();
/** Asks the parent for one resource: resolves with { status, headers, body } or { abort }. */
function fetchThroughParent(url, method, main) {
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    process.send({ type: "fetch", id, url, method, main });
  });
}

process.on("message", (msg) => {
  if (msg.type === "start") void capture(msg).catch(fail);
  else if (msg.type === "response") {
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  }
});

/** Never throws: a navigation request whose frame is gone (popups) is not the main one. */
function isMainNavigation(req, page) {
  try {
    return req.isNavigationRequest() && req.frame() === page.mainFrame();
  } catch {
    return false;
  }
}

/** The picture gets this long of its own after the page loaded or its load timed out (a busy page paints slowly). */
const PAINT_TIMEOUT_MS = 5000;

async function capture({ url, launch, viewport, userAgent, timeoutMs }) {
  const browser = await chromium.launch({
    ...launch,
    headless: true,
    timeout: timeoutMs,
    // Playwright turns Chromium's popup blocker off; on, window.open without a click opens nothing.
    ignoreDefaultArgs: ["--disable-popup-blocking"],
  });
  const context = await browser.newContext({
    viewport,
    ignoreHTTPSErrors: true,
    serviceWorkers: "block",
    acceptDownloads: false,
    userAgent,
  });
  let page = null;
  // One page only: a window that gets past the popup blocker is closed as it opens.
  context.on("page", (p) => {
    if (page && p !== page) p.close({ runBeforeUnload: false }).catch(() => undefined);
  });
  await context.routeWebSocket(/.*/, (ws) => ws.close());
  await context.route("**/*", async (route) => {
    const req = route.request();
    try {
      const answer = await fetchThroughParent(req.url(), req.method(), page ? isMainNavigation(req, page) : false);
      if (answer.abort) await route.abort(answer.abort);
      else await route.fulfill({ status: answer.status, headers: answer.headers, body: Buffer.from(answer.body) });
    } catch {
      await route.abort("failed").catch(() => undefined);
    }
  });
  page = await context.newPage();
  page.on("dialog", (d) => d.dismiss().catch(() => undefined));
  let loadError = null;
  await page.goto(url, { waitUntil: "load", timeout: timeoutMs }).catch((err) => {
    loadError = { timedOut: /Timeout/i.test(err.name), message: String(err.message).split("\n")[0] };
  });
  const blank = page.url() === "about:blank";
  if (loadError && (!loadError.timedOut || blank)) {
    await send({ type: "load-failed", message: loadError.message });
  } else {
    const png = await page.screenshot({ type: "png", timeout: PAINT_TIMEOUT_MS });
    await send({ type: "done", png });
  }
  await browser.close().catch(() => undefined);
  process.exit(0);
}
