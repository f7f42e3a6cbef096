// OAuth apps and the tokens they get. The protocol (RFC 6749 token endpoint,
// RFC 7009 revocation) lives in apps/api; this is its storage and rules.
import { timingSafeEqual } from "node:crypto";
import type { OAuthApp } from "@ems/db";

export type { OAuthApp };
import { changesOf, writeAudit } from "../audit/write.ts";
import { type Actor } from "../actors.ts";
import { SECRET_PREFIX, hashSecret, newSecret } from "../auth/secrets.ts";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import type { Scope } from "../scopes.ts";
import type { ServiceContext } from "../service-context.ts";
import { notFound, validationError } from "../errors.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import type { z } from "zod";
import type { CreateOAuthAppInput, UpdateOAuthAppInput, oauthAppSchema } from "./oauth.schemas.ts";

/** Lifetime of an access token issued by the token endpoint. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export const presentOAuthApp = (a: OAuthApp): z.output<typeof oauthAppSchema> => ({
  id: a.id,
  name: a.name,
  clientId: a.clientId,
  scopes: a.scopes,
  redirectUris: a.redirectUris,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

export async function createOAuthApp(sc: ServiceContext, input: CreateOAuthAppInput) {
  const clientId = newSecret(SECRET_PREFIX.clientId, 12).secret;
  const { secret, hash } = newSecret(SECRET_PREFIX.clientSecret);
  return sc.db.$transaction(async (tx) => {
    const app = await tx.oAuthApp.create({
      data: {
        workspaceId: sc.workspaceId,
        name: input.name,
        clientId,
        clientSecretHash: hash,
        scopes: input.scopes,
        redirectUris: input.redirectUris ?? [],
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "oauth-app.create",
      resourceType: "oauth-app",
      resourceId: app.id,
      changes: changesOf(null, app, ["name", "clientId", "scopes", "redirectUris"]),
    });
    return { ...presentOAuthApp(app), clientSecret: secret };
  });
}

const APP_FIELDS = ["name", "scopes", "redirectUris"] as const;

export async function listOAuthApps(sc: ServiceContext, paging: PagingInput) {
  const [rows, total] = await Promise.all([
    sc.db.oAuthApp.findMany({ orderBy: { id: "asc" }, ...skipTake(paging) }),
    sc.db.oAuthApp.count(),
  ]);
  return { items: rows.map(presentOAuthApp), total, page: paging.page, limit: paging.limit };
}

export async function updateOAuthApp(sc: ServiceContext, input: UpdateOAuthAppInput) {
  const { id, ...fields } = input;
  if (Object.values(fields).every((v) => v === undefined))
    throw validationError("body", "send at least one of name, scopes, redirectUris");
  return sc.db.$transaction(async (tx) => {
    const before = await tx.oAuthApp.findUnique({ where: { id } });
    if (!before) throw notFound("OAuth app");
    const after = await tx.oAuthApp.update({ where: { id }, data: fields });
    const changes = changesOf(before, after, APP_FIELDS);
    if (Object.keys(changes).length)
      await writeAudit(tx, sc.actor, {
        action: "oauth-app.update",
        resourceType: "oauth-app",
        resourceId: id,
        changes,
      });
    return presentOAuthApp(after);
  });
}

/** A new client secret (shown once); the old one stops working at once. Tokens already issued stay valid. */
export async function rotateOAuthAppSecret(sc: ServiceContext, id: number) {
  const { secret, hash } = newSecret(SECRET_PREFIX.clientSecret);
  return sc.db.$transaction(async (tx) => {
    const app = await tx.oAuthApp.update({ where: { id }, data: { clientSecretHash: hash } });
    await writeAudit(tx, sc.actor, { action: "oauth-app.rotate-secret", resourceType: "oauth-app", resourceId: id });
    return { ...presentOAuthApp(app), clientSecret: secret };
  });
}

/** Deletes the app with its tokens and codes (foreign-key cascades). */
export async function deleteOAuthApp(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const app = await tx.oAuthApp.findUnique({ where: { id } });
    if (!app) throw notFound("OAuth app");
    await tx.oAuthApp.delete({ where: { id } });
    await writeAudit(tx, sc.actor, {
      action: "oauth-app.delete",
      resourceType: "oauth-app",
      resourceId: id,
      changes: changesOf(app, null, APP_FIELDS),
    });
    return { message: `OAuth app "${app.name}" deleted; its tokens no longer work` };
  });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The app with this client id (a public client proving itself with PKCE). Not workspace-scoped: the client says who it
 * is.
 */
export const findOAuthApp = (services: Services, clientId: string): Promise<OAuthApp | null> =>
  services.db.prisma.oAuthApp.findUnique({ where: { clientId } });

/** The app with this client id, if the secret matches. */
export async function findOAuthClient(
  services: Services,
  clientId: string,
  clientSecret: string | undefined,
): Promise<OAuthApp | null> {
  const app = await findOAuthApp(services, clientId);
  if (!app) return null;
  if (clientSecret === undefined) return null;
  return sameHash(app.clientSecretHash, hashSecret(clientSecret)) ? app : null;
}

const appActor = (app: OAuthApp, meta: { ip?: string; userAgent?: string }): Actor => ({
  workspaceId: app.workspaceId,
  type: "oauth_app",
  id: app.id,
  name: app.name,
  oauthAppId: app.id,
  channel: "oauth",
  ...meta,
});

/** Issues an access token for the app's workspace with `scopes` (already checked against the app's). */
export async function issueClientCredentialsToken(
  services: Services,
  app: OAuthApp,
  scopes: Scope[],
  meta: { ip?: string; userAgent?: string } = {},
) {
  const { secret, hash } = newSecret(SECRET_PREFIX.accessToken);
  const expiresAt = new Date(services.now().getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  return actAs(services, appActor(app, meta), (sc) =>
    sc.db.$transaction(async (tx) => {
      const token = await tx.oAuthToken.create({
        data: { workspaceId: app.workspaceId, appId: app.id, accessTokenHash: hash, scopes, expiresAt },
      });
      await writeAudit(tx, sc.actor, {
        action: "oauth-token.issue",
        resourceType: "oauth-token",
        resourceId: token.id,
        changes: {
          scopes: { before: null, after: scopes },
          expiresAt: { before: null, after: expiresAt.toISOString() },
        },
      });
      return { accessToken: secret, expiresAt, scopes };
    }),
  );
}

/**
 * RFC 7009: revokes the access or refresh token if it belongs to this app.
 * Unknown tokens are not an error (the caller answers 200 either way).
 */
export async function revokeOAuthToken(
  services: Services,
  app: OAuthApp,
  token: string,
  meta: { ip?: string; userAgent?: string } = {},
) {
  const hash = hashSecret(token);
  return actAs(services, appActor(app, meta), (sc) =>
    sc.db.$transaction(async (tx) => {
      const row = await tx.oAuthToken.findFirst({
        where: { appId: app.id, revokedAt: null, OR: [{ accessTokenHash: hash }, { refreshTokenHash: hash }] },
      });
      if (!row) return false;
      await tx.oAuthToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      await writeAudit(tx, sc.actor, { action: "oauth-token.revoke", resourceType: "oauth-token", resourceId: row.id });
      return true;
    }),
  );
}
