// What a webhook message says (one zod shape per event type, docs/api.md
// Webhooks) and how a change becomes messages: emitWebhookEvents stores one
// delivery per subscribed endpoint and queues its job in the caller's
// transaction, so a change that rolls back sends nothing.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { sqlIn } from "../jobs/sql-in.ts";
import type { ServiceContext } from "../service-context.ts";
import { retryPolicy } from "./webhooks.config.ts";
import { HOSTS_FOUND_NAMES, dataSchemas, issueRef, portRef, type WebhookEventType } from "./webhooks.payload.ts";
import { webhookDeliveryJob } from "./webhooks.delivery.ts";

type DataOf<T extends WebhookEventType> = z.input<(typeof dataSchemas)[T]>;

/** What callers describe; links are added here from the dashboard URL. */
export type AssetInfo = { id: number; value: string; name: string | null };
export type IssueInfo = Omit<z.input<typeof issueRef>, "url">;
export type WebhookEvent =
  | {
      type: "issue.created" | "issue.reopened" | "issue.resolved";
      asset: AssetInfo;
      issue: IssueInfo;
      scanId: number | null;
    }
  | { type: "issue.sla_breached"; asset: AssetInfo; issue: IssueInfo; dueAt: Date }
  | { type: "port.opened"; asset: AssetInfo; port: z.input<typeof portRef>; scanId: number }
  | {
      type: "scan.completed";
      asset: AssetInfo;
      scan: { id: number; trigger: "manual" | "schedule" | "retest"; finishedAt: Date };
      changes: {
        newIssues: IssueInfo[];
        reopenedIssues: IssueInfo[];
        resolvedIssues: IssueInfo[];
        newPorts: z.input<typeof portRef>[];
      };
    }
  | { type: "scan.failed"; asset: AssetInfo; scan: { id: number; error: string } }
  | { type: "asset.unreachable"; asset: AssetInfo; reason: string }
  | {
      type: "discovery.hosts_found";
      asset: AssetInfo;
      run: { id: number; trigger: "manual" | "schedule"; status: "done" | "failed"; finishedAt: Date };
      found: number;
      capped: { limit: number; dropped: number } | null;
      /** Every new host of the run; the message names the first HOSTS_FOUND_NAMES. */
      newHosts: string[];
    };

export const newMessageId = () => `msg_${randomBytes(18).toString("base64url")}`;

function dataOf(web: string, e: WebhookEvent): DataOf<WebhookEvent["type"]> {
  const asset = { ...e.asset, url: `${web}/assets/${e.asset.id}` };
  const issue = (i: IssueInfo) => ({ ...i, url: `${web}/issues/${i.id}` });
  const scan = (id: number) => ({ id, url: `${web}/scans/${id}` });
  switch (e.type) {
    case "issue.created":
    case "issue.reopened":
    case "issue.resolved":
      return { asset, issue: issue(e.issue), scan: e.scanId === null ? null : scan(e.scanId) };
    case "issue.sla_breached":
      return { asset, issue: issue(e.issue), dueAt: e.dueAt.toISOString() };
    case "port.opened":
      return { asset, port: e.port, scan: scan(e.scanId) };
    case "scan.completed":
      return {
        asset,
        scan: { ...scan(e.scan.id), trigger: e.scan.trigger, finishedAt: e.scan.finishedAt.toISOString() },
        changes: {
          newIssues: e.changes.newIssues.map(issue),
          reopenedIssues: e.changes.reopenedIssues.map(issue),
          resolvedIssues: e.changes.resolvedIssues.map(issue),
          newPorts: e.changes.newPorts,
        },
      };
    case "scan.failed":
      return { asset, scan: { ...scan(e.scan.id), error: e.scan.error } };
    case "asset.unreachable":
      return { asset, previousStatus: "reachable", reason: e.reason };
    case "discovery.hosts_found": {
      const names = [...e.newHosts].sort();
      return {
        asset,
        run: {
          id: e.run.id,
          url: `${web}/discovery?domain=${encodeURIComponent(e.asset.value)}&status=new`,
          trigger: e.run.trigger,
          status: e.run.status,
          finishedAt: e.run.finishedAt.toISOString(),
        },
        found: e.found,
        capped: e.capped,
        newHosts: {
          total: names.length,
          names: names.slice(0, HOSTS_FOUND_NAMES),
          truncated: names.length > HOSTS_FOUND_NAMES,
        },
      };
    }
  }
}

export const payloadOf = (sc: ServiceContext, type: WebhookEventType, data: object, at = sc.services.now()) => ({
  type,
  timestamp: at.toISOString(),
  workspaceId: sc.workspaceId,
  data,
});

export interface Message {
  endpointId: number;
  messageId: string;
  eventType: WebhookEventType;
  payload: object;
  /** A digest's period (one digest per endpoint and period: a unique index holds it). */
  digestPeriodStart?: Date;
}

/** Queues the first attempt of each delivery, in tx: fair between workspaces (jobs/fair.ts). */
async function enqueueAttempts(sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, deliveryIds: number[]) {
  const jobs = sc.services.jobs;
  if (!jobs) throw new Error("webhook messages need a process with a job queue");
  const { retryLimit, retryDelaySeconds, expireInSeconds } = retryPolicy(sc.services.webhooks);
  await jobs.enqueueMany(
    webhookDeliveryJob,
    deliveryIds.map((deliveryId) => ({ deliveryId, workspaceId: sc.workspaceId })),
    {
      transaction: sqlIn(tx),
      policy: { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds },
    },
  );
}

