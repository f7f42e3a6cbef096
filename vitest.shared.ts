// Shared vitest settings: real PostgreSQL (DATABASE_URL or embedded), so
// generous timeouts; a JSON report per package that .ci/run totals.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    // Several files start `ems worker` / `ems api` processes through tsx, seconds each on a quiet machine and
    // tens of seconds on a busy CI runner; the suite's own waits (`until`) have their own, shorter deadlines.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
