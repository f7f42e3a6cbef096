// Runs the real entry points (server, CLI) as child processes: built once per run (entry-points.ts), or through tsx
// as `pnpm ems` / `pnpm start:api` run them, for the tests that keep that whole path end to end.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { freePort } from "./free-port.ts";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface SpawnOptions {
  /** Run the TypeScript source through tsx, as the package scripts do, instead of the prebuilt entry point. */
  viaTsx?: boolean;
}

/** Node's arguments to run `entry` ("cli" or "main"). */
function nodeArgs(entry: "cli" | "main", { viaTsx = false }: SpawnOptions) {
  if (viaTsx) return ["--import", "tsx", entry === "cli" ? "src/cli/main.ts" : "src/main.ts"];
  return [path.join(inject("entryPointsDir"), `${entry}.mjs`)];
}

/**
 * Environment for a child: ours minus DATABASE_URL unless given. Discovery is off unless a test turns it on: no
 * cadence (it would search under every proven domain of the test) and no certificate-transparency source.
 */
function childEnv(env: Record<string, string | undefined>) {
  const base: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: "warn",
    DATABASE_URL: undefined,
    EMS_DISCOVERY_INTERVAL_DAYS: "0",
    EMS_DISCOVERY_CRTSH_URL: "",
    EMS_DISCOVERY_CERTSPOTTER_URL: "",
  };
  return Object.fromEntries(
    Object.entries({ ...base, ...env }).filter(([, v]) => v !== undefined),
  ) as NodeJS.ProcessEnv;
}

/** How long a child may take to exit after SIGTERM (its own deadline is 20 s) before it is killed and reported. */
const STOP_DEADLINE_MS = 30_000;

/**
 * SIGTERM, and the exit code. A child still running after STOP_DEADLINE_MS is killed and the call fails with its
 * output: a process that ignores SIGTERM is a bug to see, not a test that hangs until its timeout.
 */
function stopChild(child: ChildProcess, output: () => string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const killer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`pid ${child.pid} did not exit within ${STOP_DEADLINE_MS} ms of SIGTERM:\n${output()}`));
    }, STOP_DEADLINE_MS);
    child.once("exit", (code) => {
      clearTimeout(killer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, nodeArgs("main", options), {
    cwd: apiDir,
    env: childEnv({ ...env, PORT: String(port) }),
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  // Loading the server takes seconds on a quiet machine (more through tsx), up to minutes on a saturated CI runner.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    stop: () => stopChild(child, () => out),
  };
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  options: SpawnOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs("cli", options), ...args], {
      cwd: apiDir,
      env: childEnv(env),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A long-running CLI command (e.g. the worker), stopped with SIGTERM. */
export function startCliProcess(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, [...nodeArgs("cli", {}), ...args], {
    cwd: apiDir,
    env: childEnv(env),
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return {
    output: () => out,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    stop: () => stopChild(child, () => out),
  };
}
