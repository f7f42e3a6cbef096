// The dashboard's pages for the every-page checks (pages.spec.ts), the data that makes its detail pages real,
// and the checks run on each page.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect, signedIn, stack } from "./fixtures";

export interface Seeded {
  asset: string;
  scan: string;
  issue: string;
}

/** Every page a signed-in owner reaches; `heading` is the page's h1 (a RegExp where it carries data). */
export const dashboardPages = (ids: Seeded): { path: string; heading: string | RegExp }[] => [
  { path: "/", heading: /./ },
  { path: "/projects", heading: "Projects" },
  { path: "/assets", heading: "Assets" },
  { path: `/assets/${ids.asset}`, heading: "e2e-pages.com" },
  { path: "/assets/new", heading: /asset/i },
  { path: "/scans", heading: "Scans" },
  { path: `/scans/${ids.scan}`, heading: /e2e-pages\.com/ },
  { path: "/issues", heading: "Issues" },
  { path: `/issues/${ids.issue}`, heading: /./ },
  { path: "/findings", heading: "Findings" },
  { path: "/ports", heading: /ports/i },
  { path: "/discovery", heading: "Discovery" },
  { path: "/schedules", heading: /schedule/i },
  { path: "/reports", heading: "Reports" },
  { path: "/assessments", heading: "Assessments" },
  { path: "/audit-log", heading: "Audit log" },
  { path: "/settings/members", heading: "Members" },
  { path: "/settings/api-keys", heading: "API keys" },
  { path: "/settings/oauth-apps", heading: /OAuth|apps/i },
  { path: "/settings/webhooks", heading: "Webhooks" },
  { path: "/settings/email", heading: "E-mail" },
  { path: "/settings/sla", heading: /SLA/ },
  { path: "/settings/plan", heading: /plan/i },
  { path: "/settings/checks", heading: "What we check" },
  { path: "/no-such-page", heading: "Page not found" },
];

/** The consent page a third-party app sends the user to (through the API's /oauth/authorize). */
export function consentUrl() {
  const { apiUrl, oauthApp } = stack();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: oauthApp.clientId,
    redirect_uri: oauthApp.redirectUri,
    scope: "assets:read",
    state: "st4te",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  });
  return `${apiUrl}/oauth/authorize?${query}`;
}

/** A proven asset, scanned once, so asset, scan and issue detail pages have something to show. */
export async function seed(browser: Browser): Promise<Seeded> {
  const { dnsControl } = stack();
  const page = await browser.newPage();
  const dns = (name: string, data: object) => page.request.post(`${dnsControl}/${name}`, { data });
  expect((await dns("e2e-pages.com", { A: ["127.0.0.1"] })).status()).toBe(204);
  await signedIn(page, "owner@acme.test");
  await page.goto("/assets/new");
  const form = page.getByTestId("asset-form");
  await form.getByLabel("Project").selectOption({ label: "Websites" });
  await form.getByLabel("Value").fill("e2e-pages.com");
  await form.getByRole("button", { name: "Add asset" }).click();
  await expect(page.getByRole("heading", { name: "e2e-pages.com", level: 1 })).toBeVisible();
  const asset = new URL(page.url()).pathname.split("/").pop()!;
  const profile = page.getByTestId("scan-profile");
  await profile.getByLabel("Port scan").selectOption("web");
  await profile.getByRole("button", { name: "Save profile" }).click();
  const txt = (await page.getByTestId("proof-dns-txt").locator(".secret").textContent())!.trim();
  await dns("_ems-verify.e2e-pages.com", { TXT: [txt] });
  await page.getByRole("button", { name: "Verify ownership" }).click();
  await expect(page.getByTestId("ownership")).toContainText("proven");
  await page.getByRole("button", { name: "Start scan" }).click();
  await expect(page).toHaveURL(/\/scans\/\d+$/);
  const scan = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("scan-status")).toContainText("Completed", { timeout: 60_000 });
  await page.goto("/issues?view=list");
  const issueLink = page.locator('main a[href^="/issues/"]').first();
  await expect(issueLink).toBeVisible();
  const issue = (await issueLink.getAttribute("href"))!.split("/").pop()!;
  await page.close();
  return { asset, scan, issue };
}

export type Theme = "light" | "dark";

/** Opens a context at this viewport with the theme chosen (next-themes reads localStorage `theme`). */
export async function themedPage(browser: Browser, viewport: { width: number; height: number }, theme: Theme) {
  const context = await browser.newContext({ viewport, colorScheme: theme });
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
  return context.newPage();
}

/**
 * What is wrong with the page now, as readable lines (empty when nothing is): its h1 is not visible,
 * it scrolls sideways, or axe finds serious or critical WCAG 2 A/AA violations.
 */
export async function problems(page: Page, heading: string | RegExp): Promise<string[]> {
  const found: string[] = [];
  const h1 = page.locator("h1").filter({ hasText: heading }).first();
  try {
    await expect(h1).toBeVisible();
  } catch {
    found.push(`no visible h1 matching ${String(heading)}`);
  }
  // Let loading skeletons settle so axe sees the page as a user does.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const sideways = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  if (sideways.scroll > sideways.width) found.push(`scrolls sideways: ${sideways.scroll} > ${sideways.width} px`);
  // Legacy mode runs axe.run in the page itself (our pages have no cross-origin frames to reach) instead of a partial
  // run plus a second blank page to finish it, and only violations are built into results: half the time per page.
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  for (const v of axe.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    const where = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(" "))
      .join(" | ");
    found.push(`axe ${v.impact} ${v.id}: ${v.help} — ${where}`);
  }
  return found;
}
