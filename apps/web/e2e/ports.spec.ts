// The open ports page: riskiest first (a service without authentication, then ports that should never face the
// internet), searched, filtered and sorted in the URL, on a phone and a desktop; severity colours only on severities.
import type { Page } from "@playwright/test";
import { expect, shot, signedIn, stack, test } from "./fixtures";
import { seeded } from "./seed";

/** A project of its own with four assets and their open ports, seeded as a port scan would leave them. */
async function seedProject(tag: string) {
  const workspaceId = stack().workspaces.acme;
  return seeded(`Ports ${tag}`, async (q, projectId) => {
    const open = async (value: string, port: number, service: string, severity: string, kind?: string) => {
      const assetId = await q(
        `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
         values ($1, $2, 'domain', $3, 't', now()) returning id`,
        [workspaceId, projectId, value],
      );
      await q(`insert into "OpenPort" ("workspaceId", "assetId", port, service) values ($1, $2, $3, $4) returning id`, [
        workspaceId,
        assetId,
        port,
        service,
      ]);
      for (const k of [`port.open.${port}`, ...(kind ? [kind] : [])])
        await q(
          `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, port, "updatedAt")
           values ($1, $2, $3, $4, $5, $6, now()) returning id`,
          [workspaceId, assetId, k, `Open port ${port}`, severity, port],
        );
    };
    await open(`www.${tag}.ports-e2e.test`, 80, "http", "info");
    await open(`ssh.${tag}.ports-e2e.test`, 22, "ssh", "medium");
    await open(`db.${tag}.ports-e2e.test`, 3306, "mysql", "high");
    await open(`cache.${tag}.ports-e2e.test`, 11211, "memcached", "high", "service.unauthenticated.memcached");
    return projectId;
  });
}

const rowPorts = async (page: Page) =>
  (await page.getByTestId("data-table-row").allInnerTexts()).map((t) => Number(/^(\d+)\//.exec(t.trim())?.[1]));

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`open ports on a ${viewport.name}: riskiest first, searched and sorted`, async ({ page }) => {
    const projectId = await seedProject(viewport.name);
    await page.setViewportSize(viewport);
    await signedIn(page, "owner@acme.test");
    await page.goto(`/ports?projectId=${projectId}`);
    await expect(page.getByRole("heading", { name: "Open ports", level: 1 })).toBeVisible();
    await expect.poll(() => rowPorts(page)).toEqual([11211, 3306, 22, 80]);
    const rows = page.getByTestId("data-table-row");
    await expect(rows.nth(0).getByTestId("port-risk")).toContainText("No authentication on 1 asset");
    await expect(rows.nth(0).getByTestId("port-risk")).toContainText("Database · should not face the internet");
    await expect(rows.nth(2).getByTestId("port-risk")).toHaveText("Remote login or mail");
    // Risk is not a severity: no severity colour there; severities keep theirs.
    await expect(page.getByTestId("port-risk").locator("[data-severity]")).toHaveCount(0);
    await expect(rows.nth(1).getByTestId("severity-badge")).toHaveAttribute("data-severity", "high");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await shot(page, `ports-${viewport.name}`);

    await page.getByTestId("search").fill("memc");
    await expect.poll(() => rowPorts(page)).toEqual([11211]);
    await expect(page).toHaveURL(/q=memc/);
    await page.getByTestId("search").fill("");
    await expect.poll(() => rowPorts(page)).toEqual([11211, 3306, 22, 80]);

    // A phone sorts with a select (its rows are cards, without column headers).
    if (viewport.name === "phone") await page.getByTestId("data-table-sort").selectOption("port:asc");
    else await page.getByTestId("sort-port").click();
    await expect.poll(() => rowPorts(page)).toEqual([22, 80, 3306, 11211]);
    await expect(page).toHaveURL(/sort=port/);
    await page.reload();
    await expect.poll(() => rowPorts(page)).toEqual([22, 80, 3306, 11211]);

    // One port's assets, from its row.
    await page.goto(`/ports?projectId=${projectId}`);
    await rows.nth(0).getByTestId("port-all-assets").click();
    const assets = page.getByTestId("port-assets");
    await expect(assets).toContainText(`cache.${viewport.name}.ports-e2e.test`);
    await expect(assets).toContainText("None asked");
  });
}
