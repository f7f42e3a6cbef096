import { expect, shot, signIn, test } from "./fixtures";

test("the audit log filters and exports what the dashboard did", async ({ page }) => {
  await signIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  const form = page.getByTestId("project-form").first();
  for (const name of ["Audit A", "Audit B"]) {
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByTestId("data-table-row").filter({ hasText: name })).toBeVisible();
  }
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByTestId("filter-action").selectOption("project.create");
  await page.getByTestId("filter-actor").selectOption({ label: "owner@acme.test (user)" });
  const rows = page.getByTestId("data-table-row");
  await expect(rows.filter({ hasText: "Audit B" })).toHaveCount(1);
  await expect(rows.first()).toContainText("Audit B"); // newest first
  await expect(rows.filter({ hasText: "project.update" })).toHaveCount(0);
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
