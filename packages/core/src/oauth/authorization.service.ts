// The authorization-code flow with PKCE (RFC 6749 4.1, RFC 7636) for
// third-party apps: the consent page validates the request and, once the user
// approves, issues a short-lived code bound to the app, the redirect URI, the
// user, the workspace, the granted scopes and the PKCE challenge. The token
// endpoint (apps/api) exchanges it through @node-oauth/oauth2-server, which
// calls the model functions below.
import { createHash } from "node:crypto";
import type { OAuthApp } from "@ems/db";
import { writeAudit } from "../audit/write.ts";
import { type Actor } from "../actors.ts";
import { SECRET_PREFIX, hashSecret, newSecret } from "../auth/secrets.ts";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import type { ServiceContext } from "../service-context.ts";
import { parseScopes, type Scope } from "../scopes.ts";
import { ACCESS_TOKEN_TTL_SECONDS } from "./oauth.service.ts";

export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;

export interface AuthorizationRequest {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** An error shown on our page (the client or redirect URI cannot be trusted with it). */
export class AuthorizationPageError extends Error {}

/** A valid request, ready for the consent page. */
export interface ValidAuthorization {
  app: { id: number; name: string; clientId: string; workspaceId: number };
  redirectUri: string;
  scopes: Scope[];
  state?: string;
  codeChallenge: string;
}

/** Where to send the browser with an RFC 6749 error. */
export function errorRedirect(redirectUri: string, error: string, description: string, state?: string) {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state) url.searchParams.set("state", state);
  return url.toString();
}

/**
 * Checks an authorization request. Client and redirect-URI problems throw
 * AuthorizationPageError (never redirect to an unverified URI); the others
 * return { redirect } carrying the RFC 6749 error to the client.
 */
