// What a webhook message says: the event types and one zod shape of data per type (docs/api.md, Webhooks), apart
// from how a change becomes messages (webhooks.events.ts), so that the delivery job can read a payload back without
// importing what queues it.
import { z } from "zod";

/** Events an endpoint can subscribe to; webhook.test goes only to the endpoint it is sent to. */
export const WEBHOOK_EVENTS = [
  "issue.created",
  "issue.reopened",
  "issue.resolved",
  "issue.sla_breached",
  "port.opened",
  "scan.completed",
  "scan.failed",
  "asset.unreachable",
  "discovery.hosts_found",
] as const;
/**
 * What a delivery can carry: the events above, the test event, and `discovery.host_found`, one message per host that
 * runs sent before they sent one summary each (issue 26): kept readable in the delivery log, no longer subscribable.
 */
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | "webhook.test" | "discovery.host_found" | "digest";

/** The items a digest names, highest priority first (webhooks.digest.ts); the counts cover every event. */
export const DIGEST_TOP_ITEMS = 10;

/** The new hosts one discovery.hosts_found message names (alphabetically); `newHosts.total` counts them all. */
export const HOSTS_FOUND_NAMES = 100;

const link = z.string().meta({ description: "The dashboard page of this thing" });
export const assetRef = z.object({ id: z.number().int(), value: z.string(), name: z.string().nullable(), url: link });
export const issueRef = z.object({
  id: z.number().int(),
  title: z.string(),
  severity: z.enum(["info", "low", "medium", "high", "critical"]),
  kind: z.string(),
  port: z.number().int().nullable(),
  url: link,
});
export const portRef = z.object({ port: z.number().int(), protocol: z.string(), service: z.string().nullable() });
const scanRef = z.object({ id: z.number().int(), url: link });

const issueData = z.object({ asset: assetRef, issue: issueRef, scan: scanRef.nullable() });
export const dataSchemas = {
  "issue.created": issueData,
  "issue.reopened": issueData,
  "issue.resolved": issueData,
  "issue.sla_breached": z.object({
    asset: assetRef,
    issue: issueRef,
    dueAt: z.string().meta({ description: "The deadline it passed (docs/api.md, SLA)" }),
  }),
  "port.opened": z.object({ asset: assetRef, port: portRef, scan: scanRef }),
  "scan.completed": z.object({
    asset: assetRef,
    scan: scanRef.extend({ trigger: z.enum(["manual", "schedule", "retest"]), finishedAt: z.string() }),
    changes: z.object({
      newIssues: z.array(issueRef),
      reopenedIssues: z.array(issueRef),
      resolvedIssues: z.array(issueRef),
      newPorts: z.array(portRef),
    }),
  }),
  "scan.failed": z.object({ asset: assetRef, scan: scanRef.extend({ error: z.string() }) }),
  "asset.unreachable": z.object({ asset: assetRef, previousStatus: z.literal("reachable"), reason: z.string() }),
  "discovery.hosts_found": z.object({
    asset: assetRef.meta({ description: "The proven domain the run searched under" }),
    run: z.object({
      id: z.number().int(),
      url: link,
      trigger: z.enum(["manual", "schedule"]),
      status: z.enum(["done", "failed"]),
      finishedAt: z.string(),
    }),
    found: z.number().int().meta({ description: "Hosts the run found (known ones included)" }),
    capped: z
      .object({ limit: z.number().int(), dropped: z.number().int() })
      .nullable()
      .optional()
      .meta({
        description:
          "The run stopped at its host limit (EMS_DISCOVERY_MAX_HOSTS): dropped names were not looked at; null " +
          "otherwise (absent in messages sent before it was added)",
      }),
    newHosts: z.object({
      total: z.number().int().meta({ description: "Hosts never seen before in this workspace" }),
      names: z.array(z.string()).meta({ description: `The first ${HOSTS_FOUND_NAMES} of them, alphabetically` }),
      truncated: z.boolean().meta({ description: "true when total is more than names holds" }),
    }),
  }),
  "discovery.host_found": z.object({ asset: assetRef, hostname: z.string() }),
  "webhook.test": z.object({ endpoint: z.object({ id: z.number().int(), url: link }), message: z.string() }),
  digest: z.object({
    endpoint: z.object({ id: z.number().int(), url: link }),
    period: z.object({
      delivery: z.enum(["hourly", "daily"]),
      start: z.string().meta({ description: "The period's first instant (UTC), ISO 8601" }),
      end: z.string().meta({ description: "The instant after its last one" }),
    }),
    total: z.number().int().meta({ description: "Events held in the period (after the endpoint's filters)" }),
    counts: z
      .array(
        z.object({
          type: z.string(),
          severity: z.enum(["info", "low", "medium", "high", "critical"]).nullable(),
          count: z.number().int(),
        }),
      )
      .meta({ description: "Per event type and severity (null for events without one), most severe first" }),
    top: z
      .array(
        z.object({
          type: z.string(),
          severity: z.enum(["info", "low", "medium", "high", "critical"]).nullable(),
          text: z.string(),
          url: link,
          timestamp: z.string(),
        }),
      )
      .meta({ description: `At most ${DIGEST_TOP_ITEMS} events, highest priority first` }),
    heldBack: z
      .object({
        count: z.number().int().meta({ description: "Events counted above but not named in top" }),
        issuesUrl: link.meta({ description: "The dashboard's issues list" }),
        deliveriesUrl: link.meta({ description: "This endpoint's delivery log" }),
      })
      .nullable()
      .meta({ description: "null when top names every event" }),
  }),
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
