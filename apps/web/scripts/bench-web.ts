// pnpm bench:web (issue 31, item 3): cold loads of the overview, the issues page and an asset page in the browser
// tests' Chromium, against the e2e stack (a fresh database, the API, the built dashboard on its own ports). Each load
// is a new browser context (no cache, no service worker; the session cookie only). Per page: largest contentful paint
// (PerformanceObserver), the time until its first data row or tile is in the document, the HTML's first byte, and the
// requests of the load (those that prefetch routes apart). Median and max of BENCH_RUNS loads (default 5) after one
// warm-up load per page that is not counted. A benchmark, not a test: it prints and asserts nothing.
// Needs a build (`pnpm --filter @ems/web build`) and DATABASE_URL, like the browser tests.
import { execSync } from "node:child_process";
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import config from "../playwright.config.ts";
import { signIn, stack } from "../e2e/fixtures.ts";
import { asset, issue, project, withDb } from "../e2e/fresh.ts";
import globalSetup from "../e2e/global-setup.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEVERITIES = ["critical", "high", "medium", "low", "info"];

/** A workspace with an estate to show: 40 assets, 20 of them with an open issue of each of 20 kinds (400). */
async function seed() {
  const res = await fetch(`${stack().workspaceControl}/bench-web?plan=pro`, { method: "POST" });
  const { id: workspaceId, email } = (await res.json()) as { id: number; email: string };
  const assetId = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Web shop");
    const assets: number[] = [];
    for (let i = 0; i < 40; i++) assets.push(await asset(q, { workspaceId, projectId }, `host-${i}.bench.test`));
    for (let i = 0; i < 400; i++)
      await issue(
        q,
        { workspaceId, assetId: assets[Math.floor(i / 20)]! },
        { kind: `bench.kind-${i % 20}`, title: `Bench problem ${i % 20}`, severity: SEVERITIES[i % 5]! },
      );
    return assets[0]!;
  });
  return { email, assetId };
}

interface Load {
  lcp: number;
  firstData: number;
  ttfb: number;
  requests: number;
  prefetches: number;
}

async function coldLoad(browser: Browser, cookies: Parameters<Browser["newContext"]>[0], url: string, sel: string) {
  const context = await browser.newContext(cookies);
  const page = await context.newPage();
  await page.addInitScript((selector) => {
    const bench = { lcp: 0, firstData: 0 };
    Object.assign(window, { __bench: bench });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    // The moment the data is in the document (parsed from the HTML or rendered by React).
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      bench.firstData = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  }, sel);
  let requests = 0;
  let prefetches = 0;
  page.on("request", (r) => {
    requests++;
    if (r.headers()["next-router-prefetch"]) prefetches++;
  });
  await page.goto(url);
  await page.locator(sel).first().waitFor();
  await page.waitForLoadState("networkidle");
  const m = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const bench = (window as unknown as { __bench: { lcp: number; firstData: number } }).__bench;
    return { ...bench, ttfb: nav.responseStart };
  });
  await context.close();
  return { ...m, requests, prefetches } satisfies Load;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (xs: number[]) => `${Math.round(median(xs))} / ${Math.round(Math.max(...xs))}`;

const teardown = await globalSetup();
try {
  const { email, assetId } = await seed();
  const browser = await chromium.launch(config.use!.launchOptions);
  const baseURL = stack().webUrl;
  const login = await browser.newContext({ baseURL });
  await signIn(await login.newPage(), email);
  const session = { baseURL, viewport: { width: 1440, height: 900 }, storageState: await login.storageState() };
  await login.close();
  const pages = [
    { name: "overview", url: "/", sel: '[data-testid="open-total"] [data-testid="count"]' },
    { name: "issues (problems)", url: "/issues", sel: 'a[href^="/problems/"]' },
    { name: "asset", url: `/assets/${assetId}`, sel: '[data-testid="reachability"]' },
  ];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  const loadBefore = load();
  const rows: string[] = [];
  for (const p of pages) {
    await coldLoad(browser, session, p.url, p.sel); // warm-up: the server's first render of the route
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, session, p.url, p.sel));
    const col = (k: keyof Load) => loads.map((l) => l[k]);
    rows.push(
      `| ${p.name} | ${ms(col("lcp"))} | ${ms(col("firstData"))} | ${ms(col("ttfb"))} | ` +
        `${median(col("requests"))} / ${Math.max(...col("requests"))} | ${median(col("prefetches"))} |`,
    );
  }
  await browser.close();
  const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  console.log(`\ncommit ${commit}, ${RUNS} cold loads per page, load average ${loadBefore} → ${load()}\n`);
  console.log("| page | LCP ms (median / max) | first data ms | HTML first byte ms | requests | route prefetches |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
} finally {
  await teardown();
}
