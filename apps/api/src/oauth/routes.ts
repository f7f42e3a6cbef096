// OAuth 2.0 endpoints. The token endpoint is @node-oauth/oauth2-server's
// (RFC 6749 parsing, client authentication, grant dispatch, PKCE checks and
// errors); our model stores codes and tokens through core's oauth services.
// Revocation (RFC 7009) is not in that library: it is the small handler below.
// The consent page is the dashboard's: /oauth/authorize redirects there.
import OAuth2Server, {
  OAuthError,
  Request as OAuthRequest,
  Response as OAuthResponse,
} from "@node-oauth/oauth2-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  OAUTH_FIELD_MAX,
  REFRESH_TOKEN_TTL_SECONDS,
  consumeAuthorizationCode,
  findAuthorizationCode,
  findOAuthApp,
  findOAuthClient,
  findRefreshToken,
  issueClientCredentialsToken,
  issueUserTokens,
  parseScopes,
  revokeOAuthToken,
  revokeTokenRow,
  type OAuthApp,
  type Services,
} from "@ems/core";

interface Client {
  id: string;
  grants: string[];
  redirectUris: string[];
  app: OAuthApp;
}

/** A person's grant (authorization code), or the app itself (client credentials). */
type GrantUser = { id: number; workspaceId: number } | { id: string; app: true };

const GRANTS = ["client_credentials", "authorization_code", "refresh_token"];
const clientOf = (app: OAuthApp): Client => ({ id: app.clientId, grants: GRANTS, redirectUris: app.redirectUris, app });
const clientMeta = (request: FastifyRequest) => ({ ip: request.clientIp, userAgent: request.headers["user-agent"] });

function oauthServer(services: Services, request: FastifyRequest) {
  const body = (request.body ?? {}) as Record<string, string | undefined>;
  return new OAuth2Server({
    accessTokenLifetime: ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenLifetime: REFRESH_TOKEN_TTL_SECONDS,
    requireClientAuthentication: { client_credentials: true, refresh_token: true },
    model: {
      async getClient(clientId: string, clientSecret: string | undefined) {
        // A code exchange with a PKCE verifier may come from a public client without its secret.
        const pkceExchange = body.grant_type === "authorization_code" && Boolean(body.code_verifier) && !clientSecret;
        const app = pkceExchange
          ? await findOAuthApp(services, clientId)
          : await findOAuthClient(services, clientId, clientSecret);
        return app ? clientOf(app) : false;
      },
      async getUserFromClient(client: Client): Promise<GrantUser> {
        return { id: `oauth-app:${client.app.id}`, app: true };
      },
      // No scope asked: every scope of the app. Asked: a subset of the app's, else invalid_scope.
      async validateScope(_user: unknown, client: Client, scope?: string[]) {
        if (!scope || scope.length === 0) return client.app.scopes;
        const { scopes, unknown } = parseScopes(scope);
        if (unknown.length || !scopes.every((s) => client.app.scopes.includes(s))) return false;
        return scopes;
      },
      async getAuthorizationCode(code: string) {
        const row = await findAuthorizationCode(services, code);
        if (!row) return false;
        return {
          authorizationCode: code,
          codeId: row.id,
          expiresAt: row.expiresAt,
          redirectUri: row.redirectUri,
          scope: row.scopes,
          client: clientOf(row.app),
          user: { id: row.userId, workspaceId: row.workspaceId } satisfies GrantUser,
          codeChallenge: row.codeChallenge,
          codeChallengeMethod: row.codeChallengeMethod,
        };
      },
      // One use only: a replayed code is refused (invalid_grant).
      async revokeAuthorizationCode(code: { codeId: number }) {
        return consumeAuthorizationCode(services, code.codeId);
      },
      async getRefreshToken(refreshToken: string) {
        const row = await findRefreshToken(services, refreshToken);
        if (!row) return false;
        return {
          refreshToken,
          tokenId: row.id,
          refreshTokenExpiresAt: row.refreshTokenExpiresAt,
          scope: row.scopes,
          client: clientOf(row.app),
          user: { id: row.userId!, workspaceId: row.workspaceId } satisfies GrantUser,
        };
      },
      // Rotation: the used refresh token (and its access token) stop working.
      async revokeToken(token: { tokenId: number }) {
        return revokeTokenRow(services, token.tokenId);
      },
      async saveToken(token: { scope?: string[]; tokenId?: number }, client: Client, user: GrantUser) {
        const scopes = parseScopes(token.scope ?? client.app.scopes).scopes;
        if ("app" in user) {
          const issued = await issueClientCredentialsToken(services, client.app, scopes, clientMeta(request));
          return {
            accessToken: issued.accessToken,
            accessTokenExpiresAt: issued.expiresAt,
            scope: issued.scopes,
            client,
            user,
          };
        }
        const issued = await issueUserTokens(services, client.app, user, scopes, clientMeta(request));
        return {
          accessToken: issued.accessToken,
          accessTokenExpiresAt: issued.expiresAt,
          refreshToken: issued.refreshToken,
          refreshTokenExpiresAt: issued.refreshExpiresAt,
          scope: issued.scopes,
          client,
          user,
        };
      },
      async getAccessToken() {
        return false;
      },
    } as unknown as OAuth2Server.ServerOptions["model"],
  });
}

