import { createDatabase } from "@ems/db";
import type { Page } from "@playwright/test";
import { expect, shot, signedIn, stack, test } from "./fixtures";

const DAY = 86_400_000;

/** A project of its own, so its overview does not move under other tests: issues, a port, an unproven asset. */
async function seedProject(workspaceId: number) {
  const db = createDatabase(stack().databaseUrl, { max: 1 });
  const q = async (sql: string, values: unknown[]) => (await db.pool.query(sql, values)).rows[0]?.id as number;
  try {
    const projectId = await q(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'Overview', now()) returning id`,
      [workspaceId],
    );
    const asset = (value: string, proven: boolean) =>
      q(
        `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt",
           status, "updatedAt") values ($1, $2, 'domain', $3, 't', $4, 'reachable', now()) returning id`,
        [workspaceId, projectId, value, proven ? new Date() : null],
      );
    const shop = await asset("shop.overview.test", true);
    const blog = await asset("blog.overview.test", true);
    await asset("new.overview.test", false);
    const now = Date.now();
    const issues: [number, string, string, number, number | null][] = [
      [shop, "critical", "open", 2, null],
      [shop, "high", "in-progress", 5, null],
      [blog, "medium", "open", 3, null],
      [blog, "low", "resolved", 20, 1],
    ];
    for (const [assetId, severity, status, ageDays, resolvedDaysAgo] of issues) {
      await q(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
           "updatedAt") values ($1, $2, $3, $4, $5, $6, $7, $8, now()) returning id`,
        [
          workspaceId,
          assetId,
          `e2e.overview.${severity}`,
          `Overview ${severity} issue`,
          severity,
          status,
          new Date(now - ageDays * DAY),
          resolvedDaysAgo === null ? null : new Date(now - resolvedDaysAgo * DAY),
        ],
      );
    }
    await db.pool.query(
      `insert into "OpenPort" ("workspaceId", "assetId", port, service) values ($1, $2, 6379, 'redis')`,
      [workspaceId, blog],
    );
    // The owner's last visit ended three days ago: the critical issue (two days old) is new since then.
    await db.pool.query(
      `insert into "OverviewVisit" ("workspaceId", "userId", "seenAt")
       select $1, id, $2 from "User" where email = 'owner@acme.test'
       on conflict ("workspaceId", "userId") do update set "seenAt" = excluded."seenAt", "windowFrom" = null`,
      [workspaceId, new Date(now - 3 * DAY)],
    );
    return { projectId, shop };
  } finally {
    await db.close();
  }
}

/** The procedure the page calls, through the dashboard's own tRPC endpoint with the page's session. */
async function overviewFromApi(page: Page, projectId: number) {
  const input = encodeURIComponent(JSON.stringify({ json: { projectId } }));
  const res = await page.request.get(`/api/trpc/overview.get?input=${input}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { data: { json: OverviewJson } } }).result.data.json;
}
interface Since {
  newIssues: { critical: number; high: number };
  newHosts: { total: number };
  newPorts: { total: number };
}
interface OverviewJson {
  openIssues: Record<string, number>;
  since: { lastVisit: Since | null; yesterday: Since };
  exposure: Record<string, number>[];
  topProblems: { severity: string }[];
  trend: { opened: number; resolved: number }[];
  riskiestAssets: { assetId: number; value: string }[];
  recentChanges: { type: string }[];
  waiting: Record<string, { total: number }>;
}

test.setTimeout(180_000);

test("the overview shows the API's numbers and leads to the filtered issues", async ({ page }) => {
  const { projectId, shop } = await seedProject(stack().workspaces.acme);
  await signedIn(page, "owner@acme.test");
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/?projectId=${projectId}`);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const api = await overviewFromApi(page, projectId);
  expect(api.openIssues).toMatchObject({ critical: 1, high: 1, medium: 1, low: 0, total: 3 });

  for (const s of ["critical", "high", "medium", "low", "info"]) {
    await expect(page.getByTestId(`open-${s}`).getByTestId("count")).toHaveText(String(api.openIssues[s]));
  }
  // The headline leaves info items out.
  await expect(page.getByTestId("open-total").getByTestId("count")).toHaveText(
    String(api.openIssues.total! - api.openIssues.info!),
  );

  // What is new since the owner's last visit (three days ago): the critical issue; the tab opens on it.
  expect(api.since.lastVisit?.newIssues).toEqual({ critical: 1, high: 0 });
  const since = page.getByTestId("overview-since");
  await expect(since.getByRole("tab", { name: "Since your last visit" })).toHaveAttribute("aria-selected", "true");
  await expect(since.getByTestId("since-new-issues").first().getByTestId("count")).toHaveText("1");
  await expect(since.getByTestId("since-items").first()).toContainText("Overview critical issue on shop.overview.test");
  await expect(since.getByTestId("since-ports").first().getByTestId("count")).toHaveText(
    String(api.since.lastVisit!.newPorts.total),
  );
  // Since yesterday: nothing critical or high (the critical issue is two days old).
  await since.getByRole("tab", { name: "Since yesterday" }).click();
  await expect(since.getByTestId("since-new-issues").last().getByTestId("count")).toHaveText("0");
  // The most urgent problems by priority, and the SLA card (nothing past due in this project).
  await expect(page.getByTestId("top-problems-item")).toHaveCount(api.topProblems.length);
  expect(api.topProblems.map((t) => t.severity)).toEqual(["critical", "high", "medium"]);
  await expect(page.getByText("Every issue is within its SLA")).toBeVisible();
  // The exposure trend: 90 days stacked by severity, today's levels in words, info left out.
  expect(api.exposure).toHaveLength(90);
  await expect(page.getByTestId("overview-exposure")).toHaveAttribute(
    "aria-label",
    "Open issues by severity over the last 90 days: Critical 1 now, High 1 now, Medium 1 now, Low 0 now",
  );
  const risky = page.getByTestId("risky-asset");
  await expect(risky).toHaveCount(api.riskiestAssets.length);
  await expect(risky.first()).toContainText(api.riskiestAssets[0]!.value);
  await expect(page.getByTestId("recent-change")).toHaveCount(api.recentChanges.length);
  await expect(page.getByTestId("recent-changes")).toContainText("Port 6379/tcp (redis) open on blog.overview.test");
  await expect(page.getByTestId("waiting-ownership").getByTestId("count")).toHaveText(
    String(api.waiting.ownershipPending!.total),
  );
  await expect(page.getByTestId("waiting-ownership")).toContainText("new.overview.test");
  const opened = api.trend.reduce((n, d) => n + d.opened, 0);
  await expect(page.getByTestId("overview-trend")).toHaveAttribute(
    "aria-label",
    new RegExp(`Opened ${opened} in total`),
  );
  await shot(page, "overview");

  // A severity card links to the issues list filtered to the same issues (the list's own count agrees).
  await expect(page.getByTestId("open-critical")).toHaveAttribute(
    "href",
    `/issues?status=unresolved&severity=critical&projectId=${projectId}`,
  );
  const listInput = encodeURIComponent(
    JSON.stringify({ json: { status: "unresolved", severity: "critical", projectId, limit: 1 } }),
  );
  const list = await page.request.get(`/api/trpc/issues.list?input=${listInput}`);
  expect(((await list.json()) as { result: { data: { json: { total: number } } } }).result.data.json.total).toBe(
    api.openIssues.critical,
  );

  // The riskiest asset leads to its hub.
  await page.goto(`/?projectId=${projectId}`);
  await page.getByTestId("risky-asset").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/assets/${shop}$`));
});
