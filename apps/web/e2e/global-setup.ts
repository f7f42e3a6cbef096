import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sessionsDir } from "./fixtures";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts stack.ts and waits until it says it is ready; returns the teardown. */
export default async function globalSetup() {
  rmSync(sessionsDir, { recursive: true, force: true }); // sessions of an earlier run's stack are not valid here
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "stack.ts")], {
    cwd: path.join(here, ".."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      process.stdout.write(d);
      if (d.toString().includes("e2e stack ready")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`e2e stack exited with ${code}`)));
  });
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    rmSync(path.join(here, ".stack.json"), { force: true }); // also when the stack died before its own clean-up
    rmSync(sessionsDir, { recursive: true, force: true }); // session cookies
  };
}
