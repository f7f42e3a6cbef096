import { z } from "zod";
import { dateTime, text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { SCOPES } from "../scopes.ts";

export const scopeList = z
  .array(z.enum(SCOPES, { message: `must be one of ${SCOPES.join(", ")}` }))
  .min(1, "must name at least one scope")
  .max(SCOPES.length, `must name at most ${SCOPES.length} scopes`)
  .transform((s) => [...new Set(s)]);

export const futureDate = dateTime().refine((d) => d.getTime() > Date.now(), "must be in the future");

export const apiKeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to recognise it" }),
    scopes: z.array(z.string()),
    status: z.enum(["active", "revoked", "expired"]),
    expiresAt: z.date().nullable(),
    revokedAt: z.date().nullable(),
    lastUsedAt: z.date().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: "ApiKey" });

export const createApiKeyInput = z.object({
  name: text(255, 1),
  scopes: scopeList.optional().meta({ description: "Default: every scope" }),
  expiresAt: futureDate.optional(),
});

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().meta({ description: "The secret; shown only in this answer" }),
});

export const listApiKeysInput = pagingInput;
export const revokeApiKeyInput = z.object({ id: idParam() });

export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;
