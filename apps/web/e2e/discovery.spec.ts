import type { APIRequestContext, Page } from "@playwright/test";
import { expect, shot, signedIn, stack, test } from "./fixtures";

const DOMAIN = "e2e-disc.com";

/** Adds the domain as an asset in the dashboard and proves it with the DNS record the page asks for. */
async function addProvenDomain(page: Page, request: APIRequestContext, domain: string) {
  await page.goto("/assets/new");
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByLabel("Value").fill(domain);
  await form.getByRole("button", { name: "Add asset" }).click();
  await expect(page.getByRole("heading", { name: domain, level: 1 })).toBeVisible();
  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  await request.post(`${stack().dnsControl}/_ems-verify.${domain}`, { data: { TXT: [txt] } });
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("proven");
}

test("discover hosts under a proven domain, add two as assets, ignore and restore one", async ({ page, request }) => {
  // The run alone may take 45 s on a busy machine; the list's sort, search and reload come after it.
  test.setTimeout(180_000);
  const { dnsControl, ctControl } = stack();
  for (const [name, records] of [
    [DOMAIN, { A: ["127.0.0.1"] }],
    [`api.${DOMAIN}`, { A: ["127.0.0.2"] }],
    [`mail.${DOMAIN}`, { A: ["127.0.0.3"] }],
  ] as const)
    expect((await request.post(`${dnsControl}/${name}`, { data: records })).status()).toBe(204);
  const names = [`api.${DOMAIN}`, `mail.${DOMAIN}`, `old.${DOMAIN}`];
  expect((await request.post(`${ctControl}/${DOMAIN}`, { data: names })).status()).toBe(204);

  await signedIn(page, "owner@acme.test");
  await addProvenDomain(page, request, DOMAIN);
  const assetUrl = page.url();

  // The sidebar has the page; the domain's asset page leads to it filtered (in the URL), which scopes the run.
  await expect(page.getByRole("link", { name: "Discovery", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Open in Discovery" }).click();
  await expect(page.getByRole("heading", { name: "Discovery", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/domain=e2e-disc\.com/);
  await page.getByTestId("discovery-run").click();
  await expect(page.getByTestId("discovery-run-status")).toContainText("done", { timeout: 45_000 });
  const table = page.getByTestId("discovered-hosts");
  const row = (host: string) => table.getByTestId("data-table-row").filter({ hasText: host });
  for (const host of names) await expect(row(host)).toBeVisible();
  await expect(row(`api.${DOMAIN}`)).toContainText("127.0.0.2");
  await expect(row(`old.${DOMAIN}`)).toContainText("does not resolve");
  await expect(page.getByTestId("count-new")).toHaveText(/^[1-9]\d*$/);
  await shot(page, "discovery");

  // Bulk add: both become assets, the result says so.
  await row(`api.${DOMAIN}`).getByRole("checkbox").check();
  await row(`mail.${DOMAIN}`).getByRole("checkbox").check();
  await page.getByTestId("bulk-add").click();
  await expect(page.getByTestId("add-result")).toContainText("2 hosts added as assets");
  // Each added host links to the asset it became.
  await expect(page.getByTestId("add-added").getByRole("link", { name: `api.${DOMAIN}` })).toHaveAttribute(
    "href",
    /^\/assets\/\d+$/,
  );
  await expect(row(`api.${DOMAIN}`)).toContainText("Added");
  await expect(row(`api.${DOMAIN}`).getByRole("checkbox")).toBeDisabled();

  // Bulk ignore, then find it through the status filter (kept in the URL) and restore it.
  await row(`old.${DOMAIN}`).getByRole("checkbox").check();
  await page.getByTestId("bulk-ignore").click();
  await expect(page.getByTestId("toast").filter({ hasText: "1 host ignored" })).toBeVisible();
  await page.getByTestId("filter-status").selectOption("ignored");
  await expect(page).toHaveURL(/status=ignored/);
  await expect(page).toHaveURL(/domain=e2e-disc\.com/);
  await expect(row(`old.${DOMAIN}`)).toBeVisible();
  await expect(row(`api.${DOMAIN}`)).toHaveCount(0);
  await row(`old.${DOMAIN}`).getByRole("button", { name: "Restore" }).click();
  await expect(row(`old.${DOMAIN}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("filter-status")).toHaveValue("ignored");

  // The added hosts, sorted by host both ways, then searched: the URL holds the filter, sort and search.
  await page.getByTestId("filter-status").selectOption("added");
  await expect(page).toHaveURL(/status=added/);
  const hosts = () => table.getByTestId("data-table-row").locator("td:nth-child(2)").allTextContents();
  await page.getByTestId("sort-host").click();
  await expect(page).toHaveURL(/sort=host/);
  await expect.poll(hosts).toEqual([`api.${DOMAIN}`, `mail.${DOMAIN}`]);
  await page.getByTestId("sort-host").click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(hosts).toEqual([`mail.${DOMAIN}`, `api.${DOMAIN}`]);
  await page.getByTestId("search").fill("mai");
  await expect(page).toHaveURL(/q=mai/);
  await expect.poll(hosts).toEqual([`mail.${DOMAIN}`]);
  await page.reload();
  await expect(page.getByTestId("filter-status")).toHaveValue("added");
  await expect(page.getByTestId("search")).toHaveValue("mai");
  await expect(page.getByRole("columnheader", { name: "Host" })).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/domain=e2e-disc\.com/);
  await expect.poll(hosts).toEqual([`mail.${DOMAIN}`]);

  // The domain's asset page lists what was found under it.
  await page.goto(assetUrl);
  const section = page.getByTestId("asset-discovered-hosts");
  await expect(section).toContainText(`api.${DOMAIN}`);
  await expect(section).toContainText(`old.${DOMAIN}`);
  // A host that is an asset links to it.
  const apiRow = section.getByTestId("data-table-row").filter({ hasText: `api.${DOMAIN}` });
  await expect(apiRow.getByTestId("host-asset-link")).toHaveAttribute("href", /^\/assets\/\d+$/);

  // Watched: the domain adds the hosts its next run finds by itself, and the run says so.
  await section.getByTestId("discovery-auto-add").check();
  await expect(page.getByTestId("toast").filter({ hasText: "New hosts will be added as assets" })).toBeVisible();
  expect((await request.post(`${dnsControl}/new.${DOMAIN}`, { data: { A: ["127.0.0.4"] } })).status()).toBe(204);
  expect((await request.post(`${ctControl}/${DOMAIN}`, { data: [`new.${DOMAIN}`] })).status()).toBe(204);
  await page.getByRole("link", { name: "Open in Discovery" }).click();
  await page.getByTestId("discovery-run").click();
  await expect(page.getByTestId("discovery-run-auto-add")).toContainText("1 new host added as assets by itself", {
    timeout: 45_000,
  });
  await expect(row(`new.${DOMAIN}`).getByTestId("host-asset-link")).toBeVisible();
});

test("a run that finds more hosts than one run keeps says so in the run view", async ({ page, request }) => {
  test.setTimeout(120_000);
  const domain = "e2e-cap.com";
  const { dnsControl, ctControl } = stack();
  expect((await request.post(`${dnsControl}/${domain}`, { data: { A: ["127.0.0.1"] } })).status()).toBe(204);
  // 150 names in the certificate logs; the e2e stack keeps at most 100 hosts per run.
  const names = Array.from({ length: 150 }, (_, i) => `h${i}.${domain}`);
  expect((await request.post(`${ctControl}/${domain}`, { data: names })).status()).toBe(204);

  await signedIn(page, "owner@acme.test");
  await addProvenDomain(page, request, domain);

  await page.goto(`/discovery?domain=${domain}`);
  await page.getByTestId("discovery-run").click();
  await expect(page.getByTestId("discovery-run-status")).toContainText("done, 100 found, 100 new", { timeout: 45_000 });
  await expect(page.getByTestId("discovery-run-capped")).toHaveText(
    "Stopped at 100 hosts, the most one run keeps: 50 more names were left out (the operator's " +
      "EMS_DISCOVERY_MAX_HOSTS).",
  );
  await shot(page, "discovery-capped");
});
