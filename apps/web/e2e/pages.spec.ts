// Every page at desktop and mobile width, in light and dark: the heading shows, nothing scrolls sideways, and axe
// finds no serious or critical WCAG 2 A/AA violation. One browser context per viewport × theme, pages in sequence;
// the two themes of a viewport run side by side (each mostly waits on the server or on axe in its own renderer).
import type { Browser } from "@playwright/test";
import { expect, signedIn, test } from "./fixtures";
import { consentUrl, dashboardPages, problems, seed, themedPage, type Seeded, type Theme } from "./pages";

const viewports = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };
const themes: Theme[] = ["light", "dark"];

test.describe.configure({ mode: "serial" });

let ids: Seeded;
/** Problems per viewport × theme, asserted together at the end so one run reports every combination. */
const found: string[] = [];
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  ids = await seed(browser);
});

/** Walks every page in one viewport and theme, adding what is wrong to `found`. */
async function everyPage(browser: Browser, name: keyof typeof viewports, theme: Theme) {
  const page = await themedPage(browser, viewports[name], theme);
  const check = async (path: string, heading: string | RegExp) => {
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    for (const p of await problems(page, heading)) found.push(`${name} ${theme} ${path}: ${p}`);
  };

  await page.goto("/login");
  await check("/login", "Sign in");
  await signedIn(page, "owner@acme.test");
  for (const { path, heading } of dashboardPages(ids)) {
    await page.goto(path);
    await check(path, heading);
  }
  await page.goto(consentUrl());
  await expect(page.getByTestId("consent-app")).toHaveText("Partner Reports");
  await check("/oauth/authorize", /./);
  await page.context().close();
}

for (const name of Object.keys(viewports) as (keyof typeof viewports)[]) {
  test(`every page at ${name} width in light and dark`, async ({ browser }) => {
    test.setTimeout(480_000);
    await Promise.all(themes.map((theme) => everyPage(browser, name, theme)));
  });
}

test("no page has a heading missing, sideways scroll or a serious axe violation at any width or theme", () => {
  expect(found, found.join("\n")).toEqual([]);
});
