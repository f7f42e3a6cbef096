import { readFileSync } from "node:fs";
import { expect, shot, signedIn, stack, test } from "./fixtures";

test("generate an assessment, preview it, download the PDF, share, revoke and delete it", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Assessments" }).click();
  await expect(page.getByRole("heading", { name: "Assessments", level: 1 })).toBeVisible();

  const form = page.getByTestId("assessment-form");
  await form.getByLabel("Covers").selectOption("project");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByRole("button", { name: "Generate report" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Generating the report on Websites" })).toBeVisible();
  const row = page.getByTestId("data-table-row").filter({ hasText: "project: Websites" });
  await expect(row.getByTestId("status-pill")).toHaveText(/Generating|Ready/);
  // The list polls while a report is pending: it turns ready without a reload.
  await expect(row.getByTestId("status-pill")).toHaveText("Ready", { timeout: 90_000 });

  const [html] = await Promise.all([
    page.waitForResponse(/\/api\/assessments\/\d+\/html$/),
    row.getByRole("button", { name: "Preview" }).click(),
  ]);
  // The share page's strict headers, as over REST: the report runs nothing and loads nothing wherever it is opened.
  expect(await html.headerValue("content-security-policy")).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; " +
      "form-action 'none'",
  );
  expect(await html.headerValue("x-content-type-options")).toBe("nosniff");
  const preview = page.frameLocator('[data-testid="assessment-preview"]');
  await expect(preview.getByRole("heading", { name: "Websites", level: 1 })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Executive summary" })).toBeVisible();
  await shot(page, "assessment-preview");

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^assessment-\d+-Websites\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  await row.getByRole("button", { name: "Share" }).click();
  const panel = page.getByTestId("share-panel");
  await panel.getByLabel("Expires after (days)").fill("3");
  await panel.getByRole("button", { name: "Create link" }).click();
  const link = panel.getByLabel("Page");
  await expect(link).toHaveValue(new RegExp(`^${stack().apiUrl}/share/[A-Za-z0-9_-]{43}$`));
  const url = await link.inputValue();
  await expect(panel.getByLabel("PDF")).toHaveValue(`${url}.pdf`);
  await panel.getByRole("button", { name: "Copy" }).first().click();
  await expect(page.getByTestId("toast").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await shot(page, "assessment-share");

  // Someone without an account opens the link.
  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  const res = await shared.goto(url);
  expect(res?.status()).toBe(200);
  await expect(shared.getByRole("heading", { name: "Websites", level: 1 })).toBeVisible();
  await stranger.close();
  await panel.getByRole("button", { name: "Close" }).click();
  await page.reload();
  await expect(row).toContainText("1 views");

  await row.getByRole("button", { name: "Revoke link" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "The link no longer works" })).toBeVisible();
  expect((await fetch(url)).status).toBe(410);

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "deleted" })).toBeVisible();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "project: Websites" })).toHaveCount(0);
});
