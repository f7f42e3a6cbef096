import { messageSchema } from "../common-schemas.ts";
import { pageOf, pagingInput } from "../paging.ts";
import {
  createOAuthAppInput,
  oauthAppIdInput,
  oauthAppSchema,
  oauthAppWithSecretSchema,
  updateOAuthAppInput,
} from "../oauth/oauth.schemas.ts";
import {
  createOAuthApp,
  deleteOAuthApp,
  listOAuthApps,
  rotateOAuthAppSecret,
  updateOAuthApp,
} from "../oauth/oauth.service.ts";
import { procedure, router } from "../trpc.ts";

const tags = ["OAuth apps (dashboard only)"];
const admin = { dashboardOnly: true, minRole: "admin" } as const;

export const oauthAppsRouter = router({
  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/oauth-apps", tags, summary: "List OAuth apps" },
      kind: "read",
      paged: true,
      ...admin,
    })
    .input(pagingInput)
    .output(pageOf(oauthAppSchema))
    .query(({ ctx, input }) => listOAuthApps(ctx, input)),

  create: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/oauth-apps",
        tags,
        summary: "Create an OAuth app (the secret is shown once)",
      },
      kind: "write",
      successStatus: 201,
      ...admin,
    })
    .input(createOAuthAppInput)
    .output(oauthAppWithSecretSchema)
    .mutation(({ ctx, input }) => createOAuthApp(ctx, input)),

  update: procedure
    .meta({
      openapi: { method: "PUT", path: "/app/oauth-apps/{id}", tags, summary: "Update name, scopes or redirect URIs" },
      kind: "write",
      ...admin,
    })
    .input(updateOAuthAppInput)
    .output(oauthAppSchema)
    .mutation(({ ctx, input }) => updateOAuthApp(ctx, input)),

  rotateSecret: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/oauth-apps/{id}/rotate-secret",
        tags,
        summary: "Rotate the client secret",
      },
      kind: "write",
      ...admin,
    })
    .input(oauthAppIdInput)
    .output(oauthAppWithSecretSchema)
    .mutation(({ ctx, input }) => rotateOAuthAppSecret(ctx, input.id)),

  delete: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/oauth-apps/{id}", tags, summary: "Delete an OAuth app and its tokens" },
      kind: "write",
      ...admin,
    })
    .input(oauthAppIdInput)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteOAuthApp(ctx, input.id)),
});
