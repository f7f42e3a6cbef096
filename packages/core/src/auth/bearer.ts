// API keys and OAuth access tokens, sent as `Authorization: Bearer …` and
// told apart by their prefix. Dashboard sessions are checked in door.ts.
import type { Pool } from "pg";
import type { Role } from "@ems/db";
import type { Actor } from "../actors.ts";
import { AppError, ErrorCode } from "../errors.ts";
import type { Scope } from "../scopes.ts";
import { type KeyCache, type KeyRow } from "./key-cache.ts";
import { SECRET_PREFIX, hashSecret } from "./secrets.ts";

const invalidKey = (message: string) => new AppError(401, ErrorCode.INVALID_API_KEY, message);
const invalidToken = (message: string) => new AppError(401, ErrorCode.INVALID_TOKEN, message);

/**
 * Resolves a Bearer credential: an API key from the cache or with one
 * indexed query, an access token with one. Raw SQL on purpose: it runs on
 * every REST request (see docs/benchmarks.md).
 */
export async function authenticateBearer(
  pool: Pool,
  keys: KeyCache,
  authorization: string | undefined,
  /** The time expiry is judged at (the one clock, Services.now). */
  now: number,
): Promise<Actor> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw invalidKey("Missing API key or access token: send Authorization: Bearer <API_KEY or ACCESS_TOKEN>");
  const secret = match[1]!;
  const hash = hashSecret(secret);

  if (secret.startsWith(SECRET_PREFIX.accessToken)) {
    const { rows } = await pool.query<{
      id: number;
      workspaceId: number;
      appId: number;
      userId: number | null;
      scopes: string[];
      expiresAt: Date;
      revokedAt: Date | null;
      appName: string;
      role: Role | null;
    }>({
      name: "auth-oauth-token",
      // A token granted by a person acts with that person's current role (null once they left).
      text: `select t.id, t."workspaceId", t."appId", t."userId", t.scopes, t."expiresAt", t."revokedAt",
                    a.name as "appName", m.role
             from "OAuthToken" t join "OAuthApp" a on a.id = t."appId"
             left join "Membership" m on m."workspaceId" = t."workspaceId" and m."userId" = t."userId"
             where t."accessTokenHash" = $1`,
      values: [hash],
    });
    const t = rows[0];
    if (!t) throw invalidToken("Unknown access token");
    if (t.revokedAt) throw invalidToken("Access token was revoked");
    if (t.expiresAt.getTime() <= now) throw invalidToken("Access token has expired");
    return {
      workspaceId: t.workspaceId,
      type: "oauth_app",
      id: t.appId,
      oauthAppId: t.appId,
      userId: t.userId ?? undefined,
      name: t.appName,
      channel: "oauth",
      role: t.role,
      scopes: t.scopes as Scope[],
      budgetKey: `token:${t.id}`,
    };
  }

  const k = keys.get(hash) ?? (await lookUpKey(pool, keys, hash, now));
  if (k.expiresAt && k.expiresAt.getTime() <= now) throw invalidKey("API key has expired");
  return {
    workspaceId: k.workspaceId,
    type: "api_key",
    id: k.id,
    apiKeyId: k.id,
    name: k.name,
    channel: "api_key",
    role: null,
    scopes: k.scopes as Scope[],
    budgetKey: `key:${k.id}`,
  };
}

/** An API key from the database (kept in the cache unless it cannot be used); throws if unknown or revoked. */
async function lookUpKey(pool: Pool, keys: KeyCache, hash: string, now: number): Promise<KeyRow> {
  const ticket = keys.begin();
  const { rows } = await pool.query<KeyRow & { revokedAt: Date | null }>({
    name: "auth-api-key",
    // Also stamps lastUsedAt, at most once a minute per key, in the same round trip.
    text: `with k as (select id, "workspaceId", name, scopes, "expiresAt", "revokedAt"
                   from "ApiKey" where "tokenHash" = $1),
           touched as (update "ApiKey" set "lastUsedAt" = now()
                       where id = (select id from k
                                    where "revokedAt" is null and ("expiresAt" is null or "expiresAt" > now()))
                         and ("lastUsedAt" is null or "lastUsedAt" < now() - interval '1 minute'))
           select * from k`,
    values: [hash],
  });
  const k = rows[0];
  if (!k) throw invalidKey("Unknown API key");
  if (k.revokedAt) throw invalidKey("API key was revoked");
  const row = { id: k.id, workspaceId: k.workspaceId, name: k.name, scopes: k.scopes, expiresAt: k.expiresAt };
  if (!row.expiresAt || row.expiresAt.getTime() > now) keys.keep(hash, row, ticket);
  return row;
}
