// Notifications people keep on (issue 30, item 5): an endpoint's minimum severity on a real scan's issue events, and
// hourly digests held in the database and sent once per period by the real worker's queue to a real receiver, with
// the services' clock set by the test.
import { describe, expect, it } from "vitest";
import { asOperator, createServices, emitWebhookEvents, type JobQueue, type WebhookEvent } from "@ems/core";
import { runInWorkspace, sendDueDigests } from "@ems/core/testing";
import { call, expectAppError, until } from "./harness.ts";
import {
  admin,
  api,
  at,
  ct,
  deliveries,
  hookBase,
  key,
  newEndpoint,
  op,
  scanAssetId,
  settled,
  setupWebhookStack,
  verified,
  WEBHOOKS,
  workspaceId,
} from "./webhooks-fixture.ts";

const HOUR = 3_600_000;
/** The services' clock: real time moved by `offset`, which the digest tests set. */
let offset = 0;
/** A discovery run stores at most this many hosts (the cap whose message says what it left out). */
const MAX_HOSTS = 20;
setupWebhookStack({ now: () => new Date(Date.now() + offset), maxHosts: MAX_HOSTS });
const now = () => new Date(Date.now() + offset);
/** Puts the clock `minutes` into the next whole hour (UTC) and returns that hour's start. */
function clockInNextHour(minutes: number) {
  const start = Math.ceil((Date.now() + offset + 1) / HOUR) * HOUR + HOUR;
  offset = start + minutes * 60_000 - Date.now();
  return new Date(start);
}

const asset = { id: scanAssetId, value: "digest.example.com", name: null };
const issueEvent = (id: number, severity: "info" | "high"): WebhookEvent => ({
  type: "issue.created",
  asset,
  issue: { id, title: `Issue ${id}`, severity, kind: `test.kind-${id}`, port: null },
  scanId: null,
});
const emit = (events: WebhookEvent[]) =>
  asOperator(api.services, workspaceId, op, (sc) => sc.db.$transaction((tx) => emitWebhookEvents(sc, tx, events)));
const held = (endpointId: number) =>
  runInWorkspace(workspaceId, () => api.services.scoped.webhookHeldEvent.count({ where: { endpointId } }));

interface DigestData {
  period: { delivery: string; start: string; end: string };
  total: number;
  counts: { type: string; severity: string | null; count: number }[];
  top: { severity: string | null; text: string; url: string }[];
  heldBack: { count: number; issuesUrl: string; deliveriesUrl: string } | null;
}

describe("minimum severity", () => {
  it("an endpoint set to high receives a real scan's high issue and none of its info ones", async () => {
    const high = await newEndpoint("/min-high", { events: ["issue.created"], minSeverity: "high" });
    const all = await newEndpoint("/min-info", { events: ["issue.created"] });
    expect(high.minSeverity).toBe("high");
    expect(all).toMatchObject({ minSeverity: "info", delivery: "immediate", channel: "webhook" });
    const res = await call(api.url, key, "POST", "/app/scans", { assetId: scanAssetId });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await until(
      async () =>
        (await api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } })).status ===
        "completed",
      "the scan",
    );
    const issues = await runInWorkspace(workspaceId, () =>
      api.services.scoped.issue.findMany({ where: { assetId: scanAssetId }, select: { severity: true } }),
    );
    const serious = issues.filter((i) => i.severity === "high" || i.severity === "critical").length;
    expect(serious).toBeGreaterThan(0);
    expect(issues.some((i) => i.severity === "info")).toBe(true);
    await settled(all.id, issues.length, "every issue to the info endpoint");
    await settled(high.id, serious, "the serious issues to the high endpoint");
    const sent = at("/min-high").map((r) => verified(high.secret, r).data.issue.severity);
    expect(sent.sort()).toEqual(
      issues
        .filter((i) => i.severity === "high" || i.severity === "critical")
        .map((i) => i.severity)
        .sort(),
    );
    expect(at("/min-info").map((r) => verified(all.secret, r).data.issue.severity)).toContain("info");
    expect(await deliveries(high.id)).toHaveLength(serious);
  });

  it("refuses an unknown severity or delivery with the field named, and changes nothing", async () => {
    const ep = await newEndpoint("/min-bad", { events: ["issue.created"] });
    const e1 = await expectAppError(
      admin().webhooks.update({ id: ep.id, minSeverity: "urgent" as "high" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e1.field).toBe("minSeverity");
    const e2 = await expectAppError(
      admin().webhooks.create({ url: `${hookBase}/x`, delivery: "weekly" as "daily" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e2.field).toBe("delivery");
    expect(await admin().webhooks.get({ id: ep.id })).toMatchObject({ minSeverity: "info", delivery: "immediate" });
    const changed = await admin().webhooks.update({ id: ep.id, minSeverity: "medium", delivery: "daily" });
    expect(changed).toMatchObject({ minSeverity: "medium", delivery: "daily" });
    const [entry] = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: "webhook.update", resourceId: String(ep.id) } }),
    );
    expect(entry!.changes).toMatchObject({
      minSeverity: { before: "info", after: "medium" },
      delivery: { before: "immediate", after: "daily" },
    });
  });
});