export async function validateAuthorizationRequest(
  services: Pick<Services, "db">,
  req: AuthorizationRequest,
): Promise<{ ok: ValidAuthorization } | { redirect: string }> {
  if (!req.client_id) throw new AuthorizationPageError("The request has no client_id.");
  const app = await services.db.prisma.oAuthApp.findUnique({ where: { clientId: req.client_id } });
  if (!app) throw new AuthorizationPageError("Unknown client_id: this app is not registered.");
  const redirectUri = req.redirect_uri ?? (app.redirectUris.length === 1 ? app.redirectUris[0] : undefined);
  if (!redirectUri || !app.redirectUris.includes(redirectUri)) {
    throw new AuthorizationPageError("The redirect_uri is not one registered for this app.");
  }
  const fail = (error: string, description: string) => ({
    redirect: errorRedirect(redirectUri, error, description, req.state),
  });
  if (req.response_type !== "code") return fail("unsupported_response_type", "response_type must be code");
  if (!req.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(req.code_challenge)) {
    return fail("invalid_request", "code_challenge is required (PKCE, 43-128 characters)");
  }
  if (req.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
  const asked = req.scope ? parseScopes(req.scope) : { scopes: app.scopes as Scope[], unknown: [] };
  if (asked.unknown.length || asked.scopes.length === 0 || !asked.scopes.every((s) => app.scopes.includes(s))) {
    return fail("invalid_scope", `scope must be a subset of: ${app.scopes.join(" ")}`);
  }
  return {
    ok: {
      app: { id: app.id, name: app.name, clientId: app.clientId, workspaceId: app.workspaceId },
      redirectUri,
      scopes: asked.scopes,
      state: req.state,
      codeChallenge: req.code_challenge,
    },
  };
}

/**
 * The user approved (entered through the door into the chosen workspace): a code for it. Returns the URL to
 * send the browser to. The approval is audited in that workspace.
 */
export async function approveAuthorization(sc: ServiceContext, auth: ValidAuthorization) {
  const { secret, hash } = newSecret("ems_code_", 24);
  await sc.db.$transaction(async (tx) => {
    await tx.oAuthAuthorizationCode.create({
      data: {
        workspaceId: sc.workspaceId,
        appId: auth.app.id,
        userId: sc.actor.userId!,
        codeHash: hash,
        redirectUri: auth.redirectUri,
        scopes: auth.scopes,
        codeChallenge: auth.codeChallenge,
        codeChallengeMethod: "S256",
        expiresAt: new Date(sc.services.now().getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "oauth-app.authorize",
      resourceType: "oauth-app",
      resourceId: auth.app.id,
      changes: { scopes: { before: null, after: auth.scopes } },
    });
  });
  const url = new URL(auth.redirectUri);
  url.searchParams.set("code", secret);
  if (auth.state) url.searchParams.set("state", auth.state);
  return url.toString();
}

export const denyAuthorization = (auth: ValidAuthorization) =>
  errorRedirect(auth.redirectUri, "access_denied", "The user denied the request", auth.state);

// ------------------------------------------------ model for the token endpoint

/** The token endpoint's user: who approved, and for which workspace. */
export interface GrantUser {
  id: number | string;
  workspaceId: number;
}

export async function findAuthorizationCode(services: Pick<Services, "db">, code: string) {
  const row = await services.db.prisma.oAuthAuthorizationCode.findUnique({
    where: { codeHash: hashSecret(code) },
    include: { app: true },
  });
  if (!row || row.usedAt) return null;
  return row;
}

/** Marks the code used; false if it already was (a replay). */
export async function consumeAuthorizationCode(services: Pick<Services, "db">, codeId: number) {
  const r = await services.db.prisma.oAuthAuthorizationCode.updateMany({
    where: { id: codeId, usedAt: null },
    data: { usedAt: new Date() },
  });
  return r.count === 1;
}

export const pkceS256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** Issues an access + refresh token pair for a user's grant. */
export async function issueUserTokens(
  services: Services,
  app: OAuthApp,
  user: { id: number; workspaceId: number },
  scopes: Scope[],
  meta: { ip?: string; userAgent?: string; rotatedFrom?: number } = {},
) {
  const access = newSecret(SECRET_PREFIX.accessToken);
  const refresh = newSecret(SECRET_PREFIX.refreshToken);
  const now = services.now().getTime();
  const expiresAt = new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const refreshExpiresAt = new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const actor: Actor = {
    workspaceId: user.workspaceId,
    type: "oauth_app",
    id: app.id,
    oauthAppId: app.id,
    userId: user.id,
    name: app.name,
    channel: "oauth",
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
  await actAs(services, actor, ({ db }) =>
    db.$transaction(async (tx) => {
      const token = await tx.oAuthToken.create({
        data: {
          workspaceId: user.workspaceId,
          appId: app.id,
          userId: user.id,
          accessTokenHash: access.hash,
          refreshTokenHash: refresh.hash,
          scopes,
          expiresAt,
          refreshTokenExpiresAt: refreshExpiresAt,
        },
      });
      await writeAudit(tx, actor, {
        action: meta.rotatedFrom ? "oauth-token.refresh" : "oauth-token.issue",
        resourceType: "oauth-token",
        resourceId: token.id,
        changes: {
          scopes: { before: null, after: scopes },
          ...(meta.rotatedFrom ? { rotatedFrom: { before: meta.rotatedFrom, after: null } } : {}),
        },
      });
    }),
  );
  return { accessToken: access.secret, refreshToken: refresh.secret, expiresAt, refreshExpiresAt, scopes };
}

export async function findRefreshToken(services: Services, refreshToken: string) {
  const row = await services.db.prisma.oAuthToken.findUnique({
    where: { refreshTokenHash: hashSecret(refreshToken) },
    include: { app: true },
  });
  if (
    !row ||
    row.revokedAt ||
    !row.refreshTokenExpiresAt ||
    row.refreshTokenExpiresAt.getTime() <= services.now().getTime() ||
    row.userId === null
  )
    return null;
  return row;
}

/** Rotation: the old pair stops working when the new one is issued. False if already revoked (a replay). */
export async function revokeTokenRow(services: Pick<Services, "db">, tokenId: number) {
  const r = await services.db.prisma.oAuthToken.updateMany({
    where: { id: tokenId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return r.count === 1;
}
