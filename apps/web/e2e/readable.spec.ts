// Codes stay with engineers (issue 26): refusals, issue kinds, evidence and enums in words (item 11); the audit log
// names what it is about and shows changes as before → after, never JSON (item 14). At phone and desktop width.
import { expect, shot, signedInFresh, test } from "./fixtures";
import { asset, issue, project, VIEWPORTS, withDb, type ViewportName } from "./fresh";

/** What a template match stores (templateFinding in packages/scanners): the matcher values one per line. */
const envEvidence = (url: string) => ({
  url,
  request: `GET /.env HTTP/1.1\r\nhost: ${new URL(url).host}\r\nuser-agent: ExposureMonitor/1.0`,
  response: "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nDB_PASSWORD=hunter2\nAPP_KEY=base64:xyz",
  matched: "DB_PASSWORD=h\n200",
  template: { id: "exposed-env", tags: ["exposure"] },
  matcherNames: ["env-line", "status"],
});

for (const name of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport: VIEWPORTS[name] });

    test("refusals, issue kinds, evidence and enum values read as words, the codes kept for engineers", async ({
      page,
    }) => {
      const domain = `fh11-${name}.com`;
      const lab = `lab.${domain}`;
      const { id: workspaceId } = await signedInFresh(page, `fh11-${name}`);
      const seeded = await withDb(async (q) => {
        const projectId = await project(q, workspaceId, "Lab");
        const domainId = await asset(q, { workspaceId, projectId }, domain, { portScanMode: "top1000" });
        // A host discovery found that someone already added by hand.
        const labId = await asset(q, { workspaceId, projectId }, lab, { type: "subdomain" });
        await q(
          `insert into "DiscoveredHostname" ("workspaceId", "projectId", domain, host, sources) values
           ($1, $2, $3, $4, '{crtsh}') returning id`,
          [workspaceId, projectId, domain, lab],
        );
        const issueId = await issue(
          q,
          { workspaceId, assetId: domainId },
          { kind: "http.exposed.env", title: "Environment file (.env) exposed", severity: "critical" },
        );
        const scanId = await q(
          `insert into "Scan" ("workspaceId", "assetId", status, progress, "finishedAt", "updatedAt")
           values ($1, $2, 'completed', 100, now(), now()) returning id`,
          [workspaceId, domainId],
        );
        await q(
          `insert into "Finding" ("workspaceId", "scanId", "assetId", "issueId", scanner, kind, title, severity,
             evidence) values ($1, $2, $3, $4, 'templates', 'http.exposed.env', 'Environment file (.env) exposed',
             'critical', $5) returning id`,
          [workspaceId, scanId, domainId, issueId, JSON.stringify(envEvidence(`https://${domain}/.env`))],
        );
        return { domainId, labId, issueId };
      });

      // Discovery's ALREADY_EXISTS becomes words per host, linked to the asset it already is.
      await page.goto("/discovery");
      const row = page.getByTestId("discovered-hosts").getByTestId("data-table-row").filter({ hasText: lab });
      await expect(row).toContainText("Certificate logs (crt.sh)");
      await row.getByRole("checkbox").check();
      await page.getByTestId("bulk-add").click();
      const result = page.getByTestId("add-result");
      await expect(result).toContainText("0 hosts added as assets.");
      await expect(result.getByTestId("add-refusals")).toHaveText(`already an asset: ${lab}`);
      await expect(result.getByRole("link", { name: lab })).toHaveAttribute("href", `/assets/${seeded.labId}`);
      await expect(result).not.toContainText("ALREADY_EXISTS");
      await expect(result).not.toContainText("value:");
      await shot(page, `discovery-refusal-${name}`);

      // The issue page: a category and a title, the kind in the technical details; evidence as a sentence.
      await page.goto(`/issues/${seeded.issueId}`);
      await expect(page.getByTestId("issue-category")).toHaveText(`Exposed file or page · ${domain}`);
      const technical = page.getByTestId("issue-technical");
      await expect(technical.getByText("http.exposed.env")).toBeHidden();
      const evidence = page.getByTestId("evidence");
      await expect(evidence.getByTestId("evidence-summary")).toHaveText(
        `We asked for https://${domain}/.env and the server answered 200 OK, with:`,
      );
      await expect(evidence.getByTestId("evidence-quotes")).toHaveText("DB_PASSWORD=h");
      await expect(page.locator("main")).not.toContainText("Matched:");
      await expect(page.locator("main")).not.toContainText("DB_PASSWORD=h 200");
      await technical.locator("summary").click();
      await expect(technical.getByText("http.exposed.env")).toBeVisible();
      await shot(page, `issue-readable-${name}`);

      // Enums shown to people: the scan profile, the asset's type and reachability.
      await page.goto(`/assets/${seeded.domainId}`);
      await expect(page.getByTestId("scan-profile").getByLabel("Port scan").locator("option:checked")).toHaveText(
        "Top 1,000 ports",
      );
      await expect(page.getByTestId("page-header")).toContainText("Domain · Lab");
      await expect(page.getByTestId("reachability")).toContainText("Reachable");
      await page.goto("/assets");
      const listed = page.getByTestId("data-table-row").filter({ hasText: lab });
      await expect(listed).toContainText("Subdomain");
      await expect(listed).not.toContainText("subdomain");
    });

    test("the audit log names what each entry is about, linked, and shows changes in words", async ({ page }) => {
      const domain = `fh14-${name}.com`;
      await signedInFresh(page, `fh14-${name}`);
      const description = "The shop, its checkout and the payment pages. ".repeat(4).trim();
      await page.goto("/projects");
      const form = page.getByTestId("project-form").first();
      for (const [project, text] of [
        ["Storefront", description],
        ["Doomed", ""],
      ]) {
        await form.getByLabel("Name").fill(project!);
        await form.getByLabel("Description").fill(text!);
        await form.getByRole("button", { name: "Create project" }).click();
        await expect(page.getByTestId("data-table-row").filter({ hasText: project! })).toBeVisible();
      }
      await page
        .getByTestId("data-table-row")
        .filter({ hasText: "Storefront" })
        .getByRole("button", { name: "Edit" })
        .click();
      const edit = page.getByTestId("project-form").nth(1);
      await edit.getByLabel("Name").fill("Storefront EU");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("data-table-row").filter({ hasText: "Storefront EU" })).toBeVisible();
      await page
        .getByTestId("data-table-row")
        .filter({ hasText: "Doomed" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByTestId("confirm-dialog-input").fill("Doomed");
      await page.getByTestId("confirm-dialog-confirm").click();
      await expect(page.getByTestId("data-table-row").filter({ hasText: "Doomed" })).toHaveCount(0);
      await page.goto("/assets/new");
      const assetForm = page.getByTestId("asset-form");
      await assetForm.getByLabel("Project").selectOption({ label: "Storefront EU" });
      await assetForm.getByLabel("Value").fill(domain);
      await assetForm.getByRole("button", { name: "Add asset" }).click();
      await expect(page.getByRole("heading", { name: domain, level: 1 })).toBeVisible();
      const assetPath = new URL(page.url()).pathname;

      await page.goto("/audit-log");
      const rows = page.getByTestId("data-table-row");
      const entry = (action: string) => rows.filter({ has: page.locator(`[data-action="${action}"]`) });
      // Named and linked: "asset fh14-….com".
      const added = entry("asset.create");
      await expect(added).toContainText("Asset added");
      await expect(added.getByTestId("audit-resource")).toHaveText(`asset ${domain}`);
      await expect(added.getByRole("link", { name: domain })).toHaveAttribute("href", assetPath);
      // Arrays summarised (no scanner is off: none), values in words.
      const field = (row: typeof added, f: string) => row.locator(`[data-field="${f}"] dd`);
      await expect(field(added, "disabledScannerTypes")).toHaveText("none");
      await expect(field(added, "portScanMode")).toHaveText("Web ports (80, 443)");
      // A rename: before → after; the resource is called by its name now.
      const renamed = entry("project.update");
      await expect(field(renamed, "name")).toHaveText("Storefront → Storefront EU");
      await expect(renamed.getByTestId("audit-resource")).toHaveText("project Storefront EU");
      // A long value folds.
      const created = entry("project.create").filter({ hasText: "Storefront EU" });
      const folded = created.getByTestId("folded-value");
      await expect(folded.getByText(description)).toBeHidden();
      await folded.locator("summary").click();
      await expect(folded.getByText(description)).toBeVisible();
      // Gone: named from the entry, not linked.
      const deleted = entry("project.delete");
      await expect(deleted.getByTestId("audit-resource")).toHaveText("project Doomed (deleted)");
      await expect(deleted.getByRole("link")).toHaveCount(0);
      // Never raw JSON, never a bare code.
      const main = page.locator("main");
      await expect(main).not.toContainText('["');
      await expect(main).not.toContainText('{"');
      await expect(main).not.toContainText("∅");
      await expect(main.getByText("asset.create", { exact: true })).toHaveCount(0);
      await shot(page, `audit-log-readable-${name}`);
    });
  });
}
