// Change alerts end to end: endpoints managed as the dashboard does, messages
// from real scans, checks and the watchdog, delivered by the queue to a real
// receiver on 127.0.0.1 that verifies every signature with `standardwebhooks`.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  asOperator,
  createCaller,
  createServices,
  emitWebhookEvent,
  MAX_SCAN_ATTEMPTS,
  recoverAbandonedScans,
  sessionContext,
  type WebhookConfig,
} from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import {
  assetChecked,
  call,
  expectAppError,
  expectError,
  newUser,
  newWorkspace,
  startApi,
  until,
  workspaceWithKey,
  type TestApi,
} from "./harness.ts";

const WEBHOOKS: WebhookConfig = {
  webUrl: "https://dash.example.test",
  attempts: 3,
  retryDelaySeconds: 1,
  timeoutMs: 1500,
  disableAfter: 2,
};

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let receiver: Server;
let hookBase: string;
const received: Received[] = [];
/** What each receiver path answers, in turn; the last answer repeats. "hang" never answers. */
const script = new Map<string, (number | "hang")[]>();

let key: string;
let workspaceId: number;
let adminId: number;
let memberId: number;
let otherWorkspace: { id: number; adminId: number };
let scanAssetId: number;

const op = { channel: "cli" as const, name: "test" };

function readBody(req: IncomingMessage) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers as Record<string, string>, body, at: Date.now() });
      const answers = script.get(path) ?? [200];
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === "hang") return; // the attempt times out
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
  web.route("alert-target.com/", { status: 200, headers: { server: "Apache/2.4.41 (Ubuntu)" }, body: "<html></html>" });
  web.route("alert-target.com/.git/HEAD", {
    status: 200,
    headers: { "content-type": "text/plain" },
    body: "ref: refs/heads/main\n",
  });
  web.route("flip-site.com/", { status: 200, body: "<html><title>flip</title></html>" });

  api = await startApi({ net: testNetConfig(dns, web), worker: true, webhooks: WEBHOOKS });
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
});

const admin = (services = api.services) => createCaller(sessionContext(services, { userId: adminId, workspaceId }));
const member = () => createCaller(sessionContext(api.services, { userId: memberId, workspaceId }));

const deliveries = (endpointId: number) =>
  runInWorkspace(workspaceId, () =>
    api.services.scoped.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" } }),
  );
const settled = (endpointId: number, count: number, what: string, ms = 30_000) =>
  until(
    async () => {
      const ds = await deliveries(endpointId);
      return ds.length >= count && ds.every((d) => d.status !== "pending");
    },
    what,
    ms,
  );
const at = (path: string) => received.filter((r) => r.path === path);

