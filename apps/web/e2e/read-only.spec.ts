import { expect, shot, signedIn, test } from "./fixtures";

test("a read-only member sees but cannot change anything", async ({ page }) => {
  await signedIn(page, "viewer@acme.test");
  await expect(page.getByTestId("signed-in-as")).toContainText("Read only");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
  await expect(page.getByTestId("project-form")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await shot(page, "read-only");

  // The procedures refuse whatever the UI shows: call them as the page would. The tRPC
  // link speaks superjson: plain values travel as { json }, and errors come back the same way.
  const attempt = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const res = await fetch(`/api/trpc/${p}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ json: b }),
        });
        const answer = (await res.json()) as { error: { json: { data: { code: string } } } };
        return { status: res.status, code: answer.error.json.data.code };
      },
      [path, body] as const,
    );
  const create = await attempt("projects.create", { name: "sneaky" });
  expect(create.status).toBe(403);
  expect(create.code).toBe("ROLE_REQUIRED");
  expect((await attempt("apiKeys.create", { name: "sneaky" })).code).toBe("ROLE_REQUIRED");
  expect((await attempt("plan.buyAssetSlots", { quantity: 1 })).code).toBe("ROLE_REQUIRED");
  expect((await attempt("members.invite", { email: "x@y.z", role: "owner" })).code).toBe("ROLE_REQUIRED");

  await page.goto("/settings/members");
  await expect(page.getByTestId("data-table-row").filter({ hasText: "viewer@acme.test" })).toBeVisible();
  await expect(page.getByTestId("invite-form")).toHaveCount(0);
});

test("an invited person joins with the link and signs in", async ({ page, browser }) => {
  await signedIn(page, "owner@acme.test");
  await page.goto("/settings/members");
  await page.getByTestId("invite-form").getByLabel("Email").fill("newcomer@acme.test");
  await page.getByTestId("invite-form").getByLabel("Role").selectOption("member");
  await page.getByTestId("invite-form").getByRole("button", { name: "Invite" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  await shot(page, "members");

  const other = await browser.newContext();
  const newcomer = await other.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByRole("heading", { name: "Join Acme" })).toBeVisible();
  await newcomer.getByLabel("First name").fill("New");
  await newcomer.getByLabel(/Choose a password/).fill("a brand new passphrase");
  await newcomer.getByRole("button", { name: "Join" }).click();
  await expect(newcomer).toHaveURL(/\/login/);
  await newcomer.getByLabel("Password").fill("a brand new passphrase");
  await newcomer.getByRole("button", { name: "Sign in" }).click();
  await expect(newcomer.getByTestId("signed-in-as")).toContainText("newcomer@acme.test");
  await other.close();
});
