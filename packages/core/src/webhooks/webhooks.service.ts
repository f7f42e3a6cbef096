// Webhook endpoints of the workspace (dashboard only): create, change,
// enable/disable, rotate the secret, delete, send a test event, read the
// delivery log and redeliver a message. Each write is audited in its
// transaction; the secret never enters the audit log.
import { randomBytes } from "node:crypto";
import type { Prisma, WebhookDelivery, WebhookEndpoint } from "@ems/db";
import { changesOf, writeAudit, type Changes } from "../audit/write.ts";
import { notFound, validationError } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { defineList, listPage } from "../db/list-page.ts";
import type { ServiceContext } from "../service-context.ts";
import { checkWebhookUrl } from "./webhooks.config.ts";
import { DELIVERY_SORT } from "./webhooks.schemas.ts";
import { newMessageId, payloadOf, queueDelivery } from "./webhooks.events.ts";
import { WEBHOOK_EVENTS, type WebhookEventType } from "./webhooks.payload.ts";
import { maskWebhookUrl, presentDelivery, presentEndpoint } from "./webhooks.present.ts";
import type { CreateWebhookInput, ListDeliveriesInput, UpdateWebhookInput } from "./webhooks.schemas.ts";

const AUDITED = [
  "url",
  "description",
  "format",
  "events",
  "minSeverity",
  "delivery",
  "recipients",
  "enabled",
  "disabledReason",
] as const;

/** A Standard Webhooks secret: "whsec_" and a base64 key of 32 random bytes. */
const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** What changed, for the audit log: the URL is a secret, so a change of it shows masked on both sides. */
function auditedChanges(before: WebhookEndpoint | null, after: WebhookEndpoint | null): Changes {
  const changes = changesOf(before, after, AUDITED);
  if (changes.url) {
    changes.url = {
      before: before && maskWebhookUrl(before.url),
      after: after && maskWebhookUrl(after.url),
    };
  }
  return changes;
}

export async function listWebhooks(sc: ServiceContext, paging: PagingInput) {
  const [rows, total] = await Promise.all([
    sc.db.webhookEndpoint.findMany({ orderBy: { id: "asc" }, ...skipTake(paging) }),
    sc.db.webhookEndpoint.count(),
  ]);
  return { items: rows.map((e) => presentEndpoint(e, sc.actor)), total, page: paging.page, limit: paging.limit };
}

export async function getWebhook(sc: ServiceContext, id: number) {
  const e = await sc.db.webhookEndpoint.findUnique({ where: { id } });
  if (!e) throw notFound("Webhook endpoint");
  return presentEndpoint(e, sc.actor);
}

/**
 * What an endpoint's channel takes: a webhook a URL that passes the address guard (and no recipients), an e-mail
 * endpoint recipients (and no URL). Checked before any write; the 400 names the field.
 */
async function channelFields(
  sc: ServiceContext<"net">,
  channel: "webhook" | "email",
  input: { url?: string; recipients?: string[] },
  creating: boolean,
) {
  if (channel === "email") {
    if (input.url !== undefined) throw validationError("url", "url: e-mail endpoints have recipients, not a URL");
    if (creating && !input.recipients) throw validationError("recipients", "recipients: required for e-mail endpoints");
    return { url: creating ? "" : undefined, recipients: input.recipients };
  }
  if (input.recipients !== undefined)
    throw validationError("recipients", "recipients: only e-mail endpoints have recipients");
  if (creating && input.url === undefined) throw validationError("url", "url: required");
  return { url: input.url === undefined ? undefined : await checkWebhookUrl(input.url, sc.services.net) };
}

/** Creates an endpoint; its secret is in the answer and shown nowhere else. */
export async function createWebhook(sc: ServiceContext<"net">, input: CreateWebhookInput) {
  const channel = input.channel ?? "webhook";
  const { url, recipients } = await channelFields(sc, channel, input, true);
  return sc.db.$transaction(async (tx) => {
    const e = await tx.webhookEndpoint.create({
      data: {
        workspaceId: sc.workspaceId,
        url: url ?? "",
        channel,
        recipients: recipients ?? [],
        description: input.description ?? "",
        format: input.format ?? "standard",
        events: input.events ?? [...WEBHOOK_EVENTS],
        minSeverity: input.minSeverity ?? "info",
        delivery: input.delivery ?? "immediate",
        secret: newWebhookSecret(),
        createdByUserId: sc.actor.userId ?? null,
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "webhook.create",
      resourceType: "webhook",
      resourceId: e.id,
      changes: auditedChanges(null, e),
    });
    return { ...presentEndpoint(e, sc.actor), secret: e.secret };
  });
}

/** Changes what is sent. Enabling resets the failure count; disabling records who did it. */
export async function updateWebhook(sc: ServiceContext<"net">, input: UpdateWebhookInput) {
  const found = await sc.db.webhookEndpoint.findUnique({ where: { id: input.id }, select: { channel: true } });
  if (!found) throw notFound("Webhook endpoint");
  const { url, recipients } = await channelFields(sc, found.channel, input, false);
  return sc.db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id: input.id } });
    if (!before) throw notFound("Webhook endpoint");
    const toggled = input.enabled !== undefined && input.enabled !== before.enabled;
    const after = await tx.webhookEndpoint.update({
      where: { id: input.id },
      data: {
        url,
        description: input.description,
        format: input.format,
        events: input.events,
        minSeverity: input.minSeverity,
        delivery: input.delivery,
        recipients,
        ...(toggled && input.enabled
          ? { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 }
          : {}),
        ...(toggled && !input.enabled
          ? { enabled: false, disabledReason: `Disabled by ${sc.actor.name}`, disabledAt: new Date() }
          : {}),
      },
    });
    const changes = auditedChanges(before, after);
    if (Object.keys(changes).length) {
      await writeAudit(tx, sc.actor, {
        action: "webhook.update",
        resourceType: "webhook",
        resourceId: after.id,
        changes,
      });
    }
    return presentEndpoint(after, sc.actor);
  });
}

