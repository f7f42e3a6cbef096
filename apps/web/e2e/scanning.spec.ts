import { expect, shot, signedIn, stack, test } from "./fixtures";

// Two scans of a real site on a shared 2-core machine.
test.setTimeout(180_000);

test("scan a proven asset, watch it finish, and work through its issues", async ({ page, request }) => {
  const { dnsControl } = stack();
  expect((await request.post(`${dnsControl}/e2e-scan.com`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
  await signedIn(page, "owner@acme.test");
  await page.goto("/assets/new");
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByLabel("Value").fill("e2e-scan.com");
  await form.getByRole("button", { name: "Add asset" }).click();
  await expect(page.getByRole("heading", { name: "e2e-scan.com", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start scan" })).toBeDisabled();

  // Only the web ports (with the stack's own HTTP and HTTPS ports, where its site answers).
  const profile = page.getByTestId("scan-profile");
  await profile.getByLabel("Port scan").selectOption("web");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Scan profile saved" })).toBeVisible();

  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  await request.post(`${dnsControl}/_ems-verify.e2e-scan.com`, { data: { TXT: [txt] } });
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("proven");

  await page.getByRole("button", { name: "Start scan" }).click();
  await expect(page).toHaveURL(/\/scans\/\d+$/);
  await expect(page.getByTestId("scan-status")).toContainText("Completed", { timeout: 60_000 });
  const firstScanUrl = page.url();
  await expect(page.getByTestId("data-table-row").first()).toBeVisible();
  // Findings most severe first, a summary by severity, stage times in seconds; nothing to compare with yet.
  await expect(page.getByTestId("severity-summary")).toContainText("findings");
  await expect(page.getByTestId("stage-times")).toContainText(/Port scan\s*[\d.]+ s/);
  await expect(page.getByTestId("scan-comparison")).toContainText("first completed scan");
  await expect(page.getByTestId("evidence-summary").first()).toBeVisible();
  // Every finding says how sure it is, next to its evidence.
  await expect(page.getByTestId("confidence-badge").first()).toHaveAttribute(
    "data-confidence",
    /^(confirmed|firm|tentative)$/,
  );
  await shot(page, "scan");

  await page.getByRole("link", { name: "Issues" }).click();
  // The page opens on problems; the flat list is one switch away.
  await page.getByTestId("issues-view-switch").getByRole("button", { name: "All issues" }).click();
  await page.getByTestId("issue-filters").getByLabel("Project").selectOption({ label: "Websites" });
  const rows = page.getByTestId("data-table-row").filter({ hasText: "e2e-scan.com" });
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  expect(before).toBeGreaterThan(1);
  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByTestId("bulk-actions").getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Resolved: 2 issues" })).toBeVisible();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "e2e-scan.com" })).toHaveCount(before - 2);
  await shot(page, "issues");

  await page
    .getByTestId("data-table-row")
    .filter({ hasText: "e2e-scan.com" })
    .first()
    .getByRole("link")
    .first()
    .click(); // the issue; the second link is its asset
  await page.getByLabel("Comment", { exact: true }).fill("Owner is on it");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(page.getByTestId("comment").filter({ hasText: "Owner is on it" })).toBeVisible();
  await page.getByTestId("issue-status").selectOption("in-progress");
  // The history in sentences, with people's names (this user gave none: their email).
  await expect(page.getByTestId("history")).toContainText("owner@acme.test moved this from open to in progress.");
  await expect(page.getByTestId("history")).toContainText("owner@acme.test commented.");
  await shot(page, "issue");

  // Everything the scan found, with evidence; the ports it found open, with the asset.
  await page.getByRole("link", { name: "Findings" }).click();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "e2e-scan.com" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Ports", exact: true }).click();
  // The findings' rows name the same ports: read the ports page's rows only once it is the page shown.
  await expect(page).toHaveURL(/\/ports/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/port/i);
  const { webPorts } = stack();
  for (const port of webPorts) {
    const row = page.getByTestId("data-table-row").filter({ hasText: `${port}/tcp` });
    await expect(row).toContainText("e2e-scan.com");
  }

  // The asset's hub: its open issues, scans and ports; a second scan, compared with the first.
  await page.goto(firstScanUrl);
  await page.getByRole("link", { name: "Asset e2e-scan.com" }).click();
  const activity = page.getByTestId("asset-activity");
  await expect(activity.getByTestId("data-table-row").first()).toBeVisible();
  await page.getByRole("tab", { name: "Ports" }).click();
  for (const port of webPorts) await expect(activity.getByTestId("asset-ports")).toContainText(`${port}/tcp`);
  await page.getByRole("tab", { name: "Scans" }).click();
  // Every tab's panel stays mounted (hidden when inactive), so count the scans panel's rows only.
  await expect(activity.getByTestId("asset-scans").getByTestId("data-table-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Start scan" }).click();
  await expect(page).toHaveURL(/\/scans\/\d+$/);
  await page.getByRole("link", { name: "Asset e2e-scan.com" }).click();
  await expect(page.getByRole("button", { name: "Start scan" })).toBeDisabled();
  await expect(page.getByTestId("active-scan")).toBeVisible();
  await page.getByTestId("active-scan").click();
  await expect(page.getByTestId("scan-status")).toContainText("Completed", { timeout: 60_000 });
  const comparison = page.getByTestId("scan-comparison");
  await expect(comparison).toContainText("previous completed scan");
  await expect(comparison.getByTestId("new-findings")).toContainText("New since previous scan");
  await expect(comparison.getByTestId("fixed-findings")).toContainText("Fixed since previous scan");
  await shot(page, "scan-comparison");
});
