// What a webhook message says (one zod shape per event type, docs/api.md
// Webhooks) and how a change becomes messages: emitWebhookEvents stores one
// delivery per subscribed endpoint and queues its job in the caller's
// transaction, so a change that rolls back sends nothing.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { ScopedTx } from "../db/scoped.ts";
import { sqlIn } from "../jobs/queue.ts";
import type { ServiceContext } from "../service-context.ts";
import { retryPolicy } from "./webhooks.config.ts";

/** Events an endpoint can subscribe to; webhook.test goes only to the endpoint it is sent to. */
export const WEBHOOK_EVENTS = [
  "issue.created",
  "issue.reopened",
  "issue.resolved",
  "port.opened",
  "scan.completed",
  "scan.failed",
  "asset.unreachable",
  "discovery.host_found",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | "webhook.test";

const link = z.string().meta({ description: "The dashboard page of this thing" });
const assetRef = z.object({ id: z.number().int(), value: z.string(), name: z.string().nullable(), url: link });
const issueRef = z.object({
  id: z.number().int(),
  title: z.string(),
  severity: z.enum(["info", "low", "medium", "high", "critical"]),
  kind: z.string(),
  port: z.number().int().nullable(),
  url: link,
});
const portRef = z.object({ port: z.number().int(), protocol: z.string(), service: z.string().nullable() });
const scanRef = z.object({ id: z.number().int(), url: link });

const issueData = z.object({ asset: assetRef, issue: issueRef, scan: scanRef.nullable() });
const dataSchemas = {
  "issue.created": issueData,
  "issue.reopened": issueData,
  "issue.resolved": issueData,
  "port.opened": z.object({ asset: assetRef, port: portRef, scan: scanRef }),
  "scan.completed": z.object({
    asset: assetRef,
    scan: scanRef.extend({ trigger: z.enum(["manual", "schedule"]), finishedAt: z.string() }),
    changes: z.object({
      newIssues: z.array(issueRef),
      reopenedIssues: z.array(issueRef),
      resolvedIssues: z.array(issueRef),
      newPorts: z.array(portRef),
    }),
  }),
  "scan.failed": z.object({ asset: assetRef, scan: scanRef.extend({ error: z.string() }) }),
  "asset.unreachable": z.object({ asset: assetRef, previousStatus: z.literal("reachable"), reason: z.string() }),
  "discovery.host_found": z.object({ asset: assetRef, hostname: z.string() }),
  "webhook.test": z.object({ endpoint: z.object({ id: z.number().int(), url: link }), message: z.string() }),
} as const;

/** The JSON body of a standard-format message (Standard Webhooks: type, timestamp, data). */
export const webhookPayloadSchema = z
  .discriminatedUnion(
    "type",
    Object.entries(dataSchemas).map(([type, data]) =>
      z.object({
        type: z.literal(type as WebhookEventType),
        timestamp: z.string().meta({ description: "When the change happened, ISO 8601" }),
        workspaceId: z.number().int(),
        data,
      }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: "WebhookPayload" });

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
  | { type: "port.opened"; asset: AssetInfo; port: z.input<typeof portRef>; scanId: number }
  | {
      type: "scan.completed";
      asset: AssetInfo;
      scan: { id: number; trigger: "manual" | "schedule"; finishedAt: Date };
      changes: {
        newIssues: IssueInfo[];
        reopenedIssues: IssueInfo[];
        resolvedIssues: IssueInfo[];
        newPorts: z.input<typeof portRef>[];
      };
    }
  | { type: "scan.failed"; asset: AssetInfo; scan: { id: number; error: string } }
  | { type: "asset.unreachable"; asset: AssetInfo; reason: string }
  | { type: "discovery.host_found"; asset: AssetInfo; hostname: string };

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
    case "discovery.host_found":
      return { asset, hostname: e.hostname };
  }
}

export const payloadOf = (sc: ServiceContext, type: WebhookEventType, data: object, at = new Date()) => ({
  type,
  timestamp: at.toISOString(),
  workspaceId: sc.workspaceId,
  data,
});

/** Stores one message for one endpoint and queues its first attempt, in tx. */
export async function queueDelivery(
  sc: ServiceContext,
  tx: ScopedTx,
  endpointId: number,
  message: { messageId: string; eventType: WebhookEventType; payload: object },
) {
  const jobs = sc.services.jobs;
  if (!jobs) throw new Error("webhook messages need a process with a job queue");
  const delivery = await tx.webhookDelivery.create({
    data: { workspaceId: sc.workspaceId, endpointId, ...message, nextAttemptAt: new Date() },
  });
  await jobs.enqueueWebhook(
    { deliveryId: delivery.id, workspaceId: sc.workspaceId },
    { transaction: sqlIn(tx), policy: retryPolicy(sc.services.webhooks) },
  );
  return delivery;
}

/**
 * Sends events to every enabled endpoint of the workspace subscribed to them, in
 * the transaction of the change (one lookup of endpoints for all of them).
 * Callers emit only what changed; this is the one door later features (discovery) use too.
 */
export async function emitWebhookEvents(sc: ServiceContext, tx: ScopedTx, events: WebhookEvent[]) {
  if (!events.length) return;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { enabled: true, events: { hasSome: [...new Set(events.map((e) => e.type))] } },
    select: { id: true, events: true },
  });
  if (!endpoints.length) return;
  const web = sc.services.webhooks.webUrl;
  for (const event of events) {
    const targets = endpoints.filter((ep) => ep.events.includes(event.type));
    if (!targets.length) continue;
    const message = {
      messageId: newMessageId(),
      eventType: event.type,
      payload: payloadOf(sc, event.type, dataOf(web, event)),
    };
    for (const ep of targets) await queueDelivery(sc, tx, ep.id, message);
  }
}

export const emitWebhookEvent = (sc: ServiceContext, tx: ScopedTx, event: WebhookEvent) =>
  emitWebhookEvents(sc, tx, [event]);
