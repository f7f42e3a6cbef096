import { messageSchema } from "../common-schemas.ts";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  createWebhookInput,
  listDeliveriesInput,
  redeliverInput,
  updateWebhookInput,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookIdInput,
} from "./webhooks.schemas.ts";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "./webhooks.service.ts";
import { pagingInput } from "../paging.ts";

const tags = ["Webhooks (dashboard only)"];
// Like API keys: managed by people in the dashboard (REST answers 403 SESSION_REQUIRED); admins change them.
const read = { dashboardOnly: true, kind: "read" } as const;
const write = { dashboardOnly: true, kind: "write", minRole: "admin" } as const;
const guard =
  "url must be http(s) and resolve only to public addresses (private ones where the operator allows them): " +
  "400 naming url otherwise.";

export const webhooksRouter = router({
  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/webhooks", tags, summary: "List webhook endpoints" },
      paged: true,
      ...read,
    })
    .input(pagingInput)
    .output(pageOf(webhookEndpointSchema))
    .query(({ ctx, input }) => listWebhooks(ctx, input)),

  get: procedure
    .meta({ openapi: { method: "GET", path: "/app/webhooks/{id}", tags, summary: "Get a webhook endpoint" }, ...read })
    .input(webhookIdInput)
    .output(webhookEndpointSchema)
    .query(({ ctx, input }) => getWebhook(ctx, input.id)),

  create: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/webhooks",
        tags,
        summary: "Create a webhook endpoint (the secret is shown once)",
        description: guard,
      },
      successStatus: 201,
      ...write,
    })
    .input(createWebhookInput)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => createWebhook(ctx, input)),

  update: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/webhooks/{id}",
        tags,
        summary: "Change, enable or disable a webhook endpoint",
        description: `Send only what changes. ${guard}`,
      },
      ...write,
    })
    .input(updateWebhookInput)
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) => updateWebhook(ctx, input)),

  rotateSecret: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/webhooks/{id}/rotate-secret",
        tags,
        summary: "Replace the signing secret",
      },
      ...write,
    })
    .input(webhookIdInput)
    .output(webhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input.id)),

  delete: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/webhooks/{id}", tags, summary: "Delete a webhook endpoint" },
      ...write,
    })
    .input(webhookIdInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteWebhook(ctx, input.id)),

  test: procedure
    .meta({
      openapi: { method: "POST", path: "/app/webhooks/{id}/test", tags, summary: "Send a webhook.test event" },
      successStatus: 201,
      ...write,
    })
    .input(webhookIdInput)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => sendTestEvent(ctx, input.id)),

  deliveries: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/webhooks/{id}/deliveries",
        tags,
        summary: "The endpoint's delivery log",
        description: "Newest first.",
      },
      paged: true,
      ...read,
    })
    .input(listDeliveriesInput)
    .output(pageOf(webhookDeliverySchema))
    .query(({ ctx, input }) => listDeliveries(ctx, input)),

  redeliver: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/webhooks/{id}/deliveries/{deliveryId}/redeliver",
        tags,
        summary: "Send a message again (same webhook-id)",
      },
      successStatus: 201,
      ...write,
    })
    .input(redeliverInput)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => redeliver(ctx, input.id, input.deliveryId)),
});
