import { expect, shot, signedIn, test } from "./fixtures";

// Notifications people keep on (issue 30): the endpoint form's events, minimum severity and delivery, e-mail
// endpoints, and the workspace's SMTP settings, as an owner sets them in the dashboard.
test("an endpoint made with chosen events, a minimum severity and an hourly digest shows them", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Webhooks" }).click();
  const form = page.getByTestId("webhook-form");
  const url = "http://127.0.0.1:9/hooks/digest";
  await form.getByLabel("URL").fill(url);
  await form.getByLabel("Description").fill("e2e digest");
  // Only new issues, high and above, once an hour.
  for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
  await form.getByRole("checkbox", { name: /issue\.created/ }).check();
  await form.getByLabel("Minimum severity").selectOption({ label: "High and above" });
  await form.getByLabel("Delivery").selectOption({ label: "Hourly digest" });
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await expect(page.getByTestId("new-webhook-secret")).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();

  await page.reload();
  const row = page.getByTestId("webhook-endpoints").getByTestId("data-table-row").filter({ hasText: url });
  await expect(row.getByTestId("webhook-delivery-mode")).toHaveText(/Hourly digest\s*High and above/);
  await expect(row).toContainText("a scan finds a new issue");
  await expect(row).not.toContainText("a scan fails");
  await shot(page, "webhooks-digest");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(row).toHaveCount(0);
});

test("an e-mail endpoint needs valid recipients, named under the field", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.goto("/settings/webhooks");
  const form = page.getByTestId("webhook-form");
  await form.getByLabel("Send to").selectOption({ label: "E-mail addresses" });
  await expect(form.getByLabel("URL")).toHaveCount(0);
  await form.getByLabel("Recipients").fill("security@acme.test, not-an-address");
  await form.getByLabel("Delivery").selectOption({ label: "Daily digest" });
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await expect(form.getByTestId("field").filter({ hasText: "Recipients" })).toContainText("must be an email address");

  await form.getByLabel("Recipients").fill("security@acme.test, oncall@acme.test");
  await form.getByRole("button", { name: "Create endpoint" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  const row = page
    .getByTestId("webhook-endpoints")
    .getByTestId("data-table-row")
    .filter({ hasText: "E-mail: security@acme.test, oncall@acme.test" });
  await expect(row.getByTestId("webhook-delivery-mode")).toContainText("Daily digest");
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(row).toHaveCount(0);
});

test("an owner saves the workspace's SMTP server; the password is kept and never shown", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "E-mail" }).click();
  const form = page.getByTestId("smtp-form");
  await form.getByLabel("Host").fill("127.0.0.1");
  await form.getByLabel("Port").fill("2525");
  await form.getByLabel("Security").selectOption("none");
  await form.getByLabel("Username").fill("mailer");
  await form.getByLabel("Password").fill("e2e-smtp-password");
  await form.getByLabel("From address").fill("not an address");
  await form.getByRole("button", { name: "Save" }).click();
  // The browser's own check or the server's 400 keeps it unsaved.
  await form.getByLabel("From address").fill("alerts@acme.test");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("SMTP settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("smtp-form").getByLabel("Host")).toHaveValue("127.0.0.1");
  await expect(page.getByTestId("smtp-form").getByLabel("Password")).toHaveValue("");
  await expect(page.getByText("A password is stored; leave empty to keep it")).toBeVisible();
  expect(await page.content()).not.toContain("e2e-smtp-password");
  await shot(page, "email-settings");
  await page.getByRole("button", { name: "Remove" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByText("SMTP settings removed")).toBeVisible();
});
