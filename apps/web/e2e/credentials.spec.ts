import { createHash, randomBytes } from "node:crypto";
import { expect, shot, signedIn, stack, test } from "./fixtures";
import { problems, themedPage } from "./pages";

test("an API key made in the dashboard works against the REST API until it is revoked", async ({ page, request }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "API keys" }).click();
  const form = page.getByTestId("api-key-form");
  await form.getByLabel("Name").fill("ci pipeline");
  // No scope is picked for you (least privilege): creating without one says so at the field.
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByTestId("field-error")).toHaveText("Pick at least one scope");
  await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await form.getByRole("button", { name: "Read only" }).click();
  await expect(form.getByRole("checkbox", { name: "assets:write" })).not.toBeChecked();
  await form.getByRole("button", { name: "Everything" }).click();
  await form.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^ems_key_/);
  await shot(page, "api-keys");

  const api = stack().apiUrl;
  const ok = await request.post(`${api}/app/projects`, {
    headers: { authorization: `Bearer ${key}` },
    data: { name: "Made with a key" },
  });
  expect(ok.status()).toBe(201);

  await page.getByRole("button", { name: "Done" }).click();
  await page
    .getByTestId("data-table-row")
    .filter({ hasText: "ci pipeline" })
    .getByRole("button", { name: "Revoke" })
    .click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("data-table-row").filter({ hasText: "ci pipeline" })).toContainText("Revoked");
  const refused = await request.get(`${api}/app/projects`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe("INVALID_API_KEY");
});

test("a third-party app is authorized on the consent page and calls the API with its token", async ({
  page,
  request,
}) => {
  const { apiUrl, oauthApp } = stack();
  await signedIn(page, "owner@acme.test");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: oauthApp.clientId,
    redirect_uri: oauthApp.redirectUri,
    scope: "assets:read",
    state: "st4te",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  // The app sends the browser to the API's /oauth/authorize, which hands over to the dashboard.
  await page.goto(`${apiUrl}/oauth/authorize?${query}`);
  await expect(page.getByTestId("consent-app")).toHaveText("Partner Reports");
  await expect(page.getByTestId("consent-scopes")).toContainText("assets:read");
  await expect(page.getByTestId("consent-scopes")).not.toContainText("assets:write");
  await expect(page.getByTestId("consent-workspace")).toHaveValue(String(stack().workspaces.acme));
  await shot(page, "oauth-consent");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL((url) => url.href.startsWith(oauthApp.redirectUri));
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("st4te");
  const code = back.searchParams.get("code")!;

  const tokenRes = await request.post(`${apiUrl}/oauth/token`, {
    form: {
      grant_type: "authorization_code",
      code,
      redirect_uri: oauthApp.redirectUri,
      code_verifier: verifier,
      client_id: oauthApp.clientId,
      client_secret: oauthApp.clientSecret,
    },
  });
  expect(tokenRes.status()).toBe(200);
  const tokens = await tokenRes.json();
  expect(tokens.scope).toBe("assets:read");
  const list = await request.get(`${apiUrl}/app/projects`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(list.status()).toBe(200);
  const write = await request.post(`${apiUrl}/app/projects`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { name: "x" },
  });
  expect(write.status()).toBe(403);

  // Denying sends the app an access_denied.
  await page.goto(`${apiUrl}/oauth/authorize?${query}`);
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.href.startsWith(oauthApp.redirectUri));
  expect(new URL(page.url()).searchParams.get("error")).toBe("access_denied");
});

test("buying asset slots is recorded and audited", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "Plan & slots" }).click();
  await expect(page.getByTestId("purchased-slots")).toContainText("0 additional");
  await page.getByTestId("slot-quantity").fill("2");
  // The stack has no payment provider: the slots are added, and nothing is charged (first-hour.spec.ts has the words).
  await page.getByRole("button", { name: "Add 2 slots" }).click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("no payment provider");
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("toast").filter({ hasText: "Added 2 asset slots" })).toBeVisible();
  await expect(page.getByTestId("purchased-slots")).toContainText("2 additional");
  await expect(page.getByTestId("asset-slots")).toContainText("102 asset slots");
  await shot(page, "plan");

  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByTestId("filter-action").selectOption("asset-slots.purchase");
  await expect(page.getByTestId("data-table-row")).toHaveCount(1);
  await expect(page.getByTestId("data-table-row")).toContainText("owner@acme.test");
  await expect(page.getByTestId("data-table-row")).toContainText("Dashboard");
});

test("the OAuth app form shows errors at their field, starts with no scope and offers the key presets", async ({
  page,
}) => {
  await signedIn(page, "owner@acme.test");
  await page.getByRole("link", { name: "OAuth apps" }).click();
  const form = page.getByTestId("oauth-app-form");
  const scopes = form.getByRole("group", { name: "Scopes" });
  // Least privilege: nothing is picked for you.
  await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);

  await form.getByLabel("Redirect URIs (one per line)").fill("https://partner.example/cb\nhttp://partner.example/cb");
  await form.getByRole("button", { name: "Create app" }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("must not be empty");
  await expect(form.getByLabel("Redirect URIs (one per line)")).toHaveAccessibleDescription(
    /http:\/\/partner\.example\/cb: must be https/,
  );
  await expect(scopes.getByTestId("field-error")).toHaveText("Pick at least one scope");
  await expect(page.getByTestId("oauth-app-secret")).toHaveCount(0);

  // The presets are the API keys': read only is every read scope and nothing else.
  await scopes.getByRole("button", { name: "Read only" }).click();
  await expect(scopes.getByTestId("field-error")).toHaveCount(0);
  await expect(scopes.getByRole("checkbox", { checked: true })).toHaveCount(5);
  await expect(scopes.getByRole("checkbox", { name: "assets:read" })).toBeChecked();
  await expect(scopes.getByRole("checkbox", { name: "assets:write" })).not.toBeChecked();

  await form.getByLabel("Name").fill("Spec partner");
  await form.getByLabel("Redirect URIs (one per line)").fill("https://partner.example/cb");
  await form.getByRole("button", { name: "Create app" }).click();
  const secret = page.getByTestId("oauth-app-secret");
  await expect(secret.getByTestId("client-secret")).not.toBeEmpty();
  await expect(secret.getByRole("button", { name: "Copy client secret" })).toBeVisible();
  const row = page.getByTestId("data-table-row").filter({ hasText: "Spec partner" });
  await expect(row).toContainText("assets:read");
  await expect(row).not.toContainText("assets:write");

  // The edit form opens with the app's own scopes.
  await row.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByTestId("oauth-app-edit-form");
  await expect(edit.getByRole("checkbox", { checked: true })).toHaveCount(5);
  await expect(edit.getByLabel("Redirect URIs (one per line)")).toHaveValue("https://partner.example/cb");
});

test("form errors stay readable (axe, contrast) in light and dark", async ({ browser }) => {
  for (const theme of ["light", "dark"] as const) {
    const page = await themedPage(browser, { width: 1440, height: 900 }, theme);
    await signedIn(page, "owner@acme.test");
    await page.goto("/settings/oauth-apps");
    const form = page.getByTestId("oauth-app-form");
    await form.getByRole("button", { name: "Create app" }).click();
    await expect(form.getByTestId("field-error").first()).toBeVisible();
    expect(await problems(page, /OAuth|apps/i), theme).toEqual([]);
    await page.context().close();
  }
});
