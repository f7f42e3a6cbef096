// Browser tests in Debian's Chromium against the real stack (e2e/stack.ts).
import { defineConfig } from "@playwright/test";
import { E2E } from "./e2e/ports";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E.webPort}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's old headless shell (package chromium-headless-shell, what Playwright itself runs headless): the same
      // Blink without the full browser's UI and GPU processes, 12.2 -> 10.1 min for this suite on two cores.
      // CHROMIUM_PATH stays the product's browser (screenshots, PDF), which the stack under test starts on its own.
      executablePath: process.env.EMS_E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
