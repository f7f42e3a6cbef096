// `pnpm test`: every suite, one package at a time, all of them even when one
// fails (turbo --continue). Without DATABASE_URL the suites share an embedded
// PostgreSQL under .data/test; if this run started it, this run stops it.
import { spawnSync } from "node:child_process";

const db = (command) =>
  spawnSync("pnpm", ["--silent", "--filter", "@ems/db", "exec", "tsx", "src/test-server-cli.ts", command], {
    stdio: ["ignore", "inherit", "inherit"],
  }).status;

const wasRunning = !process.env.DATABASE_URL && db("running") === 0;
const tests = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--concurrency=1", "--continue"], {
  stdio: "inherit",
});
if (!process.env.DATABASE_URL && !wasRunning) db("stop");
process.exit(tests.status ?? 1);
