import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test as base, type Page } from "@playwright/test";

export interface Stack {
  webUrl: string;
  /** The dashboard server's process (its memory is read by the body-limit test). */
  webPid: number;
  apiUrl: string;
  databaseUrl: string;
  secrets: string[];
  password: string;
  workspaces: { acme: number; beta: number };
  oauthApp: { clientId: string; clientSecret: string; redirectUri: string };
  /** POST `${dnsControl}/<name>` with zone records to publish them on the test DNS server. */
  dnsControl: string;
  /** POST here `{ AAAA: "refused" | "servfail" | "drop", … }` to make the DNS server fail those types (`{}`: none). */
  dnsFailing: string;
  /** POST `${ctControl}/<domain>` with a list of names to publish them in the CT look-alike (discovery). */
  ctControl: string;
  /** The HTTP and HTTPS ports of the test sites (where scans find open ports). */
  webPorts: number[];
  /** POST `${schedulerControl}/due/<scheduleId>`: the schedule's slot comes now and the scheduler ticks. */
  schedulerControl: string;
  /**
   * POST `${scanControl}/held/<assetId>`: a scan of the asset that stays queued ({ id });
   * `/cancel/<scanId>` ends it.
   */
  scanControl: string;
  /** POST `${workspaceControl}/<slug>?plan=<plan>`: an empty workspace owned by `<slug>@fresh.test` ({ id, email }). */
  workspaceControl: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const stack = (): Stack => JSON.parse(readFileSync(path.join(here, ".stack.json"), "utf8"));

export async function signIn(page: Page, email: string, password = stack().password) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Argon2 verification takes seconds when the machine is busy, and the first sign-in warms the server up.
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** Where signedIn keeps this run's session cookies, one file per person; global-setup removes it. */
export const sessionsDir = path.join(here, ".sessions");

/**
 * Opens the Overview signed in as `email`. The first call per person signs in through the form; later ones reuse
 * its cookies, since sessions are stateless JWTs and each test has its own browser context: an Argon2 check and the
 * login page per test otherwise. The form itself is tested in auth.spec.ts.
 */
export async function signedIn(page: Page, email: string) {
  const file = path.join(sessionsDir, `${email}.json`);
  if (!existsSync(file)) {
    await signIn(page, email);
    mkdirSync(sessionsDir, { recursive: true });
    writeFileSync(file, JSON.stringify(await page.context().cookies()));
    return;
  }
  await page.context().addCookies(JSON.parse(readFileSync(file, "utf8")));
  await page.goto("/");
  const heading = page.getByRole("heading", { name: "Overview", level: 1 });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  // Hydrated, as after the form's client-side navigation: a control used before React attaches its handlers (the
  // workspace switcher) is reset. React marks the nodes it hydrated; the layout hydrates before the page's h1.
  const hydrated = () => heading.evaluate((h1) => Object.keys(h1).some((k) => k.startsWith("__reactFiber")));
  await expect.poll(hydrated, { timeout: 30_000 }).toBe(true);
  await page.waitForLoadState("networkidle");
}

/**
 * A new person in a new, empty workspace (a project-less first hour), signed in on the Overview. `slug` names both
 * (unique per test: the stack lives for the whole run).
 */
export async function signedInFresh(page: Page, slug: string, plan = "essential") {
  const res = await page.request.post(`${stack().workspaceControl}/${slug}?plan=${plan}`);
  expect(res.status(), await res.text()).toBe(200);
  const fresh = (await res.json()) as { id: number; email: string };
  await signedIn(page, fresh.email);
  return fresh;
}

/** A screenshot kept with the test's artifacts (test-results/screenshots). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(here, "../test-results/screenshots", `${name}.png`), fullPage: true });
}

export const test = base;
export { expect };
