// `pnpm start` as an operator runs it: the README's first command on its embedded database, then Ctrl-C. A
// terminal's Ctrl-C sends SIGINT to the whole foreground process group (pnpm, tsx, the API, next); the product
// must stop everything, its embedded PostgreSQL included, and exit 0 without pnpm's failure lines.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { freePort } from "../../api/test/free-port.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.ok)
    .catch(() => false);
}

test("pnpm start serves the product on its embedded database and Ctrl-C stops it all with exit code 0", async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ems-start-"));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EMS_DATA_DIR: dataDir,
    PORT: String(apiPort),
    EMS_WEB_PORT: String(webPort),
    // The browser tests' global setup has just built the dashboard.
    EMS_SKIP_WEB_BUILD: "1",
    EMS_DISCOVERY_INTERVAL_DAYS: "0",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  const child = spawn("pnpm", ["start"], { cwd: repoRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await expect
      .poll(
        async () =>
          (await answers(`http://127.0.0.1:${apiPort}/healthz`)) &&
          (await answers(`http://127.0.0.1:${webPort}/login`)),
        { timeout: 150_000, intervals: [1_000] },
      )
      .toBe(true);
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    expect(existsSync(pidFile), `embedded PostgreSQL running in ${dataDir}\n${output}`).toBe(true);

    process.kill(-child.pid!, "SIGINT");
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 30_000))]);
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/ELIFECYCLE|ERR_PNPM|Command failed/);
    expect(existsSync(pidFile), "embedded PostgreSQL stopped").toBe(false);
    expect(await answers(`http://127.0.0.1:${apiPort}/healthz`)).toBe(false);
    expect(await answers(`http://127.0.0.1:${webPort}/login`)).toBe(false);
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
