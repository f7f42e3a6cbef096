// The stage of the webhook tests: the API with a worker, a real receiver on 127.0.0.1 whose answers each test
// scripts, DNS and web servers for a scanned asset, and a workspace with an admin and a member. A test file calls
// `setupWebhookStack()` once; the bindings below are live (set in its beforeAll).
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll } from "vitest";
import { Webhook } from "standardwebhooks";
import { createCaller, sessionContext, type WebhookConfig } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import {
  startCtServer,
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestCtServer,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import { call, newUser, newWorkspace, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";

export const WEBHOOKS: WebhookConfig = {
  webUrl: "https://dash.example.test",
  attempts: 3,
  retryDelaySeconds: 1,
  timeoutMs: 1500,
  disableAfter: 2,
};

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export let api: TestApi;
export let dns: TestDnsServer;
export let web: TestWebServers;
/** Certificate transparency for discovery runs. */
export let ct: TestCtServer;
export let receiver: Server;
export let hookBase: string;
export const received: Received[] = [];
/** What each receiver path answers, in turn; the last answer repeats. "hang" never answers; "slow" is 200 after 1 s. */
export const script = new Map<string, (number | "hang" | "slow")[]>();

export let key: string;
export let workspaceId: number;
export let adminId: number;
export let memberId: number;
export let otherWorkspace: { id: number; adminId: number };
export let scanAssetId: number;

export const op = { channel: "cli" as const, name: "test" };

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/** `now`: the services' clock (digests' periods), when a test sets it; `maxHosts`: a discovery run's host limit. */
export function setupWebhookStack(opts: { now?: () => Date; maxHosts?: number } = {}) {
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      void readBody(req).then((body) => {
        const path = req.url ?? "/";
        received.push({ path, headers: req.headers as Record<string, string>, body, at: Date.now() });
        const answers = script.get(path) ?? [200];
        const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
        if (answer === "hang") return; // the attempt times out
        if (answer === "slow") return void setTimeout(() => res.writeHead(200).end("ok"), 1000);
        res.writeHead(answer, { "content-type": "text/plain" }).end(answer === 200 ? "ok" : "nope");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    hookBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

    dns = await startDnsServer();
    web = await startTestWebServers({ hostnames: ["alert-target.com", "flip-site.com", "localhost"] });
    dns.set("alert-target.com", { A: ["127.0.0.1"] });
    dns.set("flip-site.com", { A: ["127.0.0.1"] });
    web.route("alert-target.com/", {
      status: 200,
      headers: { server: "Apache/2.4.41 (Ubuntu)" },
      body: "<html></html>",
    });
    web.route("alert-target.com/.git/HEAD", {
      status: 200,
      headers: { "content-type": "text/plain" },
      body: "ref: refs/heads/main\n",
    });
    web.route("flip-site.com/", { status: 200, body: "<html><title>flip</title></html>" });

    ct = await startCtServer();
    const discovery = {
      engine: {
        crtShUrl: ct.url,
        certSpotterUrl: ct.url,
        certSpotterToken: null,
        sourceTimeoutMs: 3000,
        resolveConcurrency: 50,
        bruteforce: false,
        maxHosts: opts.maxHosts ?? 20_000,
      },
      intervalDays: 0,
    };
    api = await startApi({ net: testNetConfig(dns, web), worker: true, webhooks: WEBHOOKS, discovery, now: opts.now });
    ({
      key,
      workspace: { id: workspaceId },
    } = await workspaceWithKey(api.services, { plan: "pro" }));
    adminId = (await newUser(api.services, workspaceId, "admin")).user.id;
    memberId = (await newUser(api.services, workspaceId, "member")).user.id;
    const other = await newWorkspace(api.services);
    otherWorkspace = { id: other.id, adminId: (await newUser(api.services, other.id, "admin")).user.id };

    const project = (
      (await (await call(api.url, key, "POST", "/app/projects", { name: "Alerts" })).json()) as { id: number }
    ).id;
    const asset = (await (
      await call(api.url, key, "POST", "/app/assets", {
        projectId: project,
        type: "domain",
        value: "alert-target.com",
        name: "Alert target",
        portScanMode: "off",
      })
    ).json()) as { id: number };
    scanAssetId = asset.id;
    await runInWorkspace(workspaceId, () =>
      api.services.scoped.asset.update({
        where: { id: scanAssetId },
        data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
      }),
    );
  });
  afterAll(async () => {
    await api.close();
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    await web.close();
    await dns.close();
    await ct.close();
  });
}

export const admin = (services = api.services) =>
  createCaller(sessionContext(services, { userId: adminId, workspaceId }));
export const member = () => createCaller(sessionContext(api.services, { userId: memberId, workspaceId }));

export const deliveries = (endpointId: number) =>
  runInWorkspace(workspaceId, () =>
    api.services.scoped.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" } }),
  );
export const settled = (endpointId: number, count: number, what: string, ms = 30_000) =>
  until(
    async () => {
      const ds = await deliveries(endpointId);
      return ds.length >= count && ds.every((d) => d.status !== "pending");
    },
    what,
    ms,
  );
export const at = (path: string) => received.filter((r) => r.path === path);

interface Ref {
  id: number;
  url: string;
}
/** What the tests read of a message (the shape is checked by the assertions themselves). */
export interface Sent {
  type: string;
  data: {
    asset: Ref;
    issue: Ref & { kind: string; severity: string };
    scan: Ref & { error: string };
    changes: { newIssues: Ref[]; resolvedIssues: Ref[] };
    reason: string;
  };
}

/** The receiver's check: a body whose signature does not verify throws. */
export const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as Sent;

export async function newEndpoint(
  path: string,
  extra: {
    events?: string[];
    format?: "standard" | "slack";
    minSeverity?: "info" | "low" | "medium" | "high" | "critical";
    delivery?: "immediate" | "hourly" | "daily";
  } = {},
) {
  return admin().webhooks.create({ url: `${hookBase}${path}`, description: path, ...(extra as object) });
}
