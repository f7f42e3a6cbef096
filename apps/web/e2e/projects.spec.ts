import { expect, shot, signedIn, test } from "./fixtures";

test("create, edit and delete a project", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  await form.getByLabel("Name").fill("Storefront");
  await form.getByLabel("Description").fill("Public shop");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: 'Project "Storefront" created' })).toBeVisible();
  const row = page.getByTestId("data-table-row").filter({ hasText: "Storefront" });
  await expect(row).toContainText("Public shop");

  // A duplicate name is a clear error, next to the field.
  await form.getByLabel("Name").fill("Storefront");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("field-error").first()).toContainText("already exists");

  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByTestId("project-form").nth(1);
  await edit.getByLabel("Name").fill("Storefront EU");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "Storefront EU" })).toBeVisible();
  await shot(page, "projects");

  await page
    .getByTestId("data-table-row")
    .filter({ hasText: "Storefront EU" })
    .getByRole("button", { name: "Delete" })
    .click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("assets, their scans, findings, issues and scan schedules");
  await expect(page.getByTestId("confirm-dialog-confirm")).toBeDisabled();
  await page.getByTestId("confirm-dialog-input").fill("Storefront EU");
  await shot(page, "project-delete-confirm");
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "deleted" })).toBeVisible();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "Storefront EU" })).toHaveCount(0);
});

test("the projects list sorts by name and searches, and the URL keeps both over a reload", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  const rows = page.getByTestId("data-table-row");
  const names = ["Sortable Mango", "Sortable Apple", "Sortable Kiwi"];
  for (const name of names) {
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(rows.filter({ hasText: name })).toBeVisible();
  }
  const before = await rows.count();

  await page.getByTestId("search").fill("sortable");
  await expect(page).toHaveURL(/q=sortable/);
  await expect(rows).toHaveCount(3);
  expect(before).toBeGreaterThan(3); // the seeded projects are gone from the view

  const shown = () => rows.locator("td:nth-child(1)").allTextContents();
  // Created first by default; by name after a click on its header, then the other way.
  await expect.poll(shown).toEqual(names);
  await page.getByTestId("sort-name").click();
  await expect(page).toHaveURL(/sort=name/);
  await expect.poll(shown).toEqual(["Sortable Apple", "Sortable Kiwi", "Sortable Mango"]);
  await page.getByTestId("sort-name").click();
  await expect.poll(shown).toEqual(["Sortable Mango", "Sortable Kiwi", "Sortable Apple"]);

  await page.reload();
  await expect(page.getByTestId("search")).toHaveValue("sortable");
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(shown).toEqual(["Sortable Mango", "Sortable Kiwi", "Sortable Apple"]);
});
