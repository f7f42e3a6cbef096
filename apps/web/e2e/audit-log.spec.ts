import { expect, shot, signedIn, test } from "./fixtures";

test("the audit log filters and exports what the dashboard did", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  for (const name of ["Audit A", "Audit B"]) {
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByTestId("data-table-row").filter({ hasText: name })).toBeVisible();
  }
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByTestId("filter-action").selectOption("project.create");
  await page.getByTestId("filter-actor").selectOption({ label: "owner@acme.test (person)" });
  const rows = page.getByTestId("data-table-row");
  await expect(rows.filter({ hasText: "Audit B" })).toHaveCount(1);
  await expect(rows.first()).toContainText("Audit B"); // newest first
  await expect(rows.filter({ has: page.locator('[data-action="project.update"]') })).toHaveCount(0);
  await shot(page, "audit-log");

  const csvDownload = page.waitForEvent("download");
  await page.getByTestId("export-csv").click();
  const csv = await (await (await csvDownload).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString();
  expect(text.split("\n")[0]).toContain("id,createdAt,actorType");
  expect(text).toContain("Audit A");
  expect(text).not.toContain("asset-slots.purchase");

  const jsonDownload = page.waitForEvent("download");
  await page.getByTestId("export-json").click();
  const json = JSON.parse(Buffer.concat(await (await (await jsonDownload).createReadStream()).toArray()).toString());
  expect(json.every((e: { action: string }) => e.action === "project.create")).toBe(true);
  expect(json.some((e: { changes: { name?: { after: string } } }) => e.changes.name?.after === "Audit B")).toBe(true);
});

test("the audit log's filter, sort and search live in the URL and survive a reload", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  await form.getByLabel("Name").fill("Audit URL");
  await form.getByRole("button", { name: "Create project" }).click();
  await page
    .getByTestId("data-table-row")
    .filter({ hasText: "Audit URL" })
    .getByRole("button", { name: "Edit" })
    .click();
  const edit = page.getByTestId("project-form").nth(1);
  await edit.getByLabel("Name").fill("Audit URL renamed");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "Audit URL renamed" })).toBeVisible();

  await page.getByRole("link", { name: "Audit log" }).click();
  const rows = page.getByTestId("data-table-row");
  // The action's code is kept on the row for engineers (its words are on screen).
  const actions = () =>
    rows.locator("[data-action]").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")));
  const withAction = (action: string) => rows.filter({ has: page.locator(`[data-action="${action}"]`) });
  await page.getByTestId("filter-resource").selectOption("project");
  await expect(page).toHaveURL(/resourceType=project/);
  await expect(withAction("project.update").first()).toBeVisible();

  // Sorting by action orders the rows by it, both ways (rows of more than one action, so the order shows).
  const sortedBy = async (dir: "asc" | "desc") => {
    const shown = await actions();
    const sorted = [...shown].sort();
    if (dir === "desc") sorted.reverse();
    return new Set(shown).size > 1 && shown.join() === sorted.join();
  };
  await page.getByTestId("sort-action").click();
  await expect(page).toHaveURL(/sort=action/);
  await expect(page).toHaveURL(/order=asc/);
  await expect.poll(() => sortedBy("asc")).toBe(true);
  await page.getByTestId("sort-action").click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(() => sortedBy("desc")).toBe(true);

  // The search narrows the rows (and the export takes it too).
  const before = await rows.count();
  await page.getByTestId("search").fill("update");
  await expect(page).toHaveURL(/q=update/);
  await expect(withAction("project.create")).toHaveCount(0);
  // Counted once the searched page is in (the table is empty while it loads).
  await expect(withAction("project.update").first()).toBeVisible();
  const narrowed = await rows.count();
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(before);
  await expect(page.getByTestId("export-csv")).toHaveAttribute("href", /q=update/);

  await page.reload();
  await expect(page.getByTestId("filter-resource")).toHaveValue("project");
  await expect(page.getByTestId("search")).toHaveValue("update");
  await expect(page.getByRole("columnheader", { name: "Action" })).toHaveAttribute("aria-sort", "descending");
  await expect(rows).toHaveCount(narrowed);
  expect(new Set(await actions())).toEqual(new Set(["project.update"]));
});
