// A person's profile, on a desktop and a phone: their name (shown in the navigation), their email, and a password
// change that needs the current password, keeps this session and ends the others.
import { expect, shot, signIn, stack, test } from "./fixtures";

const NEW_PASSWORD = "a new and longer passphrase";

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`a read-only member sets their name and changes their password on a ${viewport.name}`, async ({
    page,
    browser,
  }) => {
    const email = `profile-${viewport.name}@acme.test`;
    // Another device, signed in before the change.
    const other = await browser.newPage();
    await signIn(other, email);

    await page.setViewportSize(viewport);
    await signIn(page, email);
    await page.goto("/settings/profile");
    await expect(page.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();
    await expect(page.getByTestId("profile-email")).toHaveText(email);

    const name = page.getByTestId("name-form");
    await name.getByLabel("First name").fill("Ada");
    await name.getByLabel("Last name").fill("Lovelace");
    await name.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Name saved" })).toBeVisible();
    if (viewport.name === "phone") await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(page.getByTestId("signed-in-as").filter({ visible: true })).toContainText("Ada Lovelace");
    if (viewport.name === "phone") await page.keyboard.press("Escape");
    await page.reload();
    await expect(name.getByLabel("First name")).toHaveValue("Ada");

    const password = page.getByTestId("password-form");
    await password.getByLabel("Current password").fill("not the password at all");
    await password.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel("New password again").fill("something else entirely");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password).toContainText("must match the new password");
    await password.getByLabel("New password again").fill(NEW_PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password).toContainText("does not match your password");
    await password.getByLabel("Current password").fill(stack().password);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Password changed" })).toBeVisible();
    await expect(password.getByLabel("Current password")).toHaveValue("");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await shot(page, `profile-${viewport.name}`);

    // This session goes on; the other device's has ended.
    await page.goto("/issues");
    await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
    await other.goto("/issues");
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByTestId("login-error")).toBeVisible();
    await other.close();

    // The new password signs in; the old one no longer does.
    const fresh = await browser.newPage();
    await fresh.goto("/login");
    await fresh.getByLabel("Email").fill(email);
    await fresh.getByLabel("Password").fill(stack().password);
    await fresh.getByRole("button", { name: "Sign in" }).click();
    await expect(fresh.getByTestId("login-error")).toHaveText("Wrong email or password.");
    await signIn(fresh, email, NEW_PASSWORD);
    await fresh.close();
  });
}