interface Ref {
  id: number;
  url: string;
}
/** What the tests read of a message (the shape is checked by the assertions themselves). */
interface Sent {
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
const verified = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as Sent;

async function newEndpoint(path: string, extra: { events?: string[]; format?: "standard" | "slack" } = {}) {
  return admin().webhooks.create({ url: `${hookBase}${path}`, description: path, ...(extra as object) });
}

describe("managing endpoints", () => {
  it("creates an endpoint with a whsec_ secret shown once, and audits it without the secret", async () => {
    const ep = await newEndpoint("/created");
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(ep).toMatchObject({ format: "standard", enabled: true, consecutiveFailures: 0, disabledReason: null });
    expect(ep.events).toContain("scan.completed");
    expect(ep.events).not.toContain("webhook.test");
    const listed = await admin().webhooks.list({});
    expect(listed.items.find((e) => e.id === ep.id)).not.toHaveProperty("secret");
    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: "webhook.create", resourceId: String(ep.id) } }),
    );
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0]!.changes)).not.toContain(ep.secret);
  });

  it("answers 400 naming the field for bad input, and writes nothing", async () => {
    const before = (await admin().webhooks.list({})).total;
    const e1 = await expectAppError(
      admin().webhooks.create({ url: `${hookBase}/x`, events: ["issue.created", "nope" as "issue.created"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e1.field).toMatch(/^events/);
    const e2 = await expectAppError(
      admin().webhooks.create({ url: `${hookBase}/x`, format: "teams" as "slack" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e2.field).toBe("format");
    const e3 = await expectAppError(admin().webhooks.create({ url: "ftp://127.0.0.1/x" }), 400, "VALIDATION_ERROR");
    expect(e3.field).toBe("url");
    const e4 = await expectAppError(
      admin().webhooks.create({ url: `${hookBase}/x`, events: [] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e4.field).toBe("events");
    expect((await admin().webhooks.list({})).total).toBe(before);
  });

  it("refuses a loopback URL unless the operator allows private targets (400 naming url)", async () => {
    const strict = createServices(api.db, { net: { ...api.services.net, allowedRanges: [] }, webhooks: WEBHOOKS });
    const err = await expectAppError(
      admin(strict).webhooks.create({ url: `${hookBase}/private` }),
      400,
      "VALIDATION_ERROR",
    );
    expect(err.field).toBe("url");
    expect(err.message).toMatch(/^url: .*loopback/);
    const allowed = createServices(api.db, {
      net: { ...api.services.net, allowedRanges: [], allowPrivate: true },
      webhooks: WEBHOOKS,
    });
    const ep = await admin(allowed).webhooks.create({ url: `${hookBase}/private` });
    const changed = await expectAppError(
      admin(strict).webhooks.update({ id: ep.id, url: "http://10.0.0.1/hook" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(changed.field).toBe("url");
    await admin().webhooks.delete({ id: ep.id });
  });

  it("lets members read and only admins change; REST answers SESSION_REQUIRED; other workspaces get 404", async () => {
    const ep = await newEndpoint("/roles");
    expect((await member().webhooks.get({ id: ep.id })).url).toBe(`${hookBase}/roles`);
    await expectAppError(member().webhooks.update({ id: ep.id, enabled: false }), 403, "ROLE_REQUIRED");
    await expectAppError(member().webhooks.test({ id: ep.id }), 403, "ROLE_REQUIRED");
    await expectError(await call(api.url, key, "GET", "/app/webhooks"), 403, "SESSION_REQUIRED");
    await expectError(await call(api.url, key, "POST", `/app/webhooks/${ep.id}/test`), 403, "SESSION_REQUIRED");

    const stranger = createCaller(
      sessionContext(api.services, { userId: otherWorkspace.adminId, workspaceId: otherWorkspace.id }),
    );
    await expectAppError(stranger.webhooks.get({ id: ep.id }), 404, "NOT_FOUND");
    await expectAppError(stranger.webhooks.update({ id: ep.id, enabled: false }), 404, "NOT_FOUND");
    await expectAppError(stranger.webhooks.test({ id: ep.id }), 404, "NOT_FOUND");
    await expectAppError(stranger.webhooks.rotateSecret({ id: ep.id }), 404, "NOT_FOUND");
    await expectAppError(stranger.webhooks.deliveries({ id: ep.id }), 404, "NOT_FOUND");
    await expectAppError(stranger.webhooks.delete({ id: ep.id }), 404, "NOT_FOUND");
    expect((await admin().webhooks.get({ id: ep.id })).enabled).toBe(true);
  });
});

describe("delivering", () => {
  it("sends a signed test event the receiver verifies; a rotated secret replaces the old one", async () => {
    const ep = await newEndpoint("/test-event");
    const d = await admin().webhooks.test({ id: ep.id });
    expect(d).toMatchObject({ status: "pending", eventType: "webhook.test", attempts: 0 });
    await settled(ep.id, 1, "the test event");
    const [sent] = at("/test-event");
    expect(sent!.headers["webhook-id"]).toBe(d.messageId);
    expect(Math.abs(Number(sent!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(sent!.headers["webhook-signature"]).toMatch(/^v1,/);
    const payload = verified(ep.secret, sent!);
    expect(payload).toMatchObject({
      type: "webhook.test",
      workspaceId,
      data: { endpoint: { id: ep.id, url: "https://dash.example.test/settings/webhooks" } },
    });
    const log = await admin().webhooks.deliveries({ id: ep.id });
    expect(log.items[0]).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null });
    expect(log.items[0]!.latencyMs).toBeGreaterThanOrEqual(0);

    const rotated = await admin().webhooks.rotateSecret({ id: ep.id });
    expect(rotated.secret).not.toBe(ep.secret);
    await admin().webhooks.test({ id: ep.id });
    await settled(ep.id, 2, "the second test event");
    const second = at("/test-event")[1]!;
    expect(() => verified(ep.secret, second)).toThrow();
    expect(verified(rotated.secret, second).type).toBe("webhook.test");

    const again = await admin().webhooks.redeliver({ id: ep.id, deliveryId: d.id });
    expect(again.messageId).toBe(d.messageId);
    await settled(ep.id, 3, "the redelivery");
    expect(at("/test-event")[2]!.headers["webhook-id"]).toBe(d.messageId);
  });

  it("retries a receiver that hangs and fails, with growing delays, until it recovers", async () => {
    script.set("/flaky", ["hang", 500, 200]);
    const ep = await newEndpoint("/flaky");
    await admin().webhooks.test({ id: ep.id });
    await settled(ep.id, 1, "the flaky delivery");
    const [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null });
    const tries = at("/flaky");
    expect(tries).toHaveLength(3);
    // The same message each time; retry n waits retryDelay × 2^(n-1) at least (after a 1.5 s timeout on the first).
    expect(new Set(tries.map((t) => t.headers["webhook-id"])).size).toBe(1);
    const gap1 = tries[1]!.at - tries[0]!.at;
    const gap2 = tries[2]!.at - tries[1]!.at;
    expect(gap1).toBeGreaterThanOrEqual(1500 + 900);
    expect(gap2).toBeGreaterThanOrEqual(1900);
  });

  it("disables an endpoint after messages fail after every attempt, audited; re-enabling resets the count", async () => {
    script.set("/down", [500]);
    const ep = await newEndpoint("/down", { events: ["asset.unreachable"] });
    const event = { type: "asset.unreachable" as const, asset: { id: 1, value: "x.test", name: null }, reason: "t" };
    for (let i = 0; i < WEBHOOKS.disableAfter; i++) {
      await asOperator(api.services, workspaceId, op, (sc) =>
        sc.db.$transaction((tx) => emitWebhookEvent(sc, tx, event)),
      );
    }
    await settled(ep.id, WEBHOOKS.disableAfter, "the failing messages", 45_000);
    const ds = await deliveries(ep.id);
    expect(ds.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ["failed", 3, 500],
      ["failed", 3, 500],
    ]);
    const off = await admin().webhooks.get({ id: ep.id });
    expect(off).toMatchObject({ enabled: false, consecutiveFailures: 2 });
    expect(off.disabledReason).toMatch(/^Disabled automatically: 2 messages in a row failed after 3 attempts/);
    const [entry] = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: "webhook.disable", resourceId: String(ep.id) } }),
    );
    expect(entry).toMatchObject({ actorType: "system", actorName: "webhooks" });

    // Disabled: a new event is not sent to it.
    await asOperator(api.services, workspaceId, op, (sc) =>
      sc.db.$transaction((tx) => emitWebhookEvent(sc, tx, event)),
    );
    expect(await deliveries(ep.id)).toHaveLength(2);

    const on = await admin().webhooks.update({ id: ep.id, enabled: true });
    expect(on).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null, disabledAt: null });
  });

  it("sends nothing for a change that rolled back", async () => {
    const ep = await newEndpoint("/rollback", { events: ["asset.unreachable"] });
    const event = { type: "asset.unreachable" as const, asset: { id: 1, value: "x.test", name: null }, reason: "t" };
    await expect(
      asOperator(api.services, workspaceId, op, (sc) =>
        sc.db.$transaction(async (tx) => {
          await emitWebhookEvent(sc, tx, event);
          throw new Error("the change failed");
        }),
      ),
    ).rejects.toThrow("the change failed");
    await new Promise((r) => setTimeout(r, 1500));
    expect(await deliveries(ep.id)).toHaveLength(0);
    expect(at("/rollback")).toHaveLength(0);
  });

  it("sends the Slack format as incoming-webhook JSON, still signed", async () => {
    const ep = await newEndpoint("/slack", { format: "slack" });
    await admin().webhooks.test({ id: ep.id });
    await settled(ep.id, 1, "the Slack message");
    const [sent] = at("/slack");
    const body = JSON.parse(sent!.body) as { text: string; blocks: { type: string; text?: { type: string } }[] };
    expect(Object.keys(body).sort()).toEqual(["blocks", "text"]);
    expect(body.text).toMatch(/^Test event from Exposure Monitoring/);
    expect(body.blocks[0]).toMatchObject({ type: "section", text: { type: "mrkdwn" } });
    expect(JSON.stringify(body.blocks[1])).toContain("https://dash.example.test/settings/webhooks");
    expect(verified(ep.secret, sent!)).toMatchObject({ text: body.text });
  });
});

describe("events from the product", () => {
  interface ScanBody {
    id: number;
  }
  async function scan(assetId = scanAssetId) {
    const res = await call(api.url, key, "POST", "/app/scans", { assetId });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as ScanBody;
    const status = () => api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } });
    await until(async () => (await status()).status === "completed", `scan ${id}`);
    return id;
  }

  it("a scan sends its new issues and one scan.completed; a rescan with no change sends nothing", async () => {
    const ep = await newEndpoint("/scans", { events: ["issue.created", "issue.resolved", "scan.completed"] });
    const first = await scan();
    await settled(ep.id, 2, "the first scan's messages");
    const payloads = at("/scans").map((r) => verified(ep.secret, r));
    const created = payloads.filter((p) => p.type === "issue.created");
    const completed = payloads.filter((p) => p.type === "scan.completed");
    expect(created.length).toBeGreaterThan(0);
    expect(completed).toHaveLength(1);
    const issueIds = created.map((p) => p.data.issue.id).sort();
    expect(completed[0]!.data.changes.newIssues.map((i) => i.id).sort()).toEqual(issueIds);
    expect(completed[0]!.data.scan).toMatchObject({
      id: first,
      trigger: "manual",
      url: `https://dash.example.test/scans/${first}`,
    });
    for (const p of created) {
      expect(p.data.asset).toEqual({
        id: scanAssetId,
        value: "alert-target.com",
        name: "Alert target",
        url: `https://dash.example.test/assets/${scanAssetId}`,
      });
      expect(p.data.issue).toMatchObject({ url: `https://dash.example.test/issues/${p.data.issue.id}` });
      expect(["info", "low", "medium", "high", "critical"]).toContain(p.data.issue.severity);
      expect(p.data.scan.id).toBe(first);
    }
    const git = created.find((p) => p.data.issue.kind.includes("git"));
    expect(git, created.map((p) => p.data.issue.kind).join()).toBeDefined();

    const count = (await deliveries(ep.id)).length;
    await scan(); // nothing changed on the site
    expect(await deliveries(ep.id)).toHaveLength(count);

    web.routes.delete("alert-target.com/.git/HEAD");
    const third = await scan();
    await settled(ep.id, count + 2, "the resolution's messages");
    const later = at("/scans")
      .slice(count)
      .map((r) => verified(ep.secret, r));
    const resolved = later.filter((p) => p.type === "issue.resolved");
    expect(resolved.map((p) => p.data.issue.id)).toContain(git!.data.issue.id);
    const done = later.find((p) => p.type === "scan.completed")!;
    expect(done.data.scan.id).toBe(third);
    expect(done.data.changes).toMatchObject({ newIssues: [], reopenedIssues: [], newPorts: [] });
    expect(done.data.changes.resolvedIssues.map((i) => i.id)).toEqual(resolved.map((p) => p.data.issue.id));
  });

  it("a port scan sends port.opened for a port newly open, and nothing for it on the next scan", async () => {
    const listener = createNetServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(5432, "127.0.0.10", resolve));
    try {
      const ep = await newEndpoint("/ports", { events: ["port.opened"] });
      const project = (await runInWorkspace(workspaceId, () => api.services.scoped.project.findFirstOrThrow())).id;
      const res = await call(api.url, key, "POST", "/app/assets", {
        projectId: project,
        type: "ipv4",
        value: "127.0.0.10",
        portScanMode: "top100",
      });
      const ip = ((await res.json()) as { id: number }).id;
      await runInWorkspace(workspaceId, () =>
        api.services.scoped.asset.update({
          where: { id: ip },
          data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
        }),
      );
      const first = await scan(ip);
      await settled(ep.id, 1, "port.opened");
      const sent = at("/ports").map((r) => verified(ep.secret, r) as Sent & { data: { port: { port: number } } });
      expect(sent.map((p) => p.type)).toEqual(sent.map(() => "port.opened"));
      const pg = sent.find((p) => p.data.port.port === 5432);
      expect(pg, JSON.stringify(sent)).toBeDefined();
      expect(pg!.data.asset).toMatchObject({ id: ip, value: "127.0.0.10" });
      expect(pg!.data.scan.id).toBe(first);
      const count = (await deliveries(ep.id)).length;
      await scan(ip); // the same ports: nothing new
      expect(await deliveries(ep.id)).toHaveLength(count);
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it("sends scan.failed when the watchdog fails a scan whose worker died", async () => {
    const ep = await newEndpoint("/failed", { events: ["scan.failed"] });
    const old = new Date(Date.now() - 10 * 60_000);
    const dead = await runInWorkspace(workspaceId, () =>
      api.services.scoped.scan.create({
        // Its last attempt: the watchdog fails it rather than queueing it again.
        data: {
          workspaceId,
          assetId: scanAssetId,
          status: "running",
          startedAt: old,
          heartbeatAt: old,
          attempts: MAX_SCAN_ATTEMPTS,
        },
      }),
    );
    expect(await recoverAbandonedScans(api.services)).toBeGreaterThanOrEqual(1);
    await settled(ep.id, 1, "scan.failed");
    const p = verified(ep.secret, at("/failed")[0]!);
    expect(p).toMatchObject({ type: "scan.failed", data: { scan: { id: dead.id }, asset: { id: scanAssetId } } });
    expect(p.data.scan.error).toMatch(/stopped responding/);
  });

  it("sends asset.unreachable when a check finds a reachable asset gone, not on every failing check", async () => {
    const ep = await newEndpoint("/reach", { events: ["asset.unreachable"] });
    const project = (await runInWorkspace(workspaceId, () => api.services.scoped.project.findFirstOrThrow())).id;
    const res = await call(api.url, key, "POST", "/app/assets", {
      projectId: project,
      type: "domain",
      value: "flip-site.com",
    });
    const { id } = (await res.json()) as { id: number };
    await assetChecked(api.services, id);
    const status = async () =>
      (await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
    expect(await status()).toBe("reachable");

    dns.remove("flip-site.com");
    expect((await call(api.url, key, "POST", `/app/assets/${id}/revalidate`)).status).toBe(200);
    await until(async () => (await status()) === "unreachable", "the asset to be unreachable");
    await settled(ep.id, 1, "asset.unreachable");
    const p = verified(ep.secret, at("/reach")[0]!);
    expect(p).toMatchObject({ type: "asset.unreachable", data: { asset: { id, value: "flip-site.com" } } });
    expect(p.data.reason).toMatch(/A\/AAAA/);

    // Still unreachable at the next check: no second message.
    expect((await call(api.url, key, "POST", `/app/assets/${id}/revalidate`)).status).toBe(200);
    await until(async () => {
      const a = await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id } });
      return a.status === "unreachable" && a.checkAttempts === 0;
    }, "the second check");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(ep.id)).toHaveLength(1);
  });
});
