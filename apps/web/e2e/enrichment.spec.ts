// An issue's enrichment on its page (issue 29, item 2): whether its CVEs are known exploited (CISA KEV, the bundled
// catalogue) or likely to be (EPSS), each with its as-of date; CVSS; CWE, CVE ids and references as links.
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, withDb } from "./fresh";

test("the issue page shows KEV and EPSS badges with their dates, and links CWE, CVEs and references", async ({
  page,
}) => {
  const { id: workspaceId } = await signedInFresh(page, "enrichment");
  const issueId = await withDb(async (q) => {
    const projectId = await project(q, workspaceId, "Web");
    const assetId = await asset(q, { workspaceId, projectId }, "enrichment.com");
    const id = await issue(
      q,
      { workspaceId, assetId },
      {
        kind: "tech.apache-http-server.vulnerable",
        title: "Apache HTTP Server 2.4.49 is affected by CVE-2021-41773 and 1 more",
        severity: "critical",
      },
    );
    // As syncIssues stores an advisory finding's source; EPSS scores as `ems epss import` loads them.
    await q(`update "Issue" set cves = $2, "references" = $3 where id = $1 returning id`, [
      id,
      ["CVE-2021-41773", "CVE-2019-0211"],
      ["https://httpd.apache.org/security/vulnerabilities_24.html"],
    ]);
    await q(
      `insert into "ExploitDataset" (name, version, "asOf", rows) values ('epss', 'v2025.03.14', '2025-08-25', 2)
       on conflict (name) do update set version = excluded.version, "asOf" = excluded."asOf" returning 1 as id`,
      [],
    );
    await q(
      `insert into "EpssScore" ("cveId", score, percentile) values ('CVE-2021-41773', 0.9442, 0.9995),
         ('CVE-2019-0211', 0.9711, 0.9786)
       on conflict ("cveId") do update set score = excluded.score, percentile = excluded.percentile returning 1 as id`,
      [],
    );
    return id;
  });

  await page.goto(`/issues/${issueId}`);
  // The bundled KEV catalogue, loaded on first use; the highest EPSS score of the two CVEs.
  await expect(page.getByTestId("kev-badge")).toHaveText("Known exploited (CISA KEV, as of 2025-08-25)");
  await expect(page.getByTestId("epss-badge")).toHaveText("EPSS 0.97 (97th percentile, as of 2025-08-25)");
  const classification = page.getByTestId("issue-classification");
  await expect(classification).toContainText("CVE-2021-41773: added 2021-11-03, remediation due 2021-11-17");
  await expect(page.getByTestId("issue-cvss")).toContainText("5.6 CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:L");
  await expect(page.getByTestId("issue-cwe").getByRole("link", { name: "CWE-1395" })).toHaveAttribute(
    "href",
    "https://cwe.mitre.org/data/definitions/1395.html",
  );
  const cves = page.getByTestId("issue-cves");
  for (const cve of ["CVE-2021-41773", "CVE-2019-0211"])
    await expect(cves.getByRole("link", { name: cve })).toHaveAttribute(
      "href",
      `https://nvd.nist.gov/vuln/detail/${cve}`,
    );
  await expect(
    page
      .getByTestId("issue-references")
      .getByRole("link", { name: "https://httpd.apache.org/security/vulnerabilities_24.html" }),
  ).toHaveAttribute("href", "https://httpd.apache.org/security/vulnerabilities_24.html");
  await shot(page, "issue-enrichment");
});
