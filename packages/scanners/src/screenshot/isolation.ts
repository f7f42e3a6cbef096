// How the screenshot browser is kept off the network: an empty network
// namespace (see chromium-without-network.sh and the package README). Root can
// make one directly; other users need unprivileged user namespaces. Which one
// works is probed once per process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type ScreenshotIsolation = "namespace" | "none";

/**
 * Files next to this one; resolved when used, since bundlers (the dashboard's) rewrite `new URL(…, import.meta.url)`.
 */
export const besideThis = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), name);
const CANDIDATES = [["--net"], ["--user", "--map-root-user", "--net"]];

let probed: string[] | null | undefined;

/** The unshare flags that give this process an empty network namespace, or null when none works here. */
export function namespaceFlags(): string[] | null {
  if (probed === undefined) {
    probed =
      CANDIDATES.find((flags) => spawnSync("unshare", [...flags, "true"], { stdio: "ignore" }).status === 0) ?? null;
  }
  return probed;
}

/** What the browser and its driver inherit: nothing of the server's settings or secrets. */
export const browserEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  NODE_ENV: "production",
});

/** Playwright launch options for Chromium under the chosen isolation; null when it is required and unavailable. */
export function isolatedLaunch(chromiumPath: string, isolation: ScreenshotIsolation, args: string[]) {
  if (isolation === "none") return { executablePath: chromiumPath, args, env: browserEnv() };
  const flags = namespaceFlags();
  if (!flags) return null;
  return {
    executablePath: besideThis("chromium-without-network.sh"),
    args,
    env: { ...browserEnv(), EMS_CHROMIUM: chromiumPath, EMS_UNSHARE_FLAGS: flags.join(" ") },
  };
}
