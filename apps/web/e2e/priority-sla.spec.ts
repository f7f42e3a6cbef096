// Issue 29, items 3 and 4 in the dashboard: an issue's SLA (due date, state, time left or overdue) and priority with
// its reasons on its page; the issues list opened by priority with its SLA column; an asset's criticality set on its
// page, moving its issues' priority.
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

const DAY = 86_400_000;

test("SLA and priority on the issue page and the list; an asset's criticality moves its issues' priority", async ({
  page,
}) => {
  const { id: workspaceId } = await signedInFresh(page, "priority-sla");
  const { assetId, breached, plain, kev } = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Web");
    const assetId = await asset(q, { workspaceId, projectId }, "priority-sla.com");
    const at = (days: number) => new Date(Date.now() - days * DAY);
    const seen = (id: number, days: number) =>
      q(`update "Issue" set "firstSeenAt" = $2 where id = $1 returning id`, [id, at(days)]);
    // A high issue first seen 32 days ago: 30 days (the default) have passed, breached by 2 days.
    const breached = await issue(
      q,
      { workspaceId, assetId },
      { kind: "sla.late", title: "Late one", severity: "high" },
    );
    await seen(breached, 32);
    // A critical one first seen 12 hours ago, and a known-exploited high one (CVE-2021-44228 is in the bundled KEV;
    // no other spec gives it an EPSS score, which would raise it).
    const plain = await issue(
      q,
      { workspaceId, assetId },
      { kind: "sla.plain", title: "Plain critical", severity: "critical" },
    );
    await seen(plain, 0.5);
    const kev = await issue(
      q,
      { workspaceId, assetId },
      { kind: "sla.kev", title: "Exploited high", severity: "high" },
    );
    await q(`update "Issue" set cves = $2 where id = $1 returning id`, [kev, ["CVE-2021-44228"]]);
    return { assetId, breached, plain, kev };
  });

  await page.goto(`/issues/${breached}`);
  const sla = page.getByTestId("issue-sla");
  await expect(sla.getByTestId("status-pill")).toHaveText("Breached");
  await expect(sla.getByTestId("sla-time-left")).toHaveText("overdue by 2 d");
  await expect(sla).toContainText(`due ${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)}`);
  await expect(page.getByTestId("issue-priority")).toContainText("P2");
  await expect(page.getByTestId("issue-priority")).toContainText("score 50: High severity");

  await page.goto(`/issues/${plain}`);
  await expect(page.getByTestId("issue-sla").getByTestId("status-pill")).toHaveText("On track");
  await expect(page.getByTestId("issue-sla").getByTestId("sla-time-left")).toHaveText("due in 14 d");

  // The flat list opens by priority: the known-exploited high (P1) first.
  await page.goto("/issues?view=list");
  const titles = page.getByRole("row").getByRole("link", { name: /Exploited high|Plain critical|Late one/ });
  await expect(titles).toHaveText(["Exploited high", "Plain critical", "Late one"]);
  await expect(page.getByRole("row", { name: /Exploited high/ }).getByTestId("priority-badge")).toHaveText("P1");
  await expect(page.getByRole("row", { name: /Late one/ }).getByTestId("sla-cell")).toContainText("Breached");
  await page.getByTestId("filter-sla").selectOption("breached");
  await expect(titles).toHaveText(["Late one"]);
  await shot(page, "issues-priority-sla");

  // Critical asset: the plain critical scores 80 and goes first (the exploited high stays at 85).
  await page.goto(`/assets/${assetId}`);
  const form = page.getByTestId("asset-criticality");
  await form.getByRole("combobox").selectOption("critical");
  await form.getByRole("button", { name: "Save criticality" }).click();
  await expect(page.getByText("Criticality saved")).toBeVisible();
  await page.goto(`/issues/${plain}`);
  await expect(page.getByTestId("issue-priority")).toContainText("score 80: Critical severity · asset critical");
  await page.goto(`/issues/${kev}`);
  await expect(page.getByTestId("issue-priority")).toContainText(
    "score 85: High severity · Known exploited · asset critical",
  );
});
