// Who is calling. A dashboard user comes with a session (tRPC); API keys and
// OAuth access tokens come as `Authorization: Bearer …` (REST) and are told
// apart by their prefix.
import type { Pool } from "pg";
import type { Role } from "@ems/db";
import { AppError, ErrorCode } from "../errors.ts";
import type { Scope } from "../scopes.ts";
import { SECRET_PREFIX, hashSecret } from "./secrets.ts";

export type Caller =
  | { kind: "session"; workspaceId: number; userId: number; name: string; role: Role }
  | { kind: "api_key"; workspaceId: number; apiKeyId: number; name: string; scopes: Scope[] }
  | { kind: "oauth"; workspaceId: number; tokenId: number; appId: number; name: string; userId: number | null; scopes: Scope[] };

const invalidKey = (message: string) => new AppError(401, ErrorCode.INVALID_API_KEY, message);
const invalidToken = (message: string) => new AppError(401, ErrorCode.INVALID_TOKEN, message);

/**
 * Resolves a Bearer credential with one indexed query. Raw SQL on purpose:
 * it runs on every REST request (see docs/benchmarks.md).
 */
export async function authenticateBearer(pool: Pool, authorization: string | undefined): Promise<Caller> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw invalidKey("Missing API key or access token: send Authorization: Bearer <API_KEY or ACCESS_TOKEN>");
  const secret = match[1]!;
  const hash = hashSecret(secret);

  if (secret.startsWith(SECRET_PREFIX.accessToken)) {
    const { rows } = await pool.query<{
      id: number; workspaceId: number; appId: number; userId: number | null; scopes: string[];
      expiresAt: Date; revokedAt: Date | null; appName: string;
    }>({
      name: "auth-oauth-token",
      text: `select t.id, t."workspaceId", t."appId", t."userId", t.scopes, t."expiresAt", t."revokedAt", a.name as "appName"
             from "OAuthToken" t join "OAuthApp" a on a.id = t."appId" where t."accessTokenHash" = $1`,
      values: [hash],
    });
    const t = rows[0];
    if (!t) throw invalidToken("Unknown access token");
    if (t.revokedAt) throw invalidToken("Access token was revoked");
    if (t.expiresAt.getTime() <= Date.now()) throw invalidToken("Access token has expired");
    return { kind: "oauth", workspaceId: t.workspaceId, tokenId: t.id, appId: t.appId, name: t.appName, userId: t.userId, scopes: t.scopes as Scope[] };
  }

  const { rows } = await pool.query<{
    id: number; workspaceId: number; name: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null;
  }>({
    name: "auth-api-key",
    // Also stamps lastUsedAt, at most once a minute per key, in the same round trip.
    text: `with k as (select id, "workspaceId", name, scopes, "expiresAt", "revokedAt" from "ApiKey" where "tokenHash" = $1),
           touched as (update "ApiKey" set "lastUsedAt" = now()
                       where id = (select id from k where "revokedAt" is null and ("expiresAt" is null or "expiresAt" > now()))
                         and ("lastUsedAt" is null or "lastUsedAt" < now() - interval '1 minute'))
           select * from k`,
    values: [hash],
  });
  const k = rows[0];
  if (!k) throw invalidKey("Unknown API key");
  if (k.revokedAt) throw invalidKey("API key was revoked");
  if (k.expiresAt && k.expiresAt.getTime() <= Date.now()) throw invalidKey("API key has expired");
  return { kind: "api_key", workspaceId: k.workspaceId, apiKeyId: k.id, name: k.name, scopes: k.scopes as Scope[] };
}

/** The rate-limit key of a credential: budgets are per key, token or user. */
export function budgetKey(caller: Caller): string {
  switch (caller.kind) {
    case "api_key":
      return `key:${caller.apiKeyId}`;
    case "oauth":
      return `token:${caller.tokenId}`;
    case "session":
      return `user:${caller.userId}`;
  }
}
