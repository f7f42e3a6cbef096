// A new person in an empty workspace (issue 26): the overview says what to do first and ticks each step as the
// workspace advances (item 10), the asset form creates the first project in place, a never-scanned asset says so
// rather than "found nothing", and self-hosted billing says it charges nothing, in plural forms (item 15). Each at
// phone and desktop width.
import { expect, shot, signedInFresh, stack, test } from "./fixtures";
import { VIEWPORTS, type ViewportName } from "./fresh";

for (const name of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport: VIEWPORTS[name] });

    test("the empty overview says what to do first, and each step ticks itself as the workspace advances", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const domain = `fh10-${name}.com`;
      const { dnsControl } = stack();
      const dns = (host: string, data: object) => page.request.post(`${dnsControl}/${host}`, { data });
      expect((await dns(domain, { A: ["127.0.0.1"] })).status()).toBe(204);
      await signedInFresh(page, `fh10-${name}`);

      const steps = page.getByTestId("first-steps");
      const step = (s: string) => page.getByTestId(`first-step-${s}`);
      await expect(steps).toContainText("0 of 4 done");
      await expect(step("project")).toHaveAttribute("aria-current", "step");
      await expect(page.getByTestId("riskiest-assets")).toContainText("Nothing scanned yet");
      await shot(page, `first-hour-overview-${name}`);
      await expect(steps.getByTestId("first-step-action")).toHaveAttribute("href", "/projects");

      // "Create a project first" is a form, right where the asset is added.
      await page.goto("/assets/new");
      const first = page.getByTestId("first-project");
      await first.getByLabel("Project name").fill("Website");
      await first.getByRole("button", { name: "Create project" }).click();
      await expect(first).toHaveCount(0);
      const form = page.getByTestId("asset-form");
      await expect(form.getByLabel("Project")).toHaveValue(/\d+/);
      await expect(form.getByLabel("Project").locator("option:checked")).toHaveText("Website");
      await form.getByLabel("Value").fill(domain);
      await form.getByRole("button", { name: "Add asset" }).click();
      await expect(page.getByRole("heading", { name: domain, level: 1 })).toBeVisible();
      const assetPath = new URL(page.url()).pathname;

      // Never scanned: not "found nothing open", but how to get there.
      const activity = page.getByTestId("asset-activity");
      const issues = activity.getByTestId("asset-issues");
      await expect(issues.getByTestId("not-scanned")).toContainText("Not scanned yet");
      await expect(issues).toContainText("Prove that you own this asset");
      await expect(activity).not.toContainText("found nothing");
      await page.getByRole("tab", { name: "Ports" }).click();
      await expect(activity.getByTestId("asset-ports").getByTestId("not-scanned")).toContainText("Not scanned yet");
      await shot(page, `first-hour-asset-unscanned-${name}`);

      await page.goto("/");
      await expect(steps).toContainText("2 of 4 done");
      await expect(step("project")).toHaveAttribute("data-done", "true");
      await expect(step("asset")).toHaveAttribute("data-done", "true");
      await expect(step("ownership")).toHaveAttribute("aria-current", "step");
      await expect(steps.getByTestId("first-step-action")).toHaveAttribute("href", assetPath);

      await steps.getByTestId("first-step-action").click();
      await expect(page).toHaveURL(new RegExp(`${assetPath}$`));
      const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
      expect((await dns(`_ems-verify.${domain}`, { TXT: [txt] })).status()).toBe(204);
      await page.getByRole("button", { name: "Verify ownership" }).click();
      await expect(page.getByTestId("ownership")).toContainText("Proven by");
      await expect(issues.getByTestId("not-scanned")).toContainText("Start a scan");

      await page.goto("/");
      await expect(steps).toContainText("3 of 4 done");
      await expect(step("scan")).toHaveAttribute("aria-current", "step");
      await steps.getByTestId("first-step-action").click();
      await expect(page).toHaveURL(new RegExp(`${assetPath}$`));
      await page.getByRole("button", { name: "Start scan" }).click();
      await expect(page).toHaveURL(/\/scans\/\d+$/);
      await expect(page.getByTestId("scan-status")).toContainText("Completed", { timeout: 90_000 });

      // Every step done: the checklist is gone, and the asset's lists speak of its last scan.
      await page.goto("/");
      await expect(page.getByTestId("open-total").getByTestId("count")).toBeVisible();
      await expect(steps).toHaveCount(0);
      await expect(page.getByTestId("riskiest-assets")).not.toContainText("Nothing scanned yet");
      await page.goto(assetPath);
      await expect(issues.getByTestId("data-table-row").first()).toBeVisible();
      await expect(activity.getByTestId("not-scanned")).toHaveCount(0);
    });

    test("self-hosted billing says slots are added at no charge, in plural forms", async ({ page }) => {
      await signedInFresh(page, `fh15-${name}`);
      await page.goto("/settings/plan");
      const buy = page.getByTestId("buy-slots");
      await expect(buy).toContainText("Add asset slots");
      await expect(buy).toContainText("No charge on this server (no payment provider)");
      await expect(page.getByTestId("purchased-slots")).toHaveText("0 additional slots");
      await expect(page.locator("main")).not.toContainText("charged now");
      await expect(page.locator("main")).not.toContainText("$");

      await page.getByTestId("slot-quantity").fill("2");
      await expect(buy.getByRole("button", { name: "Add 2 slots" })).toBeVisible();
      await page.getByTestId("slot-quantity").fill("1");
      await buy.getByRole("button", { name: "Add 1 slot" }).click();
      const dialog = page.getByTestId("confirm-dialog");
      await expect(dialog).toContainText("Add 1 asset slot?");
      await expect(dialog).toContainText("No charge: this server has no payment provider.");
      await expect(dialog).not.toContainText("Pay");
      await expect(page.getByTestId("confirm-dialog-confirm")).toHaveText("Add 1 slot — no charge");
      await shot(page, `billing-confirm-${name}`);
      await page.getByTestId("confirm-dialog-confirm").click();
      await expect(page.getByTestId("toast").filter({ hasText: "Added 1 asset slot, no charge" })).toBeVisible();
      // One slot: the singular, everywhere.
      await expect(page.getByTestId("purchased-slots")).toHaveText("1 additional slot");
      const purchase = page.getByTestId("data-table-row").first();
      await expect(purchase).toContainText("No charge");
      await expect(purchase).toContainText("None (this server charges nothing)");
      await shot(page, `billing-${name}`);
    });
  });
}
