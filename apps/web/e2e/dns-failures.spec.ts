// A resolver that answers A but refuses AAAA and TXT, on a desktop and a phone: the asset is reachable over IPv4
// with the refusal shown as a warning, and verifying its DNS proof says "could not check" rather than failing.
import { expect, shot, signedIn, stack, test } from "./fixtures";

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`an asset behind a resolver that refuses AAAA and TXT, on a ${viewport.name}`, async ({ page, request }) => {
    const name = `e2e-dns-${viewport.name}.com`;
    const failing = (types: object) => request.post(stack().dnsFailing, { data: types });
    expect((await request.post(`${stack().dnsControl}/${name}`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
    expect((await failing({ AAAA: "refused", TXT: "refused" })).status()).toBe(204);
    try {
      await page.setViewportSize(viewport);
      await signedIn(page, "owner@acme.test");
      await page.goto("/assets/new");
      const form = page.getByTestId("asset-form");
      await form.getByLabel("Project").selectOption({ label: "Websites" });
      await form.getByLabel("Type").selectOption("domain");
      await form.getByLabel("Value").fill(name);
      await form.getByRole("button", { name: "Add asset" }).click();

      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      const reachability = page.getByTestId("reachability");
      await expect(reachability).toContainText("Reachable", { timeout: 30_000 });
      await expect(reachability).toContainText("127.0.0.1");
      await expect(page.getByTestId("check-warnings")).toContainText(
        `The AAAA lookup of ${name} failed: the DNS server refused the query`,
      );
      await expect(page.getByTestId("check-warnings")).toContainText("checked over IPv4 only");

      await page.getByTestId("ownership").getByRole("button", { name: "Verify ownership" }).click();
      const attempt = page.getByTestId("last-attempt");
      await expect(attempt).toHaveAttribute("data-outcome", /could-not-check|failed/);
      await expect(attempt).toContainText("could not check, try again");
      await expect(page.getByTestId("ownership")).toContainText("Not proven");
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);
      await shot(page, `asset-dns-failures-${viewport.name}`);
    } finally {
      await failing({});
    }
  });
}
