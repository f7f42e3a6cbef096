// `pnpm start`: the whole product on one machine. Opens the database
// (DATABASE_URL or the embedded one, with migrations), makes sure the
// dashboard is built (turbo restores an unchanged build from its cache), then
// runs the API and the dashboard side by side and stops both together.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { dataDir, openDatabase, repoRoot } from "@ems/db/node";
import { loadConfig } from "./config.ts";

const config = loadConfig();
const webPort = Number(process.env.EMS_WEB_PORT ?? 3000);
const webUrl = process.env.EMS_WEB_URL ?? `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${webPort}`;

const db = await openDatabase();
const databaseUrl = db.url;
await db.close();

/**
 * next-auth's signing secret: NEXTAUTH_SECRET, else one generated once and kept with the data, so sessions survive
 * restarts.
 */
function authSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(dataDir(), "nextauth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

if (process.env.EMS_SKIP_WEB_BUILD !== "1") {
  console.log("Building the dashboard if it changed (the first time takes a minute)…");
  const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@ems/web", "--output-logs=errors-only"], {
    cwd: repoRoot,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = {
  ...process.env,
  EMS_WEB_URL: webUrl,
  // The dashboard makes share links too: they point at the API's /share/….
  EMS_SHARE_BASE_URL: config.shareBaseUrl,
  NEXTAUTH_URL: webUrl,
  NEXTAUTH_SECRET: authSecret(),
};
const children: ChildProcess[] = [
  // With the embedded database the API finds it by itself (and says so); this process stops it at the end.
  spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(repoRoot, "apps/api"),
    stdio: "inherit",
    env: { ...env, EMS_SERVES_DASHBOARD: "1", ...(db.embedded ? {} : { DATABASE_URL: databaseUrl }) },
  }),
  // The dashboard's front (apps/web/server.ts: proxy headers, Node's refusals in the error shape) before Next.
  spawn(process.execPath, ["--import", "tsx", "server.ts", "--port", String(webPort), "--hostname", config.host], {
    cwd: path.join(repoRoot, "apps/web"),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, DATABASE_URL: databaseUrl, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  }),
];

let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill(signal);
}
for (const c of children) c.on("exit", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on("exit", r)))));
if (db.embedded?.startedHere) await db.embedded.stop();
