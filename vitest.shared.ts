// Shared vitest settings: real PostgreSQL (DATABASE_URL or embedded), so
// generous timeouts; a JSON report per package that .ci/run totals.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    // Test files mostly wait (child processes starting, servers, PostgreSQL, timeouts they test), so two files at
    // once fill each other's waits; vitest's default (cores - 1) runs them one by one on a 2-core runner. Every file
    // has its own database (a template clone), servers on free ports and its own temporary directories.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module graph instead of loading core, Prisma and the
    // scanners again per file (the API suite spent 115 s importing; 421 -> 333 s without). No file sets process.env,
    // mocks a module or fakes timers, and each file starts its own database and servers, so nothing leaks across.
    isolate: false,
    // Several files start `ems worker` / `ems api` processes through tsx, seconds each on a quiet machine and
    // tens of seconds on a busy CI runner; the suite's own waits (`until`) have their own, shorter deadlines.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Worker processes the tests start (`ems worker`) read their scan settings from here: loopback fixtures take
    // the catalogue at once rather than at a real host's 50 requests/s (in-process stacks use testScanEngineConfig).
    env: { EMS_CHECKS_RPS: "5000", EMS_CHECKS_CONCURRENCY: "32" },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
