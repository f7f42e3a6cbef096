// How endpoints and deliveries leave the service. An endpoint's URL is a
// credential (a Slack incoming-webhook URL is one: whoever has it can post),
// so only admins and owners (and the operator) see it whole; everyone else,
// and every audit entry, sees it masked (docs/api.md, Webhooks).
import type { WebhookDelivery, WebhookEndpoint } from "@ems/db";
import type { z } from "zod";
import type { Actor } from "../actors.ts";
import { ROLE_RANK } from "../door.ts";
import type { WEBHOOK_EVENTS, webhookPayloadSchema } from "./webhooks.payload.ts";
import type { DeliveryErrorClass } from "./webhooks.failure.ts";
import type { webhookDeliverySchema, webhookEndpointSchema } from "./webhooks.schemas.ts";

/**
 * The URL without what may be secret: scheme and host (with a port), then "/…". The path and query, where services
 * keep their tokens, never show. (Stored URLs are normalised when saved, so the host is what a request would use.)
 */
export function maskWebhookUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}/…`;
  } catch {
    return "…";
  }
}

/** Admins and owners of the workspace, and the operator: those who may change endpoints see their URLs. */
export const seesWebhookUrls = (actor: Actor) => ROLE_RANK[actor.role ?? "read_only"] >= ROLE_RANK.admin;

export const presentEndpoint = (e: WebhookEndpoint, actor: Actor): z.output<typeof webhookEndpointSchema> => {
  // E-mail endpoints have no URL (an empty one, nothing to mask).
  const clear = seesWebhookUrls(actor) || e.channel === "email";
  return {
    id: e.id,
    url: clear ? e.url : maskWebhookUrl(e.url),
    urlMasked: !clear,
    description: e.description,
    format: e.format,
    channel: e.channel,
    recipients: e.recipients,
    events: e.events as (typeof WEBHOOK_EVENTS)[number][],
    minSeverity: e.minSeverity,
    delivery: e.delivery,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    consecutiveFailures: e.consecutiveFailures,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
};

export const presentDelivery = (d: WebhookDelivery): z.output<typeof webhookDeliverySchema> => ({
  id: d.id,
  endpointId: d.endpointId,
  eventType: d.eventType,
  messageId: d.messageId,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  latencyMs: d.latencyMs,
  lastError: d.lastError,
  lastErrorClass: d.lastErrorClass as DeliveryErrorClass | null,
  nextAttemptAt: d.nextAttemptAt,
  payload: d.payload as z.output<typeof webhookPayloadSchema>,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});
