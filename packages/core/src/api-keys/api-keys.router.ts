import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  apiKeySchema,
  createApiKeyInput,
  createdApiKeySchema,
  listApiKeysInput,
  revokeApiKeyInput,
} from "./api-keys.schemas.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service.ts";

const tags = ["API keys (dashboard only)"];
const dashboardOnly = { dashboardOnly: true, minRole: "admin" } as const;

// Managing credentials is for people in the dashboard: over REST these
// answer 403 SESSION_REQUIRED.
export const apiKeysRouter = router({
  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/api-keys", tags, summary: "List API keys" },
      kind: "read",
      paged: true,
      ...dashboardOnly,
    })
    .input(listApiKeysInput)
    .output(pageOf(apiKeySchema))
    .query(({ ctx, input }) => listApiKeys(ctx, input)),

  create: procedure
    .meta({
      openapi: { method: "POST", path: "/app/api-keys", tags, summary: "Create an API key (the key is shown once)" },
      kind: "write",
      successStatus: 201,
      ...dashboardOnly,
    })
    .input(createApiKeyInput)
    .output(createdApiKeySchema)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),

  revoke: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/api-keys/{id}", tags, summary: "Revoke an API key" },
      kind: "write",
      ...dashboardOnly,
    })
    .input(revokeApiKeyInput)
    .output(apiKeySchema)
    .mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
});