describe("hourly digests", () => {
  it("hold 30 events and send one message with the counts once the hour closes, and not again", async () => {
    const hour = clockInNextHour(20);
    const ep = await newEndpoint("/digest", { events: ["issue.created"], delivery: "hourly" });
    const slack = await newEndpoint("/digest-slack", {
      events: ["issue.created"],
      delivery: "hourly",
      format: "slack",
    });
    const events = Array.from({ length: 30 }, (_, i) => issueEvent(1000 + i, i < 2 ? "high" : "info"));
    await emit(events.slice(0, 10));
    await emit(events.slice(10));
    expect(await held(ep.id)).toBe(30);
    // The hour is still open: nothing is due.
    offset += 39 * 60_000; // hh:59
    expect(await sendDueDigests(api.services, { now: now() })).toBe(0);
    expect(await deliveries(ep.id)).toHaveLength(0);

    offset += 60_000; // the next hour: both endpoints' digests are due, at once (and again: nothing more)
    const [a, b] = await Promise.all([sendDueDigests(api.services), sendDueDigests(api.services)]);
    expect(a + b).toBeGreaterThanOrEqual(0); // the worker's own tick may have sent them first
    expect(await sendDueDigests(api.services)).toBe(0);
    await settled(ep.id, 1, "the digest");
    await settled(slack.id, 1, "the Slack digest");
    expect(await deliveries(ep.id)).toHaveLength(1);
    expect(await held(ep.id)).toBe(0);
    expect(at("/digest")).toHaveLength(1);

    const body = verified(ep.secret, at("/digest")[0]!) as unknown as {
      type: string;
      timestamp: string;
      data: DigestData;
    };
    expect(body.type).toBe("digest");
    const end = new Date(hour.getTime() + HOUR).toISOString();
    expect(body.timestamp).toBe(end);
    expect(body.data.period).toEqual({ delivery: "hourly", start: hour.toISOString(), end });
    expect(body.data.total).toBe(30);
    expect(body.data.counts).toEqual([
      { type: "issue.created", severity: "high", count: 2 },
      { type: "issue.created", severity: "info", count: 28 },
    ]);
    expect(body.data.top).toHaveLength(10);
    expect(body.data.top.slice(0, 2).map((t) => t.severity)).toEqual(["high", "high"]);
    expect(body.data.top[0]).toMatchObject({
      text: "New high issue on digest.example.com: Issue 1001",
      url: `${WEBHOOKS.webUrl}/issues/1001`,
    });
    expect(body.data.heldBack).toEqual({
      count: 20,
      issuesUrl: `${WEBHOOKS.webUrl}/issues?view=list`,
      deliveriesUrl: `${WEBHOOKS.webUrl}/settings/webhooks?endpoint=${ep.id}`,
    });

    const slackBody = JSON.parse(at("/digest-slack")[0]!.body) as {
      text: string;
      blocks: { text?: { text: string } }[];
    };
    expect(slackBody.text).toBe(
      `Hourly digest, ${hour.toISOString().slice(0, 10)} ${hour.toISOString().slice(11, 16)}–` +
        `${end.slice(11, 16)} UTC: 30 events (2 high, 28 info)`,
    );
    expect(JSON.stringify(slackBody.blocks)).toContain("and 20 more");

    // An hour with no event sends nothing; a later event goes into its own hour's digest.
    offset += HOUR;
    expect(await sendDueDigests(api.services)).toBe(0);
    expect(await deliveries(ep.id)).toHaveLength(1);
  });

  it("a tick that dies mid-digest sends nothing and loses nothing; the next one sends it once", async () => {
    clockInNextHour(5);
    const ep = await newEndpoint("/digest-crash", { events: ["issue.created"], delivery: "hourly" });
    await emit([issueEvent(2001, "high"), issueEvent(2002, "info")]);
    offset += HOUR;
    // A queue that fails when the digest's job is sent: the tick's transaction rolls back, as when its worker dies.
    const broken: JobQueue = {
      ...api.services.jobs!,
      enqueueMany: () => Promise.reject(new Error("the worker died")),
      enqueue: () => Promise.reject(new Error("the worker died")),
    };
    const dying = createServices(api.db, { jobs: broken, webhooks: WEBHOOKS, now });
    await expect(sendDueDigests(dying)).rejects.toThrow("the worker died");
    expect(await held(ep.id)).toBe(2);
    expect(await deliveries(ep.id)).toHaveLength(0);
    await sendDueDigests(api.services);
    await settled(ep.id, 1, "the digest after the crash");
    expect(await held(ep.id)).toBe(0);
    const body = verified(ep.secret, at("/digest-crash")[0]!) as unknown as { data: DigestData };
    expect(body.data).toMatchObject({ total: 2, heldBack: null });
    expect(body.data.top.map((t) => t.severity)).toEqual(["high", "info"]);
  });
});

describe("what a cap holds back", () => {
  it("a discovery run stopped at its host limit says how many it left out and where to see the rest", async () => {
    const ep = await newEndpoint("/capped", { events: ["discovery.hosts_found"], format: "slack" });
    const names = Array.from({ length: 30 }, (_, i) => `c${String(i).padStart(2, "0")}.alert-target.com`);
    ct.publish("alert-target.com", names);
    const res = await call(api.url, key, "POST", "/app/discovery/run", { assetId: scanAssetId });
    expect(res.status, await res.clone().text()).toBe(202);
    await settled(ep.id, 1, "the capped run's message");
    const [delivery] = await deliveries(ep.id);
    const data = (delivery!.payload as { data: { capped: { limit: number; dropped: number } } }).data;
    expect(data.capped.limit).toBe(MAX_HOSTS);
    expect(data.capped.dropped).toBeGreaterThan(0);
    const slack = JSON.parse(at("/capped")[0]!.body) as { text: string; blocks: unknown[] };
    expect(slack.text).toContain(
      `(the run stopped at its limit of ${MAX_HOSTS} hosts: ${data.capped.dropped} more not looked at)`,
    );
    expect(JSON.stringify(slack.blocks)).toContain("/discovery?domain=alert-target.com");
  });
});
