import { expect, shot, signedIn, signIn, stack, test } from "./fixtures";
import { E2E } from "./ports";

test("sign-in: a wrong password is refused, the right one opens the dashboard (expiring HttpOnly session)", async ({
  page,
  context,
}) => {
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill("owner@acme.test");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Wrong email or password.");
  await shot(page, "login");

  await signIn(page, "owner@acme.test");
  await expect(page.getByTestId("signed-in-as")).toContainText("owner@acme.test");
  const cookie = (await context.cookies()).find((c) => c.name.includes("next-auth.session-token"))!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  const lifetime = cookie.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(E2E.sessionMaxAge - 120);
  expect(lifetime).toBeLessThanOrEqual(E2E.sessionMaxAge + 5);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/settings/plan");
  await expect(page).toHaveURL(/\/login/);
});

test("the workspace switcher moves between the user's workspaces", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expect(page.getByText("Beta only project")).toHaveCount(0);
  await page.getByTestId("workspace-switcher").selectOption({ label: "Beta Labs" });
  await expect(page.getByText("Beta only project")).toBeVisible();
  await page.goto("/settings/plan");
  await expect(page.getByRole("heading", { name: "Essential plan" })).toBeVisible();
  await page.getByTestId("workspace-switcher").selectOption({ label: "Acme" });
  await expect(page.getByRole("heading", { name: "Pro plan" })).toBeVisible();
});

test("security: headers, CSRF refusal and no secrets in the client bundles", async ({ page, request }) => {
  const res = await page.goto("/login");
  const headers = res!.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();

  const forged = await request.post("/api/trpc/projects.create", {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: { name: "csrf" },
  });
  expect(forged.status()).toBe(403);

  const scripts = await page.locator("script[src]").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const js = await (await request.get(src)).text();
    for (const secret of stack().secrets) expect(js).not.toContain(secret);
    expect(js).not.toMatch(/postgresql:\/\//);
  }
});
