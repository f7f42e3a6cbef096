import { expect, shot, signedIn, stack, test } from "./fixtures";

test("add a domain, publish the proof on the DNS server, verify, and see reachability and the screenshot", async ({
  page,
  request,
}) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Assets" }).click();
  await page.getByRole("link", { name: "Add asset" }).click();
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByLabel("Type").selectOption("domain");
  await form.getByLabel("Value").fill("E2E-Shop.com");
  await form.getByRole("button", { name: "Add asset" }).click();

  await expect(page.getByRole("heading", { name: "e2e-shop.com", level: 1 })).toBeVisible();
  const reachability = page.getByTestId("reachability");
  await expect(reachability).toContainText("Reachable", { timeout: 30_000 });
  await expect(reachability).toContainText("127.0.0.1");
  await expect(reachability).toContainText("https://e2e-shop.com/");

  // The proof: the TXT record the page asks for, published on the test's DNS server.
  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  expect(txt).toMatch(/^ems-verify=/);
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("last-attempt")).toContainText("_ems-verify.e2e-shop.com");
  const published = await request.post(`${stack().dnsControl}/_ems-verify.e2e-shop.com`, { data: { TXT: [txt] } });
  expect(published.status()).toBe(204);
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("Proven by a DNS TXT record");

  const img = page.getByTestId("screenshot");
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(100);
  // The outside view as readable panels: technologies, DNS records, the certificate, the HTTPS headers.
  const outside = page.getByTestId("outside-view");
  await expect(outside.getByTestId("outside-technologies")).toContainText("nginx");
  await expect(outside.getByTestId("outside-dns").getByRole("row").filter({ hasText: "127.0.0.1" })).toContainText("A");
  await expect(outside.getByTestId("outside-tls")).toContainText("Valid until");
  await expect(outside.getByTestId("outside-https").getByRole("row").filter({ hasText: "server" })).toContainText(
    "nginx/1.25.3",
  );
  // The hub's lists: nothing scanned yet, so empty states that say so.
  await page.getByRole("tab", { name: "Scans" }).click();
  await expect(page.getByTestId("asset-activity")).toContainText("Not scanned yet");
  await shot(page, "asset");

  await page.getByRole("link", { name: "Assets" }).click();
  const row = page.getByTestId("data-table-row").filter({ hasText: "e2e-shop.com" });
  await expect(row).toContainText("Proven");
  await page.getByTestId("filter-status").selectOption("reachable");
  await expect(row).toBeVisible();
  await shot(page, "assets");
});
