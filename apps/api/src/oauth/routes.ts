// OAuth 2.0 endpoints. The token endpoint is @node-oauth/oauth2-server's
// (RFC 6749 parsing, client authentication, grant dispatch and errors); our
// model stores tokens through core's oauth service. Revocation (RFC 7009) is
// not in that library, so it is the small handler below.
import OAuth2Server, { OAuthError, Request as OAuthRequest, Response as OAuthResponse } from "@node-oauth/oauth2-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OAuthApp } from "@ems/db";
import { ACCESS_TOKEN_TTL_SECONDS, findOAuthClient, issueClientCredentialsToken, parseScopes, revokeOAuthToken, type Services } from "@ems/core";

interface Client {
  id: string;
  grants: string[];
  redirectUris: string[];
  app: OAuthApp;
}

const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

function oauthServer(services: Services, request: FastifyRequest) {
  return new OAuth2Server({
    accessTokenLifetime: ACCESS_TOKEN_TTL_SECONDS,
    requireClientAuthentication: { client_credentials: true },
    model: {
      async getClient(clientId: string, clientSecret: string) {
        const app = await findOAuthClient(services.db, clientId, clientSecret);
        return app ? ({ id: app.clientId, grants: ["client_credentials"], redirectUris: app.redirectUris, app } satisfies Client) : false;
      },
      // Client credentials act as the app itself, for the app's workspace.
      async getUserFromClient(client: Client) {
        return { id: `oauth-app:${client.app.id}` };
      },
      // No scope asked: every scope of the app. Asked: a subset of the app's, else invalid_scope.
      async validateScope(_user: unknown, client: Client, scope?: string[]) {
        if (!scope || scope.length === 0) return client.app.scopes;
        const { scopes, unknown } = parseScopes(scope);
        if (unknown.length || !scopes.every((s) => client.app.scopes.includes(s))) return false;
        return scopes;
      },
      async saveToken(_token: unknown, client: Client, user: unknown) {
        const requested = (_token as { scope?: string[] }).scope ?? client.app.scopes;
        const issued = await issueClientCredentialsToken(services.scoped, client.app, parseScopes(requested).scopes, clientMeta(request));
        return { accessToken: issued.accessToken, accessTokenExpiresAt: issued.expiresAt, scope: issued.scopes, client, user };
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

const toOAuthRequest = (request: FastifyRequest) =>
  new OAuthRequest({ method: request.method, headers: request.headers as Record<string, string>, query: request.query as Record<string, string>, body: request.body ?? {} });

export function registerOAuthRoutes(app: FastifyInstance, services: Services) {
  app.post("/oauth/token", async (request, reply) => {
    const response = new OAuthResponse();
    try {
      await oauthServer(services, request).token(toOAuthRequest(request), response);
    } catch (err) {
      return sendOAuthError(reply, err, response.headers as Record<string, string>);
    }
    return reply.code(response.status ?? 200).headers(response.headers as Record<string, string>).send(response.body);
  });

  // RFC 7009: authenticate the client, revoke the token if it is the client's, answer 200 either way.
  app.post("/oauth/revoke", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const basic = request.headers.authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
      : [body.client_id, body.client_secret];
    const client = clientId ? await findOAuthClient(services.db, clientId, clientSecret) : null;
    if (!client) {
      return reply
        .code(401)
        .headers({ "WWW-Authenticate": 'Basic realm="oauth"', "Cache-Control": "no-store" })
        .send({ error: "invalid_client", error_description: "Client authentication failed" });
    }
    if (!body.token) {
      return reply.code(400).send({ error: "invalid_request", error_description: "Missing parameter: `token`" });
    }
    await revokeOAuthToken(services.scoped, client, body.token, clientMeta(request));
    return reply.code(200).header("Cache-Control", "no-store").send();
  });
}
