// A dashboard that opens fast (issue 31, item 3): the overview, the issues page's problems and an asset page come
// with their first data in the HTML (the browser's tRPC calls are blocked here, and the prefetched ones are not even
// asked for), a cold load prefetches no route (the sidebar's twenty, the tiles'), and the favicon is there.
import type { Page } from "@playwright/test";
import { expect, signedInFresh, stack, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

/** Blocks the page's tRPC requests and lists the procedures they called (batched calls name each in the path). */
async function blockTrpc(page: Page) {
  const called: string[] = [];
  await page.route("**/api/trpc/**", (route) => {
    called.push(...new URL(route.request().url()).pathname.split("/").pop()!.split(","));
    return route.abort();
  });
  return called;
}

/** Hydrated: React has attached itself to the page's h1 (the views' queries mounted with it). */
async function hydrated(page: Page) {
  const h1 = page.locator("h1").first();
  await expect.poll(() => h1.evaluate((h) => Object.keys(h).some((k) => k.startsWith("__reactFiber")))).toBe(true);
}

test("the overview, the problems and an asset page show their first data before any tRPC call", async ({ page }) => {
  const { id: workspaceId } = await signedInFresh(page, "first-data");
  const assetId = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Shop");
    const id = await asset(q, { workspaceId, projectId }, "shop.first-data.test");
    await q(`update "Asset" set "lastCheckedAt" = now() where id = $1 returning id`, [id]);
    await issue(
      q,
      { workspaceId, assetId: id },
      { kind: "http.exposed.env", title: "Env file open", severity: "high" },
    );
    return id;
  });
  const called = await blockTrpc(page);

  await page.goto("/");
  await expect(page.getByTestId("open-high").getByTestId("count")).toHaveText("1");
  await expect(page.getByTestId("open-total").getByTestId("count")).toHaveText("1");
  await hydrated(page);
  // The project select's options are not prefetched: the first batch the browser sends is there, without the overview.
  await expect.poll(() => called).toContain("projects.list");
  expect(called).not.toContain("overview.get");

  called.length = 0;
  await page.goto("/issues");
  await expect(page.getByRole("link", { name: "Environment file (.env) exposed" })).toBeVisible();
  await expect(page.getByTestId("problem-assets")).toHaveText("1 asset: shop.first-data.test");
  await hydrated(page);
  await expect.poll(() => called).toContain("projects.list");
  expect(called).not.toContain("problems.list");

  called.length = 0;
  await page.goto(`/assets/${assetId}`);
  await expect(page.getByRole("heading", { name: "shop.first-data.test", level: 1 })).toBeVisible();
  await expect(page.getByTestId("asset-issues").getByRole("link", { name: "Env file open" })).toBeVisible();
  // The role came too (me.get): an owner's buttons are there at once.
  await expect(page.getByRole("button", { name: "Start scan" })).toBeVisible();
  // Dates crossed as Date objects (superjson both ways; LocalTime calls toISOString): the last check's instant.
  await expect(page.getByTestId("reachability").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await hydrated(page);
  await expect.poll(() => called).toContain("assets.outside");
  expect(called.filter((p) => ["assets.get", "me.get", "issues.list"].includes(p))).toEqual([]);
});

test("a prefetch that fails leaves the page to the browser, which asks as before", async ({ page }) => {
  await signedInFresh(page, "first-data-missing");
  const called = await blockTrpc(page);
  await page.goto("/assets/987654321");
  // Nothing in the HTML: the browser asks for it itself (blocked here, so it keeps its skeleton and retries).
  await expect.poll(() => called).toContain("assets.get");
  await page.unroute("**/api/trpc/**");
  await page.goto("/assets/987654321");
  await expect(page.getByRole("heading", { name: "Asset not found", level: 1 })).toBeVisible();
});

test("a cold load of the overview prefetches no route, a pointer over a link prefetches that one", async ({
  browser,
  page,
}) => {
  await signedInFresh(page, "first-data-prefetch");
  const context = await browser.newContext();
  await context.addCookies(await page.context().cookies());
  const cold = await context.newPage();
  const prefetched: string[] = [];
  cold.on("request", (r) => {
    const h = r.headers();
    if (h["next-router-prefetch"] || h["rsc"] || new URL(r.url()).searchParams.has("_rsc")) prefetched.push(r.url());
  });
  await cold.goto(stack().webUrl + "/");
  await expect(cold.getByTestId("open-total").getByTestId("count")).toBeVisible();
  await hydrated(cold);
  await cold.waitForLoadState("networkidle");
  expect(await cold.getByRole("navigation", { name: "Main" }).getByRole("link").count()).toBeGreaterThan(10);
  // Neither the sidebar's routes nor those of the overview's tiles and lists (components/intent-link.tsx).
  expect(prefetched).toEqual([]);

  // On intent: a pointer over a link prefetches that route alone.
  await cold.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Scans" }).hover();
  await expect.poll(() => prefetched.map((url) => new URL(url).pathname)).toContain("/scans");
  await context.close();
});

test("the favicon is there: the page's icon and /favicon.ico answer an image", async ({ page }) => {
  await signedInFresh(page, "first-data-icon");
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  for (const url of [icon!, "/favicon.ico"]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-type"], url).toContain("image/svg+xml");
  }
});
