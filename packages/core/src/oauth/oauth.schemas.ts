import { z } from "zod";
import { scopeList } from "../api-keys/api-keys.schemas.ts";
import { text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";

const redirectUri = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .url("must be an absolute URL")
  .refine((u) => {
    const url = new URL(u);
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    return (url.protocol === "https:" || (url.protocol === "http:" && loopback)) && !url.hash;
  }, "must be https (http only for localhost) and have no fragment");

export const createOAuthAppInput = z.object({
  name: text(255, 1),
  scopes: scopeList,
  redirectUris: z.array(redirectUri).max(10, "at most 10 redirect URIs").optional(),
});

export const oauthAppSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    clientId: z.string(),
    scopes: z.array(z.string()),
    redirectUris: z.array(z.string()),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "OAuthApp" });

export type CreateOAuthAppInput = z.output<typeof createOAuthAppInput>;

export const updateOAuthAppInput = z.object({
  id: idParam(),
  name: text(255, 1).optional(),
  scopes: scopeList.optional(),
  redirectUris: z.array(redirectUri).max(10, "at most 10 redirect URIs").optional(),
});
export const oauthAppIdInput = z.object({ id: idParam() });
export const oauthAppWithSecretSchema = oauthAppSchema.extend({
  clientSecret: z.string().meta({ description: "Shown only in this answer" }),
});

export type UpdateOAuthAppInput = z.output<typeof updateOAuthAppInput>;
