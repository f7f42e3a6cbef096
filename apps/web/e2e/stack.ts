// The whole product for the browser tests, on real parts: a fresh database,
// the API (in this process), the built dashboard (`next start`), and a tiny
// OAuth client callback page. Run by global-setup with tsx; it writes what the
// tests need to .stack.json and runs until it gets SIGTERM.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@ems/db/testing";
import { createOAuthApp, createServices, createUserInWorkspace, createWorkspace, operatorActor, runInWorkspace, serviceContext } from "@ems/core";
import { loadConfig } from "../../api/src/config.ts";
import { buildServer } from "../../api/src/server.ts";
import { E2E } from "./ports.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const op = { channel: "cli" as const, name: "e2e setup" };
const PASSWORD = "correct horse battery staple";

const db = await createTestDatabase();
const services = createServices(db);
const acme = await createWorkspace(services, { name: "Acme", plan: "pro" }, op);
const beta = await createWorkspace(services, { name: "Beta Labs", plan: "essential" }, op);
await createUserInWorkspace(services, { workspaceId: acme.id, email: "owner@acme.test", password: PASSWORD, role: "owner" }, op);
await createUserInWorkspace(services, { workspaceId: beta.id, email: "owner@acme.test", password: PASSWORD, role: "owner" }, op);
await createUserInWorkspace(services, { workspaceId: acme.id, email: "viewer@acme.test", password: PASSWORD, role: "read-only" }, op);
const callbackUrl = `http://127.0.0.1:${E2E.callbackPort}/callback`;
const app = await runInWorkspace(acme.id, () =>
  createOAuthApp(serviceContext(services, operatorActor(acme.id, op)), { name: "Partner Reports", scopes: ["assets:read", "assets:write"], redirectUris: [callbackUrl] }),
);
await runInWorkspace(beta.id, () => services.scoped.project.create({ data: { workspaceId: beta.id, name: "Beta only project" } }));

// The OAuth client's redirect target: shows what it received.
const callback = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/plain" }).end(`callback ${req.url}`));
await new Promise<void>((r) => callback.listen(E2E.callbackPort, "127.0.0.1", r));

const webUrl = `http://127.0.0.1:${E2E.webPort}`;
const api = await buildServer(services, { ...loadConfig({} as NodeJS.ProcessEnv), port: E2E.apiPort, logLevel: "warn", webUrl });
await api.listen({ host: "127.0.0.1", port: E2E.apiPort });

const secret = "e2e-nextauth-secret-" + Math.random().toString(36).slice(2);
const web = spawn(path.join(here, "../node_modules/.bin/next"), ["start", "--port", String(E2E.webPort), "--hostname", "127.0.0.1"], {
  cwd: path.join(here, ".."),
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, NODE_ENV: "production", DATABASE_URL: db.url, NEXTAUTH_URL: webUrl, NEXTAUTH_SECRET: secret, EMS_SESSION_MAX_AGE: String(E2E.sessionMaxAge), NEXT_TELEMETRY_DISABLED: "1" },
});

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${webUrl}/login`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 600 || web.exitCode !== null) throw new Error("the dashboard did not start");
  await new Promise((r) => setTimeout(r, 100));
}

writeFileSync(
  path.join(here, ".stack.json"),
  JSON.stringify({
    webUrl,
    apiUrl: `http://127.0.0.1:${E2E.apiPort}`,
    databaseUrl: db.url,
    secrets: [secret, new URL(db.url).password],
    password: PASSWORD,
    workspaces: { acme: acme.id, beta: beta.id },
    oauthApp: { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: callbackUrl },
  }),
);
console.log("e2e stack ready");

async function shutdown() {
  web.kill("SIGTERM");
  await new Promise((r) => (web.exitCode !== null ? r(null) : web.once("exit", r)));
  await api.close();
  callback.close();
  await db.drop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
