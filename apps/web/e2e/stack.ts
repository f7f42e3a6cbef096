// The whole product for the browser tests, on real parts: a fresh database,
// the API (in this process), the built dashboard (its front, server.ts), and a tiny
// OAuth client callback page. Run by global-setup with tsx; it writes what the
// tests need to .stack.json and runs until it gets SIGTERM.
import { spawn } from "node:child_process";
import { writeFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@ems/db/testing";
import {
  asOperator,
  createJobQueue,
  createOAuthApp,
  createServices,
  createUserInWorkspace,
  createWorkspace,
  startWorker,
  webhookConfigFromEnv,
} from "@ems/core";
import { runInWorkspace, runSchedulerTick } from "@ems/core/testing";
import {
  startCtServer,
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  testScanEngineConfig,
} from "@ems/scanners/testing";
import { loadConfig } from "../../api/src/config.ts";
import { buildServer } from "../../api/src/server.ts";
import { E2E } from "./ports.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const op = { channel: "cli" as const, name: "e2e setup" };
const PASSWORD = "correct horse battery staple";

// The outside world of the assets: our own DNS server and web servers on loopback.
const dns = await startDnsServer();
const sites = await startTestWebServers({ hostnames: ["e2e-shop.com", "localhost"] });
dns.set("e2e-shop.com", { A: ["127.0.0.1"] });
sites.route("e2e-shop.com/", {
  status: 200,
  headers: { server: "nginx/1.25.3" },
  body:
    `<html><head><title>E2E Shop</title></head><body style="font-family:sans-serif;background:#fef3c7"><h1>E2E ` +
    `Shop</h1><p>Everything must go.</p></body></html>`,
});
const net = testNetConfig(dns, sites);
// Certificate transparency for discovery: crt.sh and CertSpotter look-alikes (POST /ct/<domain> publishes names).
const ct = await startCtServer();
const discovery = {
  engine: {
    crtShUrl: ct.url,
    certSpotterUrl: ct.url,
    certSpotterToken: null,
    sourceTimeoutMs: 3000,
    resolveConcurrency: 100,
    bruteforce: true,
    // Low enough for discovery.spec.ts to show a run that reached it (EMS_DISCOVERY_MAX_HOSTS).
    maxHosts: 100,
  },
  intervalDays: 0,
};

const db = await createTestDatabase();
const jobs = createJobQueue(db.url);
const webhooks = webhookConfigFromEnv({ EMS_WEB_URL: `http://127.0.0.1:${E2E.webPort}` });
// Share links point at the API, as `pnpm start` sets them up.
const shareBaseUrl = `http://127.0.0.1:${E2E.apiPort}`;
const services = createServices(db, {
  net,
  scanEngine: testScanEngineConfig,
  jobs,
  discovery,
  shareBaseUrl,
  webhooks,
});
const worker = await startWorker(services, { concurrency: 2 });
const acme = await createWorkspace(services, { name: "Acme", plan: "pro" }, op);
const beta = await createWorkspace(services, { name: "Beta Labs", plan: "essential" }, op);
await createUserInWorkspace(
  services,
  { workspaceId: acme.id, email: "owner@acme.test", password: PASSWORD, role: "owner" },
  op,
);
await createUserInWorkspace(
  services,
  { workspaceId: beta.id, email: "owner@acme.test", password: PASSWORD, role: "owner" },
  op,
);
await createUserInWorkspace(
  services,
  { workspaceId: acme.id, email: "viewer@acme.test", password: PASSWORD, role: "read-only" },
  op,
);
// People who change their own password in profile.spec.ts (sessions of the others stay untouched).
for (const who of ["desktop", "phone"])
  await createUserInWorkspace(
    services,
    { workspaceId: acme.id, email: `profile-${who}@acme.test`, password: PASSWORD, role: "read-only" },
    op,
  );
const callbackUrl = `http://127.0.0.1:${E2E.callbackPort}/callback`;
const app = await asOperator(services, acme.id, op, (sc) =>
  createOAuthApp(sc, { name: "Partner Reports", scopes: ["assets:read", "assets:write"], redirectUris: [callbackUrl] }),
);
await runInWorkspace(beta.id, () =>
  services.scoped.project.create({ data: { workspaceId: beta.id, name: "Beta only project" } }),
);
await runInWorkspace(acme.id, () =>
  services.scoped.project.create({ data: { workspaceId: acme.id, name: "Websites" } }),
);

// The OAuth client's redirect target (shows what it received), and control
// endpoints for the tests: POST /dns/<name> with zone records publishes them;
// POST /ct/<domain> with a list of names publishes a certificate with those names;
// POST /scheduler/due/<scheduleId> makes that schedule's slot come now and
// runs a scheduler tick (the one the worker runs every 20 s), answering its result;
// POST /scans/held/<assetId> queues a scan of the asset with no job, so it stays
// queued (an active scan no worker races to finish), answering { id };
// POST /scans/cancel/<scanId> ends it;
// POST /dns-failing with { "AAAA": "refused", … } makes the DNS server refuse, SERVFAIL or drop those record types
// ({} answers every type again);
// POST /workspaces/<slug>?plan=<plan> creates an empty workspace whose owner is <slug>@fresh.test (a new user's
// first hour), answering { id, email }.
const callback = http.createServer((req, res) => {
  const fresh = req.method === "POST" && /^\/workspaces\/([a-z0-9-]+)(?:\?plan=(\w+))?$/.exec(req.url ?? "");
  if (fresh) {
    void (async () => {
      const [, slug, plan = "essential"] = fresh;
      const workspace = await createWorkspace(services, { name: `Fresh ${slug}`, plan }, op);
      const email = `${slug}@fresh.test`;
      await createUserInWorkspace(
        services,
        { workspaceId: workspace.id, email, password: PASSWORD, role: "owner" },
        op,
      );
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: workspace.id, email }));
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
    return;
  }
  const held = req.method === "POST" && /^\/scans\/(held|cancel)\/(\d+)$/.exec(req.url ?? "");
  if (held) {
    const sql =
      held[1] === "held"
        ? `insert into "Scan" ("workspaceId", "assetId", "updatedAt") select "workspaceId", id, now() from "Asset" ` +
          `where id = $1 returning id`
        : `update "Scan" set status = 'cancelled', "finishedAt" = now() where id = $1 returning id`;
    db.pool
      .query<{ id: number }>(sql, [Number(held[2])])
      .then((r) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(r.rows[0])))
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
    return;
  }
  const due = req.method === "POST" && /^\/scheduler\/due\/(\d+)$/.exec(req.url ?? "");
  if (due) {
    void (async () => {
      await db.pool.query(`update "ScanSchedule" set "nextRunAt" = now() - interval '1 second' where id = $1`, [
        Number(due[1]),
      ]);
      const tick = await runSchedulerTick(services);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(tick));
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
    return;
  }
  if (req.method === "POST" && req.url === "/dns-failing") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      dns.failing = JSON.parse(body);
      res.writeHead(204).end();
    });
    return;
  }
  if (req.method === "POST" && (req.url?.startsWith("/dns/") || req.url?.startsWith("/ct/"))) {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const [, kind, name] = req.url!.split("/");
      if (kind === "dns") dns.add(decodeURIComponent(name!), JSON.parse(body));
      else ct.publish(decodeURIComponent(name!), JSON.parse(body));
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(200, { "content-type": "text/plain" }).end(`callback ${req.url}`);
});
await new Promise<void>((r) => callback.listen(E2E.callbackPort, "127.0.0.1", r));