function sendOAuthError(reply: FastifyReply, err: unknown, headers: Record<string, string> = {}) {
  const status = err instanceof OAuthError ? err.code : 500;
  const error = err instanceof OAuthError ? err.name : "server_error";
  const description = err instanceof OAuthError ? err.message : "Internal error";
  if (status >= 500) reply.log.error({ err }, "oauth failure");
  return reply
    .code(status)
    .headers({ "Cache-Control": "no-store", Pragma: "no-cache", ...headers })
    .send({ error, error_description: description });
}

/** A form field longer than the document allows: 400 invalid_request before anything else looks at it. */
function overLongField(reply: FastifyReply, body: unknown) {
  for (const [field, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const max = OAUTH_FIELD_MAX[field];
    if (max !== undefined && typeof value === "string" && value.length > max) {
      const description = `${field}: must be at most ${max} characters`;
      return reply
        .code(400)
        .header("Cache-Control", "no-store")
        .send({ error: "invalid_request", error_description: description });
    }
  }
}

const fieldLimits = {
  preHandler: async (request: FastifyRequest, reply: FastifyReply) => overLongField(reply, request.body),
};

const toOAuthRequest = (request: FastifyRequest) =>
  new OAuthRequest({
    method: request.method,
    headers: request.headers as Record<string, string>,
    query: request.query as Record<string, string>,
    body: request.body ?? {},
  });

export function registerOAuthRoutes(app: FastifyInstance, services: Services, opts: { webUrl: string }) {
  // The consent page lives in the dashboard, where the person is signed in.
  app.get("/oauth/authorize", async (request, reply) => {
    const query = new URLSearchParams(request.query as Record<string, string>).toString();
    return reply.redirect(`${opts.webUrl}/oauth/authorize${query ? `?${query}` : ""}`, 302);
  });

  app.post("/oauth/token", fieldLimits, async (request, reply) => {
    const response = new OAuthResponse();
    try {
      await oauthServer(services, request).token(toOAuthRequest(request), response);
    } catch (err) {
      return sendOAuthError(reply, err, response.headers as Record<string, string>);
    }
    return reply
      .code(response.status ?? 200)
      .headers(response.headers as Record<string, string>)
      .send(response.body);
  });

  // RFC 7009: authenticate the client, revoke the token if it is the client's, answer 200 either way.
  app.post("/oauth/revoke", fieldLimits, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const basic = request.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
      : [body.client_id, body.client_secret];
    const client = clientId ? await findOAuthClient(services, clientId, clientSecret) : null;
    if (!client) {
      return reply
        .code(401)
        .headers({ "WWW-Authenticate": 'Basic realm="oauth"', "Cache-Control": "no-store" })
        .send({ error: "invalid_client", error_description: "Client authentication failed" });
    }
    if (!body.token) {
      return reply.code(400).send({ error: "invalid_request", error_description: "Missing parameter: `token`" });
    }
    await revokeOAuthToken(services, client, body.token, clientMeta(request));
    return reply.code(200).header("Cache-Control", "no-store").send();
  });
}
