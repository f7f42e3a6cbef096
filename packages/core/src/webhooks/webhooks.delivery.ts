// One attempt at sending one message, run by a worker from the queue. The
// body is signed per Standard Webhooks (the `standardwebhooks` package) and
// sent through safeFetch, which vets the address again; an e-mail endpoint's
// message goes through the workspace's SMTP server (email/email.send.ts,
// the same guard). Each attempt is
// recorded on the delivery (status, time, and a failure in our words: never
// the reply, see webhooks.failure.ts); a failed attempt throws so that pg-boss retries
// it with backoff, until the configured attempts are spent. An endpoint whose
// messages fail after every attempt disableAfter times in a row is disabled.
import { performance } from "node:perf_hooks";
import { safeFetch } from "@ems/scanners";
import { Webhook } from "standardwebhooks";
import type { WebhookEndpoint } from "@ems/db";
import { writeAudit } from "../audit/write.ts";
import type { ScopedClient } from "../db/scoped.ts";
import { mailOf } from "../email/email.messages.ts";
import { sendMail } from "../email/email.send.ts";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { webhookActor } from "../actors.ts";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { deliveryNet } from "./webhooks.config.ts";
import { describeDeliveryError, ENDPOINT_DISABLED, SMTP_NOT_CONFIGURED, statusFailure } from "./webhooks.failure.ts";
import { webhookPayloadSchema } from "./webhooks.payload.ts";
import { slackBody, type Payload } from "./webhooks.slack.ts";

/** The body as sent: the standard payload, or Slack's incoming-webhook JSON. */
export function bodyOf(format: "standard" | "slack", payload: unknown): string {
  const p = webhookPayloadSchema.parse(payload) as Payload;
  return JSON.stringify(format === "slack" ? slackBody(p) : p);
}

async function attempt(services: Services, url: string, headers: Record<string, string>, body: string) {
  const started = performance.now();
  const cfg = services.webhooks;
  const took = () => Math.round(performance.now() - started);
  try {
    const r = await safeFetch(url, deliveryNet(services.net, cfg), {
      method: "POST",
      headers,
      body,
      followRedirects: false,
      verifyTls: true,
    });
    // The reply's body is read (bounded) and dropped: only the status is kept.
    const ok = r.status >= 200 && r.status < 300;
    return { statusCode: r.status, failure: ok ? null : statusFailure(r.status), latencyMs: took() };
  } catch (err) {
    const failure = describeDeliveryError(err, cfg.timeoutMs);
    if (failure.errorClass === "other") console.error("webhook delivery:", err);
    return { statusCode: null, failure, latencyMs: took() };
  }
}

/** A webhook: the body signed per Standard Webhooks, POSTed through safeFetch. */
function signedAttempt(services: Services, ep: WebhookEndpoint, messageId: string, payload: unknown) {
  const body = bodyOf(ep.format, payload);
  // When the attempt leaves, by the wall clock: receivers check it against theirs (Standard Webhooks: ±5 minutes),
  // so it records a moment rather than deciding by the product's clock.
  const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const headers = {
    "content-type": "application/json",
    "webhook-id": messageId,
    "webhook-timestamp": String(sentAt.getTime() / 1000),
    "webhook-signature": new Webhook(ep.secret).sign(messageId, sentAt, body),
  };
  return attempt(services, ep.url, headers, body);
}

/** An e-mail endpoint: the message as an e-mail to its recipients, through the workspace's SMTP server. */
async function emailAttempt(services: Services, db: ScopedClient, recipients: string[], payload: unknown) {
  const started = performance.now();
  const smtp = await db.smtpSettings.findFirst();
  const failure = smtp
    ? await sendMail(
        smtp,
        { to: recipients, ...mailOf(webhookPayloadSchema.parse(payload) as Payload) },
        services.net,
        services.webhooks.timeoutMs,
      )
    : SMTP_NOT_CONFIGURED;
  return { statusCode: null, failure, latencyMs: Math.round(performance.now() - started) };
}

