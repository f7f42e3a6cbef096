// `pnpm start`: opens the database (DATABASE_URL or the embedded one, with
// migrations), serves the API, and shuts down gracefully on SIGINT/SIGTERM.
import { openDatabase } from "@ems/db/node";
import { createJobQueue, createServices, discoverySettingsFromEnv, startWorker, webhookConfigFromEnv } from "@ems/core";
import { netConfigFromEnv } from "@ems/scanners";
import { loadConfig } from "./config.ts";
import { buildServer } from "./server.ts";
import { exitAfterDeadline, stopBackgroundWork } from "./shutdown.ts";

const config = loadConfig();
const db = await openDatabase();
const jobs = createJobQueue(db.url);
const services = createServices(db, {
  net: netConfigFromEnv(),
  discovery: discoverySettingsFromEnv(),
  jobs,
  webhooks: webhookConfigFromEnv(),
  shareBaseUrl: config.shareBaseUrl,
});
// The worker runs here unless the operator runs it apart (`pnpm ems worker`).
const inProcessWorker = process.env.EMS_IN_PROCESS_WORKER !== "0";
const worker = inProcessWorker ? await startWorker(services, config.worker) : undefined;
const app = await buildServer(services, config);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down (finishing in-flight requests)`);
  exitAfterDeadline("the server");
  await app.close(); // stops accepting, lets in-flight requests finish
  await stopBackgroundWork(worker, jobs);
  await db.close();
  if (db.embedded?.startedHere) await db.embedded.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ host: config.host, port: config.port });
console.log(
  [
    "",
    `Exposure Monitoring API listening on ${config.baseUrl}`,
    `  REST API      ${config.baseUrl}/app/...`,
    `  API reference ${config.baseUrl}/docs   (OpenAPI: ${config.baseUrl}/openapi.json)`,
    `  Database      ${db.embedded ? "embedded PostgreSQL " : ""}${db.url.replace(/:[^:@/]+@/, ":***@")}`,
    `  Worker        ${inProcessWorker ? "in this process" : "separate (pnpm ems worker)"}`,
    ...(process.env.EMS_SERVES_DASHBOARD ? [`  Dashboard     ${config.webUrl}`] : []),
    "",
    "First time? Create a workspace and its owner, then sign in to the dashboard with that email:",
    '  pnpm ems workspace create --name "My company"',
    "  pnpm ems user create --workspace 1 --email you@example.com --password 'a long passphrase' --role owner",
    'API keys for scripts: pnpm ems api-key create --workspace 1 --name "my key"',
    "",
  ].join("\n"),
);
