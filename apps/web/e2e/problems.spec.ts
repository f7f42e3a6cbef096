// Problems (issue 29, item 1): the issues page opens on open issues grouped by problem, with a switch to the flat
// list kept in the URL; issues of one kind on names that reach the same address and port are one exposure, linked
// on the problem's page and on each issue ("also seen as").
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

test("the issues page groups by problem, links names of one exposure, and switches to the list", async ({ page }) => {
  const { id: workspaceId } = await signedInFresh(page, "problems");
  const names = ["linked.example", "www.linked.example", "203.0.113.7"];
  const seeded = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Shop");
    const ids: number[] = [];
    for (const name of names) {
      const assetId = await asset(q, { workspaceId, projectId }, name);
      const id = await issue(
        q,
        { workspaceId, assetId },
        { kind: "http.exposed.env", title: "Environment file (.env) exposed", severity: "critical" },
      );
      // As syncIssues stores it: the address the scan reached and the port.
      await q(`update "Issue" set address = '203.0.113.7', port = 443 where id = $1 returning id`, [id]);
      ids.push(id);
    }
    const cleanId = await asset(q, { workspaceId, projectId }, "clean.example");
    await issue(
      q,
      { workspaceId, assetId: cleanId },
      { kind: "http.missing-security-headers", title: "Security headers missing", severity: "low" },
    );
    return { ids };
  });

  await page.goto("/issues");
  const row = page.getByTestId("data-table-row").filter({ has: page.locator('a[href="/problems/http.exposed.env"]') });
  await expect(row.getByTestId("problem-assets")).toContainText("3 assets");
  for (const name of names) await expect(row.getByTestId("problem-assets")).toContainText(name);
  await expect(row.getByTestId("problem-exposures")).toHaveText("1 exposure");
  await expect(row).not.toContainText("clean.example");
  await shot(page, "problems");

  await page.getByTestId("issues-view-switch").getByRole("button", { name: "All issues" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId("data-table-row")).toHaveCount(4);
  await page.getByTestId("issues-view-switch").getByRole("button", { name: "By problem" }).click();
  await expect(page).not.toHaveURL(/view=list/);

  await row.getByRole("link").first().click();
  await expect(page.getByTestId("problem-exposure")).toHaveCount(1);
  await expect(page.getByTestId("problem-exposure")).toContainText("One exposure, seen as 3 names.");

  await page.goto(`/issues/${seeded.ids[0]}`);
  const linked = page.getByTestId("issue-linked");
  await expect(linked).toContainText("Also seen as");
  for (const name of names.slice(1)) await expect(linked.getByRole("link", { name })).toBeVisible();
});