const webhookPayload = z.object({ deliveryId: z.number().int(), workspaceId: z.number().int() });
export type WebhookJob = z.output<typeof webhookPayload>;

/** Webhook deliveries in flight per worker process (each waits on a receiver, up to EMS_WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_CONCURRENCY = 16;

export async function deliverWebhook(services: Services, job: WebhookJob) {
  const cfg = services.webhooks;
  const actor = webhookActor(job.workspaceId);
  const failure = await actAs(services, actor, async ({ db }) => {
    const d = await db.webhookDelivery.findUnique({ where: { id: job.deliveryId }, include: { endpoint: true } });
    if (!d || d.status !== "pending") return null; // deleted with its endpoint, or already settled
    const ep = d.endpoint;
    // A test is for checking an endpoint, disabled ones included; it never counts towards disabling.
    const isTest = d.eventType === "webhook.test";
    if (!ep.enabled && !isTest) {
      await db.webhookDelivery.update({
        where: { id: d.id },
        data: {
          status: "failed",
          lastError: ENDPOINT_DISABLED.message,
          lastErrorClass: ENDPOINT_DISABLED.errorClass,
          nextAttemptAt: null,
        },
      });
      return null;
    }
    const result =
      ep.channel === "email"
        ? await emailAttempt(services, db, ep.recipients, d.payload)
        : await signedAttempt(services, ep, d.messageId, d.payload);
    const attempts = d.attempts + 1;
    const delivered = result.failure === null;
    const final = delivered || attempts >= cfg.attempts;
    // pg-boss's next retry starts between delay × 2^(n-1) and twice that: the earliest is shown.
    const nextAttemptAt = final
      ? null
      : new Date(services.now().getTime() + cfg.retryDelaySeconds * 1000 * 2 ** (attempts - 1));
    await db.$transaction(async (tx) => {
      await tx.webhookDelivery.update({
        where: { id: d.id },
        data: {
          status: delivered ? "delivered" : final ? "failed" : "pending",
          attempts,
          lastStatusCode: result.statusCode,
          latencyMs: result.latencyMs,
          lastError: result.failure?.message ?? null,
          lastErrorClass: result.failure?.errorClass ?? null,
          nextAttemptAt,
        },
      });
      if (isTest || !final) return;
      if (delivered) {
        await tx.webhookEndpoint.updateMany({
          where: { id: ep.id, consecutiveFailures: { gt: 0 } },
          data: { consecutiveFailures: 0 },
        });
        return;
      }
      const after = await tx.webhookEndpoint.update({
        where: { id: ep.id },
        data: { consecutiveFailures: { increment: 1 } },
      });
      if (!after.enabled || after.consecutiveFailures < cfg.disableAfter) return;
      const disabledReason = (
        `Disabled automatically: ${after.consecutiveFailures} messages in a row failed after ${cfg.attempts} ` +
        `attempts each (last: ${result.failure?.message})`
      ).slice(0, 500);
      await tx.webhookEndpoint.update({
        where: { id: ep.id },
        data: { enabled: false, disabledReason, disabledAt: new Date() },
      });
      await writeAudit(tx, actor, {
        action: "webhook.disable",
        resourceType: "webhook",
        resourceId: ep.id,
        changes: {
          enabled: { before: true, after: false },
          disabledReason: { before: null, after: disabledReason },
        },
      });
    });
    return final ? null : (result.failure?.message ?? null);
  });
  if (failure) throw new Error(failure); // pg-boss retries it after its backoff
}

/** One attempt at sending one webhook message. */
export const webhookDeliveryJob = defineJob({
  queue: "webhook-delivery",
  // Retry policy per message (webhooks.events.ts sends each with the sending process's EMS_WEBHOOK_* settings).
  policy: {},
  payload: webhookPayload,
  // Deliveries wait on receivers, not on this process: many at once, each slot refilled as soon as it frees.
  concurrency: { slots: WEBHOOK_CONCURRENCY, pool: true },
  handler: deliverWebhook,
});
