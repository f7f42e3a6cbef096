import type { ApiKey } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { SECRET_PREFIX, displayPrefix, newSecret } from "../auth/secrets.ts";
import { notFound, validationError } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { SCOPES } from "../scopes.ts";
import type { Services } from "../service-context.ts";
import { asOperator } from "../workspaces/workspaces.service.ts";
import { type OperatorMeta } from "../actors.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import type { CreateApiKeyInput, apiKeySchema } from "./api-keys.schemas.ts";

const AUDITED = ["name", "scopes", "expiresAt", "revokedAt"] as const;

export function presentApiKey(k: ApiKey, now: number): z.output<typeof apiKeySchema> {
  const status = k.revokedAt ? "revoked" : k.expiresAt && k.expiresAt.getTime() <= now ? "expired" : "active";
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    status,
    expiresAt: k.expiresAt,
    revokedAt: k.revokedAt,
    lastUsedAt: k.lastUsedAt,
    createdAt: k.createdAt,
  };
}

/** Creates a key; the secret is in the answer and nowhere else. */
export async function createApiKey(sc: ServiceContext, input: CreateApiKeyInput) {
  const { secret, hash } = newSecret(SECRET_PREFIX.apiKey);
  return sc.db.$transaction(async (tx) => {
    const key = await tx.apiKey.create({
      data: {
        workspaceId: sc.workspaceId,
        name: input.name,
        prefix: displayPrefix(secret),
        tokenHash: hash,
        scopes: input.scopes ?? [...SCOPES],
        expiresAt: input.expiresAt ?? null,
        createdByUserId: sc.actor.userId ?? null,
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "api-key.create",
      resourceType: "api-key",
      resourceId: key.id,
      changes: changesOf(null, key, AUDITED),
    });
    return { ...presentApiKey(key, sc.services.now().getTime()), key: secret };
  });
}

export async function listApiKeys(sc: ServiceContext, paging: PagingInput) {
  const [rows, total] = await Promise.all([
    sc.db.apiKey.findMany({ orderBy: { id: "asc" }, ...skipTake(paging) }),
    sc.db.apiKey.count(),
  ]);
  return {
    items: rows.map((k) => presentApiKey(k, sc.services.now().getTime())),
    total,
    page: paging.page,
    limit: paging.limit,
  };
}

/** Revokes at once; revoking a revoked key changes nothing and answers the key. */
export async function revokeApiKey(sc: ServiceContext<"keys">, id: number) {
  const revoked = await sc.db.$transaction(async (tx) => {
    const before = await tx.apiKey.findUnique({ where: { id } });
    if (!before) throw notFound("API key");
    if (before.revokedAt) return before;
    const after = await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    await writeAudit(tx, sc.actor, {
      action: "api-key.revoke",
      resourceType: "api-key",
      resourceId: id,
      changes: changesOf(before, after, AUDITED),
    });
    return after;
  });
  // This process's cache forgets the key now; the others when the notification reaches them.
  sc.services.keys.evict(revoked.tokenHash);
  return presentApiKey(revoked, sc.services.now().getTime());
}

/** The operator revokes a key by its id alone (CLI): in the key's own workspace. */
export async function revokeApiKeyById(services: Services, id: number, op: OperatorMeta) {
  const key = await services.db.prisma.apiKey.findUnique({ where: { id }, select: { workspaceId: true } });
  if (!key) throw validationError("id", `no API key with id ${id}`);
  return asOperator(services, key.workspaceId, op, (sc) => revokeApiKey(sc, id));
}
