// Retest on the issue page (issue 30, item 1): the button, its progress until the scan ends, then the answer in
// words — "Still there" for what the stack's site still serves (its Server header's version), "Gone: resolved" for
// what it does not serve (a .git directory); a hand-resolved issue says it is not verified until a retest confirms
// it; and the bulk "Retest" of the issues list.
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

test.setTimeout(120_000);

test("retest an issue from its page and from the list", async ({ page }) => {
  const { id: workspaceId } = await signedInFresh(page, "retest");
  const ids = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Shop");
    const assetId = await asset(q, { workspaceId, projectId }, "e2e-shop.com");
    const at = { workspaceId, assetId };
    const version = await issue(q, at, { kind: "http.version-disclosure", title: "Version shown", severity: "low" });
    const git = await issue(q, at, { kind: "http.exposed.git", title: "Git exposed", severity: "high" });
    const env = await issue(q, at, { kind: "http.exposed.env", title: "Env exposed", severity: "high" });
    // Resolved by hand: what PATCH /status stores.
    await q(
      `update "Issue" set status = 'resolved', "resolvedAt" = now(), verified = false where id = $1 returning id`,
      [env],
    );
    return { version, git, env };
  });

  await page.goto(`/issues/${ids.git}`);
  await page.getByTestId("issue-retest-button").click();
  await expect(page.getByTestId("issue-retest").getByText("Retesting…")).toBeVisible();
  await expect(page.getByTestId("issue-retest-result")).toContainText("Gone: resolved", { timeout: 30_000 });
  await expect(page.getByTestId("status-pill").first()).toContainText("Resolved");
  await expect(page.getByTestId("history")).toContainText("no longer saw this and resolved it");
  await shot(page, "issue-retest-gone");

  await page.goto(`/issues/${ids.version}`);
  await page.getByTestId("issue-retest-button").click();
  await expect(page.getByTestId("issue-retest-result")).toContainText("Still there: seen again", { timeout: 30_000 });
  await expect(page.getByTestId("status-pill").first()).toContainText("Open");

  await page.goto(`/issues/${ids.env}`);
  await expect(page.getByTestId("issue-unverified")).toHaveText(
    "Resolved by hand, not verified yet — Retest to confirm it is gone.",
  );
  await page.getByTestId("issue-retest-button").click();
  await expect(page.getByTestId("issue-retest-result")).toContainText("Gone: resolved", { timeout: 30_000 });
  await expect(page.getByTestId("issue-unverified")).toHaveCount(0);
  await expect(page.getByTestId("history")).toContainText("confirmed it gone: the resolution is verified");

  // The list's bulk action: the selected issues of one asset share one scan.
  await page.goto("/issues?status=any");
  const rows = page.getByTestId("data-table-row").filter({ hasText: "e2e-shop.com" });
  await expect(rows).toHaveCount(3);
  // (The retest refreshed the version issue's title from its finding: select by id.)
  await page.getByRole("checkbox", { name: `Select issue ${ids.version}` }).check();
  await page.getByRole("checkbox", { name: `Select issue ${ids.git}` }).check();
  await page.getByTestId("bulk-actions").getByTestId("bulk-retest").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Retest started for 2 issues (1 scan)" })).toBeVisible();
});
