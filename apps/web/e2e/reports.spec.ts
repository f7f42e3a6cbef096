import { createDatabase } from "@ems/db";
import { expect, shot, signedIn, stack, test } from "./fixtures";

const DAY = 86_400_000;

/** A project of its own with issues seeded at known times, so its report does not move under other tests. */
async function seedProject(workspaceId: number) {
  const db = createDatabase(stack().databaseUrl, { max: 1 });
  const q = async (sql: string, values: unknown[]) => (await db.pool.query(sql, values)).rows[0]?.id as number;
  try {
    const projectId = await q(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'Reported', now()) returning id`,
      [workspaceId],
    );
    const asset = (value: string) =>
      q(
        `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
         values ($1, $2, 'domain', $3, 't', now()) returning id`,
        [workspaceId, projectId, value],
      );
    const shop = await asset("shop.reported.test");
    const blog = await asset("blog.reported.test");
    const now = Date.now();
    const issues: [number, string, number, number | null][] = [
      [shop, "critical", 40, null], // breached
      [shop, "high", 5, 2], // resolved in 3 days
      [blog, "medium", 3, null],
      [blog, "low", 20, 1],
    ];
    for (const [assetId, severity, ageDays, resolvedDaysAgo] of issues) {
      await q(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
           "updatedAt") values ($1, $2, $3, $3, $4, $5, $6, $7, now()) returning id`,
        [
          workspaceId,
          assetId,
          `e2e.${severity}`,
          severity,
          resolvedDaysAgo === null ? "open" : "resolved",
          new Date(now - ageDays * DAY),
          resolvedDaysAgo === null ? null : new Date(now - resolvedDaysAgo * DAY),
        ],
      );
    }
    await db.pool.query(`insert into "OpenPort" ("workspaceId", "assetId", port) values ($1, $2, 3306)`, [
      workspaceId,
      blog,
    ]);
    return projectId;
  } finally {
    await db.close();
  }
}

// A build of the whole stack on a shared 2-core machine: sign-in and first page loads can take long.
test.setTimeout(180_000);

test("the reports page shows the API's numbers, exports CSV, and follows the SLA policy", async ({ page, request }) => {
  const projectId = await seedProject(stack().workspaces.acme);
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByTestId("api-key-form").getByLabel("Name").fill("reports");
  await page.getByTestId("api-key-form").getByRole("button", { name: "Read only" }).click();
  await page.getByTestId("api-key-form").getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  const api = async <T>(path: string) => {
    const res = await request.get(`${stack().apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as T;
  };

  await page.getByRole("link", { name: "Reports" }).click();
  await page.getByTestId("period").selectOption("90d");
  await page.getByTestId("project").selectOption(String(projectId));
  const summary = await api<{
    issues: Record<"opened" | "resolved" | "stillOpen", { total: number }>;
    assetsAdded: number;
  }>(`/app/reports/summary?period=90d&projectId=${projectId}`);
  expect(summary.issues.opened.total).toBe(4);
  await expect(page.getByTestId("stat-opened")).toHaveText(String(summary.issues.opened.total));
  await expect(page.getByTestId("stat-resolved")).toHaveText(String(summary.issues.resolved.total));
  await expect(page.getByTestId("stat-still-open")).toHaveText(String(summary.issues.stillOpen.total));
  await expect(page.getByTestId("stat-assets-added")).toHaveText(String(summary.assetsAdded));

  const ranked = await api<{ value: string; score: number; priorities: Record<"P1" | "P2" | "P3" | "P4", number> }[]>(
    `/app/reports/vulnerable-assets?projectId=${projectId}`,
  );
  const rows = page.getByTestId("data-table-row");
  await expect(rows).toHaveCount(ranked.length);
  for (const [i, r] of ranked.entries()) {
    await expect(rows.nth(i)).toContainText(r.value);
    await expect(rows.nth(i).getByTestId("asset-score")).toHaveText(String(r.score));
    const { P1, P2, P3, P4 } = r.priorities;
    await expect(rows.nth(i).getByTestId("asset-priorities")).toHaveText(`${P1} / ${P2} / ${P3} / ${P4}`);
  }

  const sla = await api<{ bySeverity: { severity: string; breached: number; withinSla: number }[] }>(
    `/app/reports/sla?period=90d&projectId=${projectId}`,
  );
  const critical = sla.bySeverity.find((s) => s.severity === "critical")!;
  expect(critical.breached).toBe(1);
  await expect(page.getByTestId("sla-critical").getByTestId("sla-breached")).toHaveText(String(critical.breached));
  await expect(page.getByTestId("oldest-breaches")).toContainText("shop.reported.test");
  // Each breach with its priority band (issue 29): the API's.
  const breaches = await api<{ oldestBreaches: { priority: { band: string } }[] }>(
    `/app/reports/sla?period=90d&projectId=${projectId}`,
  );
  await expect(page.getByTestId("oldest-breaches").getByTestId("priority-badge")).toHaveText(
    breaches.oldestBreaches.map((b) => b.priority.band),
  );
  await shot(page, "reports");

  const download = page.waitForEvent("download");
  await page.getByTestId("export-summary").click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString();
  expect(csv.split("\n")[0]).toBe("date,opened,resolved,openAtEnd");
  expect(csv.trim().split("\n")).toHaveLength(91);

  // A project override of 60 days for critical issues: the 40-day-old one is no longer breached.
  await page.getByRole("link", { name: "SLA policy" }).click();
  await page.getByTestId("override-project").selectOption(String(projectId));
  const form = page.getByTestId("sla-new-override");
  await form.getByTestId("days-critical").fill("60");
  await form.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByTestId(`override-${projectId}`)).toContainText("Reported");
  await shot(page, "sla-policy");
  await page.getByRole("link", { name: "Reports" }).click();
  await page.getByTestId("period").selectOption("90d");
  await page.getByTestId("project").selectOption(String(projectId));
  await expect(page.getByTestId("sla-critical").getByTestId("sla-breached")).toHaveText("0");
  await expect(page.getByTestId("sla-critical").getByTestId("sla-within")).toHaveText("1");
});