/** A new secret at once: messages from now on are signed with it (the old one stops verifying). */
export async function rotateWebhookSecret(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id }, select: { id: true } });
    if (!before) throw notFound("Webhook endpoint");
    const e = await tx.webhookEndpoint.update({ where: { id }, data: { secret: newWebhookSecret() } });
    await writeAudit(tx, sc.actor, { action: "webhook.rotate-secret", resourceType: "webhook", resourceId: id });
    return { ...presentEndpoint(e, sc.actor), secret: e.secret };
  });
}

/** Deletes the endpoint and its delivery log; queued messages to it are then dropped. */
export async function deleteWebhook(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const before = await tx.webhookEndpoint.findUnique({ where: { id } });
    if (!before) throw notFound("Webhook endpoint");
    await tx.webhookEndpoint.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "webhook.delete",
      resourceType: "webhook",
      resourceId: id,
      changes: auditedChanges(before, null),
    });
    return { message: `Webhook endpoint ${id} deleted` };
  });
}

/** Queues a webhook.test message to this endpoint (enabled or not); the answer is its delivery, pending. */
export async function sendTestEvent(sc: ServiceContext<"jobs" | "webhooks">, id: number) {
  return sc.db.$transaction(async (tx) => {
    const e = await tx.webhookEndpoint.findUnique({ where: { id }, select: { id: true } });
    if (!e) throw notFound("Webhook endpoint");
    const data = {
      endpoint: { id, url: `${sc.services.webhooks.webUrl}/settings/webhooks` },
      message: `A test event sent by ${sc.actor.name}`,
    };
    const delivery = await queueDelivery(sc, tx, {
      endpointId: id,
      messageId: newMessageId(),
      eventType: "webhook.test",
      payload: payloadOf(sc, "webhook.test", data),
    });
    await writeAudit(tx, sc.actor, {
      action: "webhook.test",
      resourceType: "webhook",
      resourceId: id,
      changes: { deliveryId: { before: null, after: delivery.id } },
    });
    return presentDelivery(delivery);
  });
}

/** An endpoint's delivery log, declared once (db/list-page.ts). */
export const DELIVERY_LIST = defineList<
  { endpointId: number; status?: WebhookDelivery["status"] },
  Prisma.WebhookDeliveryWhereInput,
  WebhookDelivery,
  ReturnType<typeof presentDelivery>,
  keyof typeof DELIVERY_SORT
>("deliveries", {
  // Per endpoint, alone or by status: kept by triggers (tally_keys_delivery).
  tally: { keys: "tally_keys_delivery", prefix: "deliveries", within: "endpointId", fields: ["status"] },
  sorts: DELIVERY_SORT,
  defaultSort: "createdAt",
  search: { fields: ["eventType"] },
  where: ({ endpointId, status }) => ({ endpointId, status }),
  model: (sc) => ({
    ids: (args) => sc.db.webhookDelivery.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.webhookDelivery.findMany(args),
    count: (where) => sc.db.webhookDelivery.count({ where }),
  }),
  present: presentDelivery,
});

export async function listDeliveries(sc: ServiceContext, input: ListDeliveriesInput) {
  await getWebhook(sc, input.id);
  return listPage(sc, DELIVERY_LIST, { endpointId: input.id, status: input.status }, input);
}

/** Sends a message again as a new delivery with the same webhook-id (receivers deduplicate on it). */
export async function redeliver(sc: ServiceContext<"jobs" | "webhooks">, id: number, deliveryId: number) {
  return sc.db.$transaction(async (tx) => {
    const d = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: id } });
    if (!d) throw notFound("Webhook delivery");
    const again = await queueDelivery(sc, tx, {
      endpointId: id,
      messageId: d.messageId,
      eventType: d.eventType as WebhookEventType,
      payload: d.payload as object,
    });
    await writeAudit(tx, sc.actor, {
      action: "webhook.redeliver",
      resourceType: "webhook",
      resourceId: id,
      changes: { deliveryId: { before: deliveryId, after: again.id } },
    });
    return presentDelivery(again);
  });
}
