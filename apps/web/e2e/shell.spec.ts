import type { Page } from "@playwright/test";
import { expect, shot, signedIn, test } from "./fixtures";

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("the skip link comes first and lands in the page's content", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#content$/);
  await expect(page.locator("main#content")).toBeFocused();
});

test("at 390 px the navigation is a sheet behind a menu button, and no page scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, "owner@acme.test");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await page.getByRole("button", { name: "Open navigation" }).click();
  const nav = page.getByRole("dialog").getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Issues" }).click();
  await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  for (const path of [
    "/",
    "/projects",
    "/assets",
    "/issues",
    "/findings",
    "/reports",
    "/audit-log",
    "/settings/api-keys",
  ]) {
    await page.goto(path);
    await expect(page.locator("main#content h1")).toBeVisible();
    expect(await noSidewaysScroll(page), `${path} scrolls sideways`).toBe(true);
  }
  await shot(page, "shell-mobile");
});

test("the theme follows the system until chosen, and the choice survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await signedIn(page, "owner@acme.test");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});

test("an unknown page says so and offers a way back", async ({ page }) => {
  await signedIn(page, "owner@acme.test");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Issues" }).click();
  await expect(page.getByRole("heading", { name: "Issues", level: 1 })).toBeVisible();
});
