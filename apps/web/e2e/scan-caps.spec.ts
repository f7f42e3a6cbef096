// A partial scan in words (issue 32): the scan page says which caps bit and what they left out, the scans list marks
// the scan "Partial". The scan is seeded as the worker stores one whose services stage ran out of time.
import { expect, shot, signedIn, stack, test } from "./fixtures";
import { seeded } from "./seed";

const LEFT = [8081, 9200, 9300, 11211, 27017, 50000, 50001, 50002];
const CAPS = [
  {
    stage: "services",
    cap: "stage-time-limit",
    limit: 600_000,
    unit: "ms",
    leftOut: { what: "open ports", count: 38, of: 100, ports: LEFT },
    reason: `the services stage ran out of time (600 s) after 62 of 100 open ports; not looked at: ${LEFT.join(", ")}`,
  },
  {
    stage: "crawl",
    cap: "crawl-pages",
    limit: 30,
    unit: "pages",
    leftOut: { what: "pages", count: 2, ports: [443], urls: ["https://caps-e2e.test/a", "https://caps-e2e.test/b"] },
    reason: "the crawl fetched its 30 pages per web endpoint; 2 linked pages not fetched: https://caps-e2e.test/a",
  },
];

function seedPartialScan() {
  const workspaceId = stack().workspaces.acme;
  return seeded(`Caps ${Date.now()}`, async (q, projectId) => {
    const assetId = await q(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
       values ($1, $2, 'domain', $3, 't', now()) returning id`,
      [workspaceId, projectId, `caps-${Date.now()}.e2e.test`],
    );
    return q(
      `insert into "Scan" ("workspaceId", "assetId", status, stage, progress, "startedAt", "finishedAt", caps,
         "updatedAt")
       values ($1, $2, 'completed', 'done', 100, now() - interval '5 minutes', now(), $3, now()) returning id`,
      [workspaceId, assetId, JSON.stringify(CAPS)],
    );
  });
}

test("a partial scan says what it did not look at, on its page and in the list", async ({ page }) => {
  const scanId = await seedPartialScan();
  await signedIn(page, "owner@acme.test");
  await page.goto(`/scans/${scanId}`);
  const caps = page.getByTestId("scan-caps");
  await expect(caps).toContainText("Partial scan: not everything was looked at");
  await expect(caps.getByTestId("scan-cap")).toHaveText([
    `The services stage ran out of time (600 s) after 62 of 100 open ports; not looked at: ${LEFT.join(", ")}.`,
    "The crawl fetched its 30 pages per web endpoint; 2 linked pages not fetched: https://caps-e2e.test/a.",
  ]);
  await expect(caps).toContainText("its issues were left as they were");
  await shot(page, "scan-partial");

  await page.goto("/scans");
  const row = page.getByTestId("data-table-row").filter({ hasText: `#${scanId}` });
  await expect(row.getByTestId("scan-partial")).toHaveText("Partial");
});
