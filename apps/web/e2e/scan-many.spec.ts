// Scanning many assets from the dashboard (issue 30, items 2 and 3): the assets list's bulk "Scan" answers per asset
// in words, a project's "Scan all assets" likewise, the profile sits next to Start with the reason it is disabled in
// text, and a project schedule says what it will scan next and, when its slot comes, scans an asset added after it.
import { expect, shot, signedInFresh, stack, test } from "./fixtures";
import { asset, project, withDb } from "./fresh";

test("bulk scan, scan a project, and a project schedule that picks up a new asset", async ({ page }) => {
  test.setTimeout(180_000);
  const { dnsControl, scanControl, schedulerControl } = stack();
  const hosts = ["sm-one.com", "sm-two.com", "sm-unproven.com", "sm-busy.com", "sm-late.com"];
  for (const host of hosts)
    expect((await page.request.post(`${dnsControl}/${host}`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
  const fresh = await signedInFresh(page, "scan-many", "pro");
  const ids = await withDb(async (q) => {
    const w = { workspaceId: fresh.id, projectId: await project(q, fresh.id, "Estate") };
    const made: Record<string, number> = { projectId: w.projectId };
    for (const host of hosts.slice(0, 4)) made[host] = await asset(q, w, host, { portScanMode: "off" });
    await q(`update "Asset" set "ownershipVerifiedAt" = null, "ownershipMethod" = null where id = $1 returning id`, [
      made["sm-unproven.com"],
    ]);
    return made;
  });
  const held = await page.request.post(`${scanControl}/held/${ids["sm-busy.com"]}`);
  expect(held.status(), await held.text()).toBe(200);
  const busyScan = ((await held.json()) as { id: number }).id;

  // The asset page: the profile next to Start, and why Start cannot be pressed, in words.
  await page.goto(`/assets/${ids["sm-unproven.com"]}`);
  const start = page.getByTestId("start-scan");
  await expect(start.getByLabel("Scan profile").locator("option:checked")).toHaveText("No port scan");
  await expect(start.getByRole("button", { name: "Start scan" })).toBeDisabled();
  await expect(start.getByTestId("start-why")).toHaveText(/Prove ownership first/);

  // Bulk scan from the assets list: one starts, two do not, each saying why.
  await page.goto("/assets");
  for (const host of ["sm-one.com", "sm-unproven.com", "sm-busy.com"])
    await page.getByRole("checkbox", { name: `Select ${host}` }).check();
  await expect(page.getByTestId("bulk-actions")).toContainText("3 selected");
  await page.getByTestId("bulk-scan").click();
  const answer = page.getByTestId("scan-many-result");
  await expect(answer.getByTestId("scan-many-started")).toHaveText("Started 1 scan");
  await expect(answer.getByTestId("scan-many-not-started")).toHaveText("2 not started:");
  const refusals = answer.getByTestId("scan-many-refusal");
  await expect(refusals.filter({ hasText: "sm-unproven.com" })).toHaveText("sm-unproven.com: ownership not proven yet");
  await expect(refusals.filter({ hasText: "sm-busy.com" })).toHaveText(
    `sm-busy.com: a scan of it is already queued or running (scan #${busyScan})`,
  );
  await expect(page.getByTestId("bulk-actions")).toHaveCount(0); // the selection is spent
  await shot(page, "scan-many-assets");

  // "Scan all assets" of the project: sm-two starts (sm-one may still be running its scan).
  await page.goto("/projects");
  await page.getByRole("button", { name: "Scan all assets of Estate" }).click();
  await expect(answer.getByTestId("scan-many-started")).toHaveText(/Started [12] scans?/);
  await expect(refusals.filter({ hasText: "sm-unproven.com" })).toHaveText("sm-unproven.com: ownership not proven yet");

  // A project schedule: made from the projects page, listed with what it scans next.
  await page.getByRole("button", { name: "Schedule scans of Estate" }).click();
  const dialog = page.getByTestId("schedule-dialog");
  await expect(dialog).toContainText("Schedule scans of project Estate");
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto("/schedules");
  const row = page.getByTestId("schedules-table").getByRole("row").filter({ hasText: "Project Estate" });
  await expect(row.getByTestId("schedule-next-scan")).toHaveText(
    "3 assets: sm-one.com, sm-two.com, sm-busy.com (1 not proven, skipped)",
  );

  // An asset added after the schedule is scanned when its slot comes.
  const { lateId, scheduleId } = await withDb(async (q) => ({
    lateId: await asset(q, { workspaceId: fresh.id, projectId: ids.projectId! }, "sm-late.com", {
      portScanMode: "off",
    }),
    scheduleId: await q(`select id from "ScanSchedule" where "projectId" = $1`, [ids.projectId]),
  }));
  await page.reload();
  await expect(row.getByTestId("schedule-next-scan")).toContainText("4 assets:");
  const tick = await page.request.post(`${schedulerControl}/due/${scheduleId}`);
  expect(tick.status(), await tick.text()).toBe(200);
  const scanned = await withDb((q) =>
    q(`select count(*)::int as id from "Scan" where "scheduleId" = $1 and "assetId" = $2`, [scheduleId, lateId]),
  );
  expect(scanned).toBe(1);
  await page.goto(`/assets/${lateId}`);
  await expect(page.getByTestId("asset-activity").getByRole("tab", { name: "Scans" })).toBeVisible();
  await page.getByTestId("asset-activity").getByRole("tab", { name: "Scans" }).click();
  await expect(page.getByTestId("asset-activity")).toContainText("A schedule");
  await shot(page, "scan-many-schedule");
});
