// The dashboard on a phone (issue 26, item 12): every DataTable list becomes cards that keep their key fields in
// view, filters fold into a sheet, names wrap at word boundaries, and the issues list has "assigned to me". The same
// lists at desktop width stay tables with their filters inline.
import type { Page } from "@playwright/test";
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, userId, VIEWPORTS, withDb, type ViewportName } from "./fresh";

const LONG_NAME = "riskiest-assets-with-a-name-long-enough-to-wrap.example-company.com";

async function seed(workspaceId: number, email: string) {
  return withDb(async (q) => {
    const me = await userId(q, email);
    const projectId = await project(q, workspaceId, "Phone");
    const assetId = await asset(q, { workspaceId, projectId }, LONG_NAME);
    const severities = ["critical", "high", "high", "medium", "low"];
    for (const [i, severity] of severities.entries())
      await issue(
        q,
        { workspaceId, assetId },
        { kind: `e2e.phone.${i}`, title: `Phone issue ${i + 1}`, severity, assigneeUserId: i < 2 ? me : null },
      );
    // The risk score is refreshed by the writers' triggers; the overview reads it.
    return { assetId };
  });
}

/** Whether the element lies within the viewport's width (not clipped at the right edge). */
async function fitsWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

for (const name of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport: VIEWPORTS[name] });

    test("lists keep their key fields in view, filters fold away on phones, and 'assigned to me' filters", async ({
      page,
    }) => {
      const { id, email } = await signedInFresh(page, `fh12-${name}`);
      await seed(id, email);
      const phone = name === "phone";

      await page.goto("/issues?view=list");
      const rows = page.getByTestId("data-table-row");
      await expect(rows).toHaveCount(5);
      if (phone) {
        // Cards, not a table that scrolls sideways: the first rows are in view under the folded filters, and each
        // card's severity, title and status are within the screen.
        await expect(page.getByRole("table")).toHaveCount(0);
        await expect(page.getByTestId("data-table-filters")).toHaveCount(0);
        for (const i of [0, 1]) {
          const box = (await rows.nth(i).boundingBox())!;
          expect(box.y + box.height, `row ${i + 1} is above the fold`).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        }
        const first = rows.first();
        for (const column of ["severity", "title", "status"])
          expect(await fitsWidth(page, first.locator(`[data-column="${column}"]`)), column).toBe(true);
        await expect(first.locator('[data-column="status"]')).toHaveText("Open");
        await expect(first.getByTestId("data-table-select")).toBeVisible();
        await shot(page, `issues-${name}`);

        // The filters in a sheet; a change applies at once.
        await page.getByTestId("data-table-filters-open").click();
        const sheet = page.getByTestId("filter-sheet");
        await expect(sheet.getByRole("heading", { name: "Filter issues" })).toBeVisible();
        await sheet.getByLabel("Severity").selectOption("high");
        await shot(page, `issues-filters-${name}`);
        await sheet.getByRole("button", { name: "Show results" }).click();
        await expect(sheet).toHaveCount(0);
        await expect(page.getByTestId("data-table-filters-open")).toHaveText(/Filters\s*\(1\)/);
        // Sorting without table headers.
        await expect(page.getByTestId("data-table-sort")).toBeVisible();
      } else {
        await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
        await expect(page.getByTestId("data-table-filters")).toBeVisible();
        await page.getByTestId("filter-severity").selectOption("high");
        await shot(page, `issues-${name}`);
      }
      await expect(page).toHaveURL(/severity=high/);
      await expect(rows).toHaveCount(2);

      // Assigned to me: the two issues the signed-in person has (both high), in the URL as the API's assignee=me.
      await page.goto("/issues?view=list");
      await page.getByTestId("assigned-to-me").click();
      await expect(page).toHaveURL(/assignee=me/);
      await expect(page.getByTestId("assigned-to-me")).toHaveAttribute("aria-pressed", "true");
      await expect(rows).toHaveCount(2);
      for (const i of [0, 1]) await expect(rows.nth(i)).toContainText(email);
      await page.reload();
      await expect(rows).toHaveCount(2);

      // No page scrolls sideways, and names wrap between words, not one letter per line.
      await page.goto("/");
      const risky = page.getByTestId("risky-asset").first().getByRole("link");
      await expect(risky).toContainText(LONG_NAME);
      const box = (await risky.boundingBox())!;
      expect(box.width, "the riskiest asset's name keeps a readable width").toBeGreaterThan(
        phone ? VIEWPORTS.phone.width / 2 : 300,
      );
      await shot(page, `overview-names-${name}`);
      for (const path of ["/", "/issues", "/assets", "/audit-log"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(sideways, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await page.goto("/assets");
      await expect(rows.first()).toContainText(LONG_NAME);
      await shot(page, `assets-${name}`);
    });
  });
}
