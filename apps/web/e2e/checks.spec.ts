// "What we check": the catalogue, grouped by category, searchable and filterable, with its URL state.
import { expect, shot, signedIn, test } from "./fixtures";

test("the catalogue: categories with counts, search, filters, a check's details", async ({ page }) => {
  await signedIn(page, "viewer@acme.test"); // any member, read-only included
  await page.goto("/");
  await page.getByRole("link", { name: "What we check" }).click();
  await expect(page.getByRole("heading", { name: "What we check", level: 1 })).toBeVisible();
  const categories = page.getByTestId("check-categories");
  const all = categories.getByRole("button", { name: /^All \d+$/ });
  await expect(all).toHaveAttribute("aria-pressed", "true");
  const total = Number((await all.textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(40);
  const rows = page.getByTestId("checks-table").getByTestId("data-table-row");
  await expect(rows).toHaveCount(Math.min(total, 50));

  // One category: only its checks, counted as its button says.
  const mail = categories.getByRole("button", { name: /^Mail \d+$/ });
  const mailCount = Number((await mail.textContent())!.replace(/\D/g, ""));
  await mail.click();
  await expect(page).toHaveURL(/category=mail/);
  await expect(rows).toHaveCount(mailCount);
  for (const text of await rows.locator("td:first-child").allTextContents()) expect(text).toBe("Mail");

  // Search across categories; the kind and the confidence show; the details say what it is and how to fix it.
  await all.click();
  await page.getByPlaceholder("Kind, title or description").fill("redis");
  await page.getByPlaceholder("Kind, title or description").press("Enter");
  await expect(page).toHaveURL(/q=redis/);
  // Exactly this kind (service.unauthenticated.redis-sentinel is another check that the search also finds).
  const redis = rows.filter({ has: page.getByText("service.unauthenticated.redis", { exact: true }) });
  await expect(redis).toHaveCount(1);
  await expect(redis.getByTestId("severity-badge")).toHaveText("Critical");
  await expect(redis.getByTestId("confidence-badge")).toHaveText("Confirmed");
  await redis.getByTestId("check").locator("summary").click();
  await expect(redis.getByTestId("check")).toContainText("requirepass");
  await shot(page, "checks");

  // Filters by protocol and severity, kept in the URL.
  await page.goto("/settings/checks?protocol=tls&severity=high");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.locator("td:nth-child(5)").allTextContents()) expect(text).toBe("TLS handshake");
  await expect(rows.getByTestId("severity-badge").first()).toHaveText("High");
});
