// Change alerts, managed as the dashboard does and delivered by the queue to a real receiver on 127.0.0.1 that
// verifies every signature with `standardwebhooks`: endpoints, signing, retries, auto-disable, the Slack format.
import { describe, expect, it } from "vitest";
import {
  asOperator,
  createCaller,
  createServices,
  emitWebhookEvent,
  emitWebhookEvents,
  sessionContext,
} from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { call, expectAppError, expectError, newUser, newWorkspace, until } from "./harness.ts";
import {
  admin,
  api,
  at,
  deliveries,
  dns,
  hookBase,
  key,
  member,
  newEndpoint,
  op,
  otherWorkspace,
  script,
  settled,
  setupWebhookStack,
  verified,
  WEBHOOKS,
  workspaceId,
} from "./webhooks-fixture.ts";

setupWebhookStack();

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
    expect(err.message).toBe("url: the host resolves to a private address, which this server may not contact");
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
    expect((await member().webhooks.get({ id: ep.id })).enabled).toBe(true);
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

describe("URLs are secrets", () => {
  it("shows the URL whole to admins and owners only; members and read-only see scheme://host/…", async () => {
    const ep = await newEndpoint("/services/T0001/B0001/s3cr3tT0k3n");
    const masked = `${hookBase}/…`;
    expect(ep).toMatchObject({ url: `${hookBase}/services/T0001/B0001/s3cr3tT0k3n`, urlMasked: false });
    const viewer = (await newUser(api.services, workspaceId, "read-only")).user.id;
    const readOnly = createCaller(sessionContext(api.services, { userId: viewer, workspaceId }));
    for (const caller of [member(), readOnly]) {
      expect(await caller.webhooks.get({ id: ep.id })).toMatchObject({ url: masked, urlMasked: true });
      const listed = (await caller.webhooks.list({})).items.find((e) => e.id === ep.id);
      expect(listed).toMatchObject({ url: masked, urlMasked: true });
    }
    expect((await admin().webhooks.list({})).items.find((e) => e.id === ep.id)?.url).toBe(ep.url);
  });

  it("never writes a URL in clear in the audit log or its export; a change of URL is audited masked", async () => {
    const ep = await admin().webhooks.create({ url: `${hookBase}/services/T0002/B0002/firstSecret`, description: "a" });
    await admin().webhooks.update({ id: ep.id, url: `${hookBase}/services/T0002/B0002/secondSecret` });
    await admin().webhooks.update({ id: ep.id, description: "renamed" });
    await admin().webhooks.delete({ id: ep.id });
    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({
        where: { resourceType: "webhook", resourceId: String(ep.id) },
        orderBy: { id: "asc" },
      }),
    );
    expect(entries.map((e) => [e.action, (e.changes as { url?: unknown }).url ?? null])).toEqual([
      ["webhook.create", { before: null, after: `${hookBase}/…` }],
      ["webhook.update", { before: `${hookBase}/…`, after: `${hookBase}/…` }],
      ["webhook.update", null],
      ["webhook.delete", { before: `${hookBase}/…`, after: null }],
    ]);
    for (const path of ["/app/audit-log?resourceType=webhook", "/app/audit-log/export?resourceType=webhook"]) {
      const res = await call(api.url, key, "GET", path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("webhook.update");
      expect(text).not.toMatch(/firstSecret|secondSecret|T0002/);
    }
  });

  it("stores the URL as a request uses it, so the mask shows the host messages go to", async () => {
    const ep = await admin().webhooks.create({ url: `${hookBase.toUpperCase()}\\hooks\\x` });
    expect(ep.url).toBe(`${hookBase}/hooks/x`);
    expect((await member().webhooks.get({ id: ep.id })).url).toBe(`${hookBase}/…`);
    await admin().webhooks.delete({ id: ep.id });
  });
});

