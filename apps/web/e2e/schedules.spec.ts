import type { Page } from "@playwright/test";
import { expect, shot, signedIn, stack, test } from "./fixtures";

// Local time must differ from UTC for the preview's two columns to mean anything (UTC+05:30, no DST).
test.use({ timezoneId: "Asia/Kolkata" });

const WEEK = 7 * 86_400_000;
const KOLKATA = 5.5 * 3_600_000;

/** The asset's schedules as the API answers them (the dashboard's tRPC route, with this page's session). */
async function schedulesOf(page: Page, assetId: number) {
  const input = encodeURIComponent(JSON.stringify({ json: { assetId } }));
  const res = await page.request.get(`/api/trpc/scanSchedules.list?input=${input}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    result: { data: { json: { items: { id: number; nextRunAt: string | null; enabled: boolean }[] } } };
  };
  return body.result.data.json.items;
}

const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16);

test("schedule scans of a proven asset: preview, edit, disable, list filters, skips, delete", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a long walk through the page: minutes when the machine is busy
  const { dnsControl, schedulerControl, scanControl } = stack();
  expect((await request.post(`${dnsControl}/e2e-sched.com`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
  await signedIn(page, "owner@acme.test");
  await page.goto("/assets/new");
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByLabel("Value").fill("e2e-sched.com");
  await form.getByRole("button", { name: "Add asset" }).click();
  await expect(page.getByRole("heading", { name: "e2e-sched.com", level: 1 })).toBeVisible();
  const assetId = Number(/\/assets\/(\d+)$/.exec(page.url())![1]);
  const section = page.getByTestId("asset-schedules");
  await expect(section.getByRole("button", { name: "Add schedule" })).toBeDisabled();
  await expect(section.getByTestId("add-schedule-why")).toContainText("Prove ownership first");

  // No port scan on this machine's loopback; then prove ownership.
  const profile = page.getByTestId("scan-profile");
  await profile.getByLabel("Port scan").selectOption("off");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Scan profile saved" })).toBeVisible();
  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  await request.post(`${dnsControl}/_ems-verify.e2e-sched.com`, { data: { TXT: [txt] } });
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("proven");

  // Create: weekly on Wednesday at 09:30 UTC; the preview shows five runs, local and UTC.
  await section.getByRole("button", { name: "Add schedule" }).click();
  const dialog = page.getByTestId("schedule-dialog");
  await expect(dialog.getByLabel("Frequency")).toHaveValue("weekly");
  await expect(dialog.getByLabel("Day of the month")).toHaveCount(0);
  await expect(dialog.getByLabel("Days between runs")).toHaveCount(0);
  await dialog.getByLabel("Day of the week").selectOption({ label: "Wednesday" });
  await dialog.getByLabel("Time (UTC)").fill("09:30");
  await expect(dialog.getByTestId("schedule-summary")).toHaveText("Every Wednesday at 09:30 UTC");
  const runs = dialog.getByTestId("preview-run");
  const settled = () => expect(dialog.getByTestId("schedule-preview")).not.toHaveAttribute("aria-busy");
  await settled();
  await expect(runs).toHaveCount(5);
  await expect(runs.first()).toContainText("09:30 UTC");
  const previewed = await runs.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-at")!));
  await shot(page, "schedule-form");
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "created" })).toBeVisible();
  await expect(section.getByTestId("schedule-frequency")).toHaveText("Every Wednesday at 09:30 UTC");

  // The five runs are the API's nextRunAt plus whole weeks, shown in local time (UTC+05:30) next to UTC.
  const [created] = await schedulesOf(page, assetId);
  const next = new Date(created!.nextRunAt!).getTime();
  expect(new Date(next).getUTCDay()).toBe(3);
  const expected = [0, 1, 2, 3, 4].map((k) => new Date(next + k * WEEK).toISOString());
  expect(previewed).toEqual(expected);
  await section.getByRole("button", { name: "Edit" }).click();
  await expect(runs).toHaveCount(5);
  await settled();
  expect(await runs.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-at")))).toEqual(expected);
  for (let k = 0; k < 5; k++) {
    await expect(runs.nth(k).locator("td").nth(0)).toContainText(hhmm(next + k * WEEK + KOLKATA));
    await expect(runs.nth(k).locator("td").nth(1)).toContainText("09:30 UTC");
  }

  // Edit: an impossible window is named by the server next to its field; then a new time.
  await dialog.getByLabel("Only run inside a window").check();
  await dialog.getByLabel("From hour").selectOption("12");
  await dialog.getByLabel("Until hour").selectOption("8");
  await expect(dialog.getByTestId("field-error")).toContainText("windowEndHour: must be after windowStartHour");
  await dialog.getByLabel("Only run inside a window").uncheck();
  await dialog.getByLabel("Time (UTC)").fill("10:45");
  await expect(runs.first()).toContainText("10:45 UTC");
  await dialog.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: /Schedule ".*" saved/ })).toBeVisible();
  await expect(section.getByTestId("schedule-frequency")).toHaveText("Every Wednesday at 10:45 UTC");
  await expect(section.getByTestId("data-table-row")).toContainText("Weekly on Wednesday at 10:45 UTC");

  // Disable, then enable again.
  const toggle = section.getByRole("switch");
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId("toast").filter({ hasText: "disabled" })).toBeVisible();
  await expect(section.getByTestId("data-table-row")).toContainText("not scheduled");
  expect((await schedulesOf(page, assetId))[0]).toMatchObject({ enabled: false, nextRunAt: null });
  await toggle.click();
  await expect(page.getByTestId("toast").filter({ hasText: "enabled" })).toBeVisible();
  await expect(toggle).toBeChecked();
  expect((await schedulesOf(page, assetId))[0]!.enabled).toBe(true);

  // The list page: filters in the URL survive a reload.
  await page.getByRole("link", { name: "Schedules", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Scan schedules", level: 1 })).toBeVisible();
  const filters = page.getByTestId("schedule-filters");
  await filters.getByLabel("Project").selectOption({ label: "Websites" });
  await filters.getByLabel("Asset").selectOption({ label: "e2e-sched.com" });
  await filters.getByLabel("State").selectOption({ label: "Enabled" });
  await expect(page).toHaveURL(new RegExp(`assetId=${assetId}.*enabled=true|enabled=true.*assetId=${assetId}`));
  await page.reload();
  await expect(filters.getByLabel("Asset")).toHaveValue(String(assetId));
  await expect(filters.getByLabel("State")).toHaveValue("true");
  const row = page.getByTestId("data-table-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: "e2e-sched.com" })).toHaveAttribute("href", `/assets/${assetId}`);
  await expect(row.getByTestId("schedule-frequency")).toHaveText("Every Wednesday at 10:45 UTC");
  await shot(page, "schedules");
  await filters.getByLabel("State").selectOption({ label: "Disabled" });
  await expect(page.getByTestId("empty-state")).toContainText("No schedule matches these filters");

  // A slot that comes while the asset's scan is still queued or running is skipped, and the asset page says so.
  // (The scan is held: queued with no job, so no worker finishes it before the slot comes.)
  const { id: scanId } = (await (await request.post(`${scanControl}/held/${assetId}`)).json()) as { id: number };
  const tick = await request.post(`${schedulerControl}/due/${created!.id}`);
  expect(tick.status()).toBe(200);
  expect(await tick.json()).toMatchObject({ skipped: 1 });
  await page.goto(`/assets/${assetId}`);
  const skip = page.getByTestId("asset-skips").getByTestId("skip");
  await expect(skip).toHaveCount(1);
  await expect(skip).toHaveAttribute("data-reason", "scan-already-active");
  await expect(skip).toContainText("a scan of the asset was still running");
  await expect(skip.getByRole("link", { name: `scan ${scanId}` })).toBeVisible();
  await shot(page, "asset-schedules");
  await request.post(`${scanControl}/cancel/${scanId}`);

  // Delete, after confirming.
  await section.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "deleted" })).toBeVisible();
  await expect(section.getByTestId("empty-state")).toContainText("No schedules");
  expect(await schedulesOf(page, assetId)).toEqual([]);
});

test("the form keeps to the plan: Essential offers weekly and monthly only, no window, one per asset", async ({
  page,
  request,
}) => {
  const { dnsControl } = stack();
  expect((await request.post(`${dnsControl}/e2e-essential.com`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
  await signedIn(page, "owner@acme.test");
  await page.getByTestId("workspace-switcher").selectOption({ label: "Beta Labs" });
  await expect(page.getByTestId("workspace-switcher")).toHaveValue(String(stack().workspaces.beta));
  await page.goto("/assets/new");
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Beta only project" });
  await form.getByLabel("Value").fill("e2e-essential.com");
  await form.getByRole("button", { name: "Add asset" }).click();
  await expect(page.getByRole("heading", { name: "e2e-essential.com", level: 1 })).toBeVisible();
  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  await request.post(`${dnsControl}/_ems-verify.e2e-essential.com`, { data: { TXT: [txt] } });
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("proven");

  const section = page.getByTestId("asset-schedules");
  await section.getByRole("button", { name: "Add schedule" }).click();
  const dialog = page.getByTestId("schedule-dialog");
  const frequency = dialog.getByLabel("Frequency");
  await expect(frequency.locator("option", { hasText: "Daily (not in plan Essential)" })).toBeDisabled();
  await expect(frequency.locator("option", { hasText: "Every N days (not in plan Essential)" })).toBeDisabled();
  await expect(frequency.locator("option", { hasText: "Monthly" })).toBeEnabled();
  await expect(dialog.getByTestId("plan-frequencies")).toHaveText(
    "Plan Essential includes weekly and monthly schedules.",
  );
  await expect(dialog.getByLabel("Only run inside a window")).toBeDisabled();
  await expect(dialog).toContainText("windows are not included in plan Essential");

  // Monthly on the 31st: the preview's runs fall on each month's last day.
  await frequency.selectOption("monthly");
  await dialog.getByLabel("Day of the month").fill("31");
  await expect(dialog.getByTestId("schedule-summary")).toHaveText(
    "Monthly on the 31st (or the month's last day) at 09:00 UTC",
  );
  const runs = dialog.getByTestId("preview-run");
  await expect(dialog.getByTestId("schedule-preview")).not.toHaveAttribute("aria-busy");
  await expect(runs).toHaveCount(5);
  for (const at of await runs.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-at")!))) {
    const d = new Date(at);
    expect(d.getUTCDate()).toBe(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate());
  }
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "created" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Add schedule" })).toBeDisabled();
  await expect(section.getByTestId("add-schedule-why")).toHaveText("Plan Essential allows 1 schedule per asset.");
});