/** Stores messages (one delivery row each) and queues their first attempts, in tx: one statement of each. */
export async function queueDeliveries(sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, messages: Message[]) {
  if (!messages.length) return;
  // Raw SQL: Prisma's createManyAndReturn took about 1 ms a row. The workspace is bound.
  const rows = await tx.$queryRaw<{ id: number }[]>`
    insert into "WebhookDelivery" ("workspaceId", "endpointId", "eventType", "messageId", payload, "nextAttemptAt",
                                   "updatedAt")
    select ${sc.workspaceId}, m."endpointId", m."eventType", m."messageId", m.payload, now(), now()
    from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb)
      as m("endpointId" int, "eventType" text, "messageId" text, payload jsonb)
    returning id`;
  await enqueueAttempts(
    sc,
    tx,
    rows.map((r) => r.id),
  );
}

/** One message for one endpoint (a test event, a redelivery): its delivery row. */
export async function queueDelivery(sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, message: Message) {
  const delivery = await tx.webhookDelivery.create({
    data: { workspaceId: sc.workspaceId, ...message, nextAttemptAt: sc.services.now() },
  });
  await enqueueAttempts(sc, tx, [delivery.id]);
  return delivery;
}

type Severity = IssueInfo["severity"];
/** Severities by rank (SEVERITY_VALUES is least to most severe). */
export const severityRank = (s: Severity | null) => (s === null ? -1 : SEVERITY_VALUES.indexOf(s));

/** The severity an endpoint's minimum applies to: an issue event's issue's; null for the other events. */
const severityOf = (e: WebhookEvent): Severity | null => ("issue" in e ? e.issue.severity : null);

/** The UTC hour or day `at` falls in: a digest endpoint's period. */
export function periodOf(delivery: "hourly" | "daily", at: Date) {
  const unit = delivery === "hourly" ? 3_600_000 : 86_400_000;
  const start = new Date(Math.floor(at.getTime() / unit) * unit);
  return { start, end: new Date(start.getTime() + unit) };
}

interface Held {
  endpointId: number;
  eventType: WebhookEventType;
  severity: Severity | null;
  payload: object;
  periodStart: Date;
  periodEnd: Date;
}

/** Holds events for digest endpoints until their period closes (webhooks.digest.ts sends them): one statement. */
async function holdForDigests(sc: ServiceContext, tx: ScopedTx, held: Held[]) {
  if (!held.length) return;
  // Raw SQL as queueDeliveries: one insert however many. The workspace is bound.
  await tx.$executeRaw`
    insert into "WebhookHeldEvent" ("workspaceId", "endpointId", "eventType", severity, payload, "periodStart",
                                    "periodEnd")
    select ${sc.workspaceId}, h."endpointId", h."eventType", h.severity::"Severity", h.payload, h."periodStart",
           h."periodEnd"
    from jsonb_to_recordset(${JSON.stringify(held)}::jsonb)
      as h("endpointId" int, "eventType" text, severity text, payload jsonb, "periodStart" timestamptz,
           "periodEnd" timestamptz)`;
}

/**
 * Sends events to every enabled endpoint of the workspace subscribed to them and whose minimum severity they reach
 * (issue events; the others have none), in the transaction of the change (one lookup of endpoints for all of them):
 * at once to immediate endpoints, held for the digest of the current period for hourly and daily ones.
 * Callers emit only what changed; this is the one door later features (discovery) use too.
 */
export async function emitWebhookEvents(sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, events: WebhookEvent[]) {
  if (!events.length) return;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, events: { hasSome: [...new Set(events.map((e) => e.type))] } },
    select: { id: true, events: true, minSeverity: true, delivery: true },
  });
  if (!endpoints.length) return;
  const web = sc.services.webhooks.webUrl;
  const now = sc.services.now();
  const messages: Message[] = [];
  const held: Held[] = [];
  for (const event of events) {
    const severity = severityOf(event);
    const targets = endpoints.filter(
      (ep) =>
        ep.events.includes(event.type) && (severity === null || severityRank(severity) >= severityRank(ep.minSeverity)),
    );
    if (!targets.length) continue;
    const payload = payloadOf(sc, event.type, dataOf(web, event), now);
    const message = { messageId: newMessageId(), eventType: event.type, payload };
    for (const ep of targets) {
      if (ep.delivery === "immediate") messages.push({ endpointId: ep.id, ...message });
      else {
        const period = periodOf(ep.delivery, now);
        held.push({
          endpointId: ep.id,
          eventType: event.type,
          severity,
          payload,
          periodStart: period.start,
          periodEnd: period.end,
        });
      }
    }
  }
  await queueDeliveries(sc, tx, messages);
  await holdForDigests(sc, tx, held);
}

export const emitWebhookEvent = (sc: ServiceContext<"jobs" | "webhooks">, tx: ScopedTx, event: WebhookEvent) =>
  emitWebhookEvents(sc, tx, [event]);