describe("the delivery log", () => {
  it("keeps the status and timing of a failed attempt, never the receiver's reply", async () => {
    script.set("/replies", [500]);
    const ep = await newEndpoint("/replies");
    await admin().webhooks.test({ id: ep.id });
    await until(async () => (await deliveries(ep.id))[0]?.attempts === 1, "the first attempt");
    const [d] = await deliveries(ep.id);
    expect(d).toMatchObject({ lastStatusCode: 500, lastErrorClass: "http-status" });
    expect(d!.lastError).toBe("the endpoint answered 500");
    expect(d!.latencyMs).toBeGreaterThanOrEqual(0);
    const [logged] = (await admin().webhooks.deliveries({ id: ep.id })).items;
    expect(JSON.stringify(logged)).not.toContain("nope"); // what the receiver answered
    await admin().webhooks.delete({ id: ep.id });
  });

  it("says a host resolves to a private address without saying which, when saved and when sent", async () => {
    dns.set("hooks-turned-private.test", { A: ["127.0.0.1"] });
    const port = new URL(hookBase).port;
    const ep = await admin().webhooks.create({ url: `http://hooks-turned-private.test:${port}/private` });
    dns.set("hooks-turned-private.test", { A: ["10.9.8.7"] }); // DNS changed after the URL was saved
    await admin().webhooks.test({ id: ep.id });
    await until(async () => (await deliveries(ep.id))[0]?.attempts === 1, "the refused attempt");
    const [d] = await deliveries(ep.id);
    expect(d).toMatchObject({
      lastStatusCode: null,
      lastErrorClass: "address-refused",
      lastError: "the host resolves to a private address, which this server may not contact",
    });
    const saved = await expectAppError(
      admin().webhooks.update({ id: ep.id, url: `http://hooks-turned-private.test:${port}/again` }),
      400,
      "VALIDATION_ERROR",
    );
    expect(saved.message).not.toContain("10.9.8.7");
    expect(at("/private")).toHaveLength(0);
    await admin().webhooks.delete({ id: ep.id });
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

  it("disables an endpoint once messages fail every attempt, audited; re-enabling resets the count", async () => {
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

  it("keeps workspaces fair: one's backlog of 1,000 does not hold another's test event back", async () => {
    const caller = async () => {
      const ws = await newWorkspace(api.services);
      const { user } = await newUser(api.services, ws.id, "admin");
      return { id: ws.id, caller: createCaller(sessionContext(api.services, { userId: user.id, workspaceId: ws.id })) };
    };
    const [busy, quiet] = [await caller(), await caller()];
    script.set("/backlog", ["slow"]);
    const backlog = await busy.caller.webhooks.create({ url: `${hookBase}/backlog`, events: ["asset.unreachable"] });
    const event = { type: "asset.unreachable" as const, asset: { id: 1, value: "x.test", name: null }, reason: "t" };
    await asOperator(api.services, busy.id, op, (sc) =>
      sc.db.$transaction(
        (tx) =>
          emitWebhookEvents(
            sc,
            tx,
            Array.from({ length: 1000 }, () => event),
          ),
        {
          timeout: 60_000,
        },
      ),
    );
    await until(async () => at("/backlog").length > 0, "the backlog's first deliveries");

    const ep = await quiet.caller.webhooks.create({ url: `${hookBase}/other-workspace` });
    const queuedAt = Date.now();
    await quiet.caller.webhooks.test({ id: ep.id });
    await until(async () => at("/other-workspace").length === 1, "the other workspace's test event", 10_000);
    expect(Date.now() - queuedAt).toBeLessThan(5_000);
    const pending = await runInWorkspace(busy.id, () =>
      api.services.scoped.webhookDelivery.count({ where: { endpointId: backlog.id, status: "pending" } }),
    );
    expect(pending).toBeGreaterThan(900); // it went ahead of the backlog, which is still there

    await busy.caller.webhooks.delete({ id: backlog.id }); // its queued messages are dropped
    // Their jobs still pass through the queue (each finds no delivery): the next tests wait for them.
    const waitingJobs = async () =>
      Number(
        (
          await api.db.pool.query(
            `select count(*) from pgboss.job where name = 'webhook-delivery' and state in ('created', 'retry', 'active')
               and data ->> 'workspaceId' = $1`,
            [String(busy.id)],
          )
        ).rows[0].count,
      );
    await until(async () => (await waitingJobs()) === 0, "the dropped backlog to pass", 90_000);
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