const webUrl = `http://127.0.0.1:${E2E.webPort}`;
const api = await buildServer(services, {
  ...loadConfig({} as NodeJS.ProcessEnv),
  port: E2E.apiPort,
  logLevel: "warn",
  webUrl,
});
await api.listen({ host: "127.0.0.1", port: E2E.apiPort });

const secret = "e2e-nextauth-secret-" + Math.random().toString(36).slice(2);
// The dashboard as `pnpm start` runs it: its front (server.ts) before the built Next app.
const web = spawn(
  process.execPath,
  ["--import", "tsx", "server.ts", "--port", String(E2E.webPort), "--hostname", "127.0.0.1"],
  {
    cwd: path.join(here, ".."),
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: db.url,
      NEXTAUTH_URL: webUrl,
      NEXTAUTH_SECRET: secret,
      EMS_SESSION_MAX_AGE: String(E2E.sessionMaxAge),
      NEXT_TELEMETRY_DISABLED: "1",
      EMS_SHARE_BASE_URL: shareBaseUrl,
      // The dashboard verifies ownership itself: same network config as the API.
      EMS_DNS_SERVERS: dns.address,
      EMS_ALLOWED_RANGES: net.allowedRanges.join(","),
      EMS_HTTP_PORT: String(net.httpPort),
      EMS_HTTPS_PORT: String(net.httpsPort),
      EMS_DNS_TIMEOUT_MS: String(net.dnsTimeoutMs),
      EMS_HTTP_TIMEOUT_MS: String(net.httpTimeoutMs),
      EMS_DISCOVERY_INTERVAL_DAYS: "0",
    },
  },
);

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
    webPid: web.pid,
    apiUrl: `http://127.0.0.1:${E2E.apiPort}`,
    databaseUrl: db.url,
    secrets: [secret, new URL(db.url).password],
    password: PASSWORD,
    workspaces: { acme: acme.id, beta: beta.id },
    oauthApp: { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: callbackUrl },
    dnsControl: `http://127.0.0.1:${E2E.callbackPort}/dns`,
    dnsFailing: `http://127.0.0.1:${E2E.callbackPort}/dns-failing`,
    ctControl: `http://127.0.0.1:${E2E.callbackPort}/ct`,
    webPorts: [net.httpPort, net.httpsPort],
    schedulerControl: `http://127.0.0.1:${E2E.callbackPort}/scheduler`,
    scanControl: `http://127.0.0.1:${E2E.callbackPort}/scans`,
    workspaceControl: `http://127.0.0.1:${E2E.callbackPort}/workspaces`,
  }),
);
console.log("e2e stack ready");

async function shutdown() {
  web.kill("SIGTERM");
  await new Promise((r) => (web.exitCode !== null ? r(null) : web.once("exit", r)));
  await api.close();
  await worker.stop();
  await jobs.stop();
  callback.close();
  await Promise.all([sites.close(), dns.close(), ct.close()]);
  await db.drop();
  rmSync(path.join(here, ".stack.json"), { force: true }); // it holds this run's secrets
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
