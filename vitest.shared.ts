// Shared vitest settings: real PostgreSQL (DATABASE_URL or embedded), so
// generous timeouts; a JSON report per package that .ci/run totals.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
