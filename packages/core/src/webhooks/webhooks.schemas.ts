import { z } from "zod";
import { email, SEVERITY_VALUES, text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { storedList } from "../stored-values.ts";
import { WEBHOOK_EVENTS, webhookPayloadSchema } from "./webhooks.payload.ts";
import { DELIVERY_ERROR_CLASSES } from "./webhooks.failure.ts";

export const DELIVERY_MODES = ["immediate", "hourly", "daily"] as const;
export const CHANNELS = ["webhook", "email"] as const;
/** Recipients of one e-mail endpoint. */
export const MAX_RECIPIENTS = 20;

const minSeverityMeta = {
  description: "Issue events below this severity are not sent; events without a severity are unaffected (default info)",
};
const deliveryMeta = {
  description: "immediate: each message at once; hourly, daily: one digest per UTC hour or day (default immediate)",
};

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string().meta({
      description:
        "The endpoint URL; admins and owners see it whole, everyone else masked as scheme://host/… (it is a secret)",
    }),
    urlMasked: z.boolean().meta({ description: "true when url is shown masked" }),
    description: z.string(),
    format: z.enum(["standard", "slack"]),
    channel: z.enum(CHANNELS).meta({ description: "webhook: POST to url; email: to recipients (url is empty)" }),
    recipients: z.array(z.string()).meta({ description: "E-mail endpoints: who receives the messages" }),
    events: storedList("webhook event", z.enum(WEBHOOK_EVENTS)),
    minSeverity: z.enum(SEVERITY_VALUES).meta(minSeverityMeta),
    delivery: z.enum(DELIVERY_MODES).meta(deliveryMeta),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Why it is disabled (by a person or automatically)" }),
    disabledAt: z.date().nullable(),
    consecutiveFailures: z.number().int().meta({ description: "Messages in a row that failed after every attempt" }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string().meta({ description: "whsec_…: shown once, on create and on rotation" }) })
  .meta({ id: "WebhookEndpointWithSecret" });

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    endpointId: z.number().int(),
    eventType: z.string(),
    messageId: z.string().meta({ description: "The webhook-id header; kept by redeliveries" }),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    lastError: z
      .string()
      .nullable()
      .meta({ description: "Why the last attempt failed, in our words: never the receiver's reply or an address" }),
    lastErrorClass: z
      .enum(DELIVERY_ERROR_CLASSES)
      .nullable()
      .meta({ description: "What kind of failure lastError is" }),
    nextAttemptAt: z.date().nullable(),
    payload: webhookPayloadSchema,
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "WebhookDelivery" });

const events = z
  .array(z.enum(WEBHOOK_EVENTS, `must be one of ${WEBHOOK_EVENTS.join(", ")}`))
  .min(1, "must name at least one event")
  .max(WEBHOOK_EVENTS.length, `must name at most ${WEBHOOK_EVENTS.length} events`)
  .refine((e) => new Set(e).size === e.length, "must not repeat an event");

const recipients = z
  .array(email)
  .min(1, "must name at least one address")
  .max(MAX_RECIPIENTS, `must name at most ${MAX_RECIPIENTS} addresses`)
  .refine((r) => new Set(r).size === r.length, "must not repeat an address");

const fields = {
  url: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(2048, "must be at most 2048 characters")
    .optional()
    .meta({ description: "Webhook endpoints: required" }),
  description: text(500).optional(),
  format: z
    .enum(["standard", "slack"], "must be standard or slack")
    .optional()
    .meta({ description: "default standard" }),
  events: events.optional().meta({ description: "default: every event" }),
  minSeverity: z
    .enum(SEVERITY_VALUES, `must be one of ${SEVERITY_VALUES.join(", ")}`)
    .optional()
    .meta(minSeverityMeta),
  delivery: z
    .enum(DELIVERY_MODES, `must be one of ${DELIVERY_MODES.join(", ")}`)
    .optional()
    .meta(deliveryMeta),
  recipients: recipients.optional().meta({ description: "E-mail endpoints: required (1 to 20 addresses)" }),
};

export const createWebhookInput = z.object({
  ...fields,
  channel: z
    .enum(CHANNELS, "must be webhook or email")
    .optional()
    .meta({ description: "default webhook; fixed once created" }),
});
export const updateWebhookInput = z.object({
  id: idParam(),
  ...fields,
  enabled: z.boolean().optional().meta({ description: "true re-enables and resets consecutiveFailures" }),
});
export const webhookIdInput = z.object({ id: idParam() });
export const DELIVERY_SORT = {
  createdAt: { field: "id", order: "desc" },
  status: { field: "status", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listDeliveriesInput = pagingInput.extend({
  q: searchInput("event type"),
  ...sortInputs(DELIVERY_SORT, "createdAt"),
  id: idParam(),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
});
export const redeliverInput = z.object({ id: idParam(), deliveryId: idParam("deliveryId") });

export type CreateWebhookInput = z.output<typeof createWebhookInput>;
export type UpdateWebhookInput = z.output<typeof updateWebhookInput>;
export type ListDeliveriesInput = z.output<typeof listDeliveriesInput>;
