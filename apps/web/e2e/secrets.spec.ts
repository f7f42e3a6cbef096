// Secrets in evidence (issue 29, item 6) on the issue page: the evidence shows the masks the store keeps (as
// syncIssues writes them: masked texts, `evidence.secrets`, the clear value in FindingSecret), and an owner reveals
// one, which the audit log records.
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

const MASK = "[masked AKIA…OPAS, 20 chars]";
const CLEAR = "AKIAZ7QW3ERTY5UIOPAS";

test("the issue page shows a secret masked, and reveals it to an owner (audited)", async ({ page }) => {
  const { id: workspaceId } = await signedInFresh(page, "secrets");
  const seeded = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Shop");
    const assetId = await asset(q, { workspaceId, projectId }, "leaky.example");
    const issueId = await issue(
      q,
      { workspaceId, assetId },
      { kind: "http.exposed.env", title: "Environment file (.env) exposed", severity: "critical" },
    );
    const scanId = await q(
      `insert into "Scan" ("workspaceId", "assetId", status, progress, "finishedAt", "updatedAt")
       values ($1, $2, 'completed', 100, now(), now()) returning id`,
      [workspaceId, assetId],
    );
    const evidence = {
      url: "https://leaky.example/.env",
      response: `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nAWS_ACCESS_KEY_ID=${MASK}\n`,
      matched: "AWS_ACCESS_KEY_ID=…",
      secrets: [{ id: 1, label: "AWS access key ID", mask: MASK }],
    };
    const findingId = await q(
      `insert into "Finding" ("workspaceId", "scanId", "assetId", "issueId", scanner, kind, title, severity, evidence)
       values ($1, $2, $3, $4, 'templates', 'http.exposed.env', 'Environment file (.env) exposed', 'critical', $5)
       returning id`,
      [workspaceId, scanId, assetId, issueId, JSON.stringify(evidence)],
    );
    await q(
      `insert into "FindingSecret" ("findingId", ordinal, "workspaceId", label, value)
       values ($1, 1, $2, 'AWS access key ID', $3) returning "findingId" as id`,
      [findingId, workspaceId, CLEAR],
    );
    return { issueId, findingId };
  });

  await page.goto(`/issues/${seeded.issueId}`);
  const secret = page.getByTestId("evidence-secret");
  await expect(secret).toContainText("AWS access key ID");
  await expect(secret.getByTestId("secret-value")).toHaveText(MASK);
  await expect(page.locator("body")).not.toContainText(CLEAR);
  await shot(page, "issue-secret-masked");

  await secret.getByRole("button", { name: "Reveal" }).click();
  await expect(secret.getByTestId("secret-value")).toHaveText(CLEAR);
  await expect(secret.getByRole("button", { name: "Reveal" })).toHaveCount(0);

  const audited = await withDb((q) =>
    q(
      `select count(*)::int as id from "AuditEntry" where "workspaceId" = $1 and action = 'finding.reveal-secret'
         and "resourceId" = $2 and changes::text not like $3`,
      [workspaceId, String(seeded.findingId), `%${CLEAR}%`],
    ),
  );
  expect(audited).toBe(1);
});
