// Detail pages of records that are not there (never were, deleted, another workspace's) say so at once, on a phone
// and on a desktop, instead of a skeleton forever; the API's 404 is not retried.
import { createDatabase } from "@ems/db";
import type { Page } from "@playwright/test";
import { expect, shot, signedIn, stack, test } from "./fixtures";

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

const PAGES = [
  { path: "/issues", what: "Issue", procedure: "issues.get", list: "All issues", listHeading: "Issues" },
  { path: "/scans", what: "Scan", procedure: "scans.get", list: "All scans", listHeading: "Scans" },
  { path: "/assets", what: "Asset", procedure: "assets.get", list: "All assets", listHeading: "Assets" },
];

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Counts the dashboard's tRPC requests that call `procedure` (batched calls name every procedure in the path). */
function countCalls(page: Page, procedure: string) {
  const calls = { n: 0 };
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/trpc/") && url.pathname.split("/").pop()!.split(",").includes(procedure))
      calls.n++;
  });
  return calls;
}

async function sql<T = { id: number }>(text: string, values: unknown[]) {
  const db = createDatabase(stack().databaseUrl, { max: 1 });
  try {
    return (await db.pool.query(text, values)).rows[0] as T;
  } finally {
    await db.close();
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.beforeEach(({ page }) => page.setViewportSize(viewport));

    for (const p of PAGES) {
      test(`${p.path}/<missing id> says not found at once, asks once, and leads back to the list`, async ({ page }) => {
        await signedIn(page, "owner@acme.test");
        const calls = countCalls(page, p.procedure);
        await page.goto(`${p.path}/987654`);
        // At once: well before React Query's first retry would even start (1 s), let alone its last.
        await expect(page.getByRole("heading", { name: `${p.what} not found`, level: 1 })).toBeVisible({
          timeout: 5_000,
        });
        await expect(page.getByTestId("not-found")).toContainText(`no ${p.what.toLowerCase()} #987654`);
        // The 404 is final: no retry follows it.
        await page.waitForTimeout(2_500);
        expect(calls.n).toBe(1);
        expect(await noSidewaysScroll(page)).toBe(true);
        if (p.what === "Issue") await shot(page, `not-found-${viewport.name}`);
        await page.getByRole("link", { name: p.list }).click();
        await expect(page.getByRole("heading", { name: p.listHeading, level: 1 })).toBeVisible();
      });
    }

    test("an id that is not one is the 404 page", async ({ page }) => {
      await signedIn(page, "owner@acme.test");
      for (const path of ["/issues/abc", "/scans/0", "/assets/1e3", "/issues/99999999999999999999"]) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
      }
    });
  });
}

test("a link to an issue that was deleted, or is another workspace's, lands on not found", async ({ page }) => {
  const { acme, beta } = stack().workspaces;
  const seed = async (workspaceId: number, value: string) => {
    const { id: projectId } = await sql(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`,
      [workspaceId, `Gone ${value}`],
    );
    const { id: assetId } = await sql(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
       values ($1, $2, 'domain', $3, 't', now()) returning id`,
      [workspaceId, projectId, value],
    );
    const { id: issueId } = await sql(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, "updatedAt")
       values ($1, $2, 'http.exposed.git', 'Exposed .git directory', 'high', now()) returning id`,
      [workspaceId, assetId],
    );
    return { assetId, issueId };
  };
  const mine = await seed(acme, "gone-soon.example");
  const theirs = await seed(beta, "theirs.example");

  await signedIn(page, "owner@acme.test");
  await page.goto(`/issues/${mine.issueId}`);
  await expect(page.getByRole("heading", { name: "Exposed .git directory", level: 1 })).toBeVisible();
  // The asset goes (with its issues), as when someone deletes it; the webhook message's link stays.
  await sql(`delete from "Asset" where id = $1 returning id`, [mine.assetId]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Issue not found", level: 1 })).toBeVisible({ timeout: 5_000 });

  await page.goto(`/issues/${theirs.issueId}`);
  await expect(page.getByRole("heading", { name: "Issue not found", level: 1 })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText("Exposed .git directory")).toHaveCount(0);
});
