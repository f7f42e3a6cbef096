// Pieces of the OpenAPI document that no procedure describes: the headers every
// answer may carry, the error responses, the OAuth endpoints, and the integer
// formats derived from each integer's own bounds.
import { MAX_PAGE_SIZE } from "./paging.ts";
import type { AppMeta } from "./trpc.ts";

type Json = Record<string, unknown>;

const INT32_MAX = 2 ** 31 - 1;
const int = (minimum: number, maximum: number) => ({
  type: "integer",
  format: maximum <= INT32_MAX && minimum >= -INT32_MAX - 1 ? "int32" : "int64",
  minimum,
  maximum,
});
const intHeader = (description: string, minimum: number, maximum: number) => ({
  description,
  schema: int(minimum, maximum),
});

/** Shared headers, referenced from every response (components.headers). */
export const HEADERS: Record<string, Json> = {
  "RateLimit-Limit": intHeader(
    "Requests allowed per window for this credential and kind (read or write). Sent once the request counted " +
      "against a budget: on every success, and on errors after the door (not on its 401 and 403).",
    1,
    INT32_MAX,
  ),
  "RateLimit-Remaining": intHeader("Requests left in the current window (sent with RateLimit-Limit)", 0, INT32_MAX),
  "RateLimit-Reset": intHeader("Seconds until the window resets (sent with RateLimit-Limit)", 0, 3600),
  "Retry-After": intHeader("Seconds to wait before trying again", 1, 3600),
  "Access-Control-Allow-Origin": {
    description:
      "Sent only when the request's Origin is in the server's EMS_CORS_ORIGINS allow-list (it echoes that " +
      "origin). By default the list is empty: no browser page on another origin may read answers.",
    schema: { type: "string", format: "uri", maxLength: 2048 },
  },
  "X-Total-Count": intHeader("Rows matching over all pages", 0, Number.MAX_SAFE_INTEGER),
  "X-Page": intHeader("This page, from 1", 1, Number.MAX_SAFE_INTEGER),
  "X-Limit": intHeader("Rows per page", 1, MAX_PAGE_SIZE),
};

/** What each tag groups (the document's tag list; a tag without a line here fails the document's test). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  "API keys (dashboard only)": "Keys for scripts and integrations; created and revoked by admins",
  "Assessment reports": "Frozen assessment reports: HTML, PDF and share links",
  Assets: "Domains, hosts and IP addresses under monitoring, their checks, outside view and screenshot",
  "Audit log": "Who did what, when, through which channel",
  Checks: "The catalogue of checks scans run: what the product looks for",
  Discovery: "Hostnames found under proven domains, and discovery runs",
  Findings: "What scans observed on each asset",
  Issues: "Problems found on assets, their status, assignee and comments",
  "Members (dashboard only)": "People in the workspace and their roles",
  OAuth: "OAuth 2.0 token and revocation endpoints",
  "OAuth apps (dashboard only)": "Registered OAuth clients",
  "Open ports": "Ports open on assets, as the latest scans saw them",
  "Plan (dashboard only)": "The workspace's plan and asset slots",
  Projects: "Groups of assets",
  Reports: "Summary, vulnerable assets and SLA reports, and their exports",
  "SLA policy": "Days to fix an issue per severity, per workspace and project",
  "Scan schedules": "Recurring scans of an asset",
  Scans: "Port and vulnerability scans of assets",
  "Webhooks (dashboard only)": "Endpoints that receive change alerts, and their deliveries",
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const headerRefs = (...names: string[]) => Object.fromEntries(names.map((n) => [n, ref(n)]));
const RATE_LIMIT = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
const CORS = ["Access-Control-Allow-Origin"];

export const successHeaders = (paged: boolean) =>
  headerRefs(...RATE_LIMIT, ...CORS, ...(paged ? ["X-Total-Count", "X-Page", "X-Limit"] : []));

const errorResponse = (description: string, headers: string[] = [...RATE_LIMIT, ...CORS]) => ({
  description,
  headers: headerRefs(...headers),
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The errors every /app route may answer, in the common error shape. */
export function errorResponses(meta: AppMeta, hasPathId: boolean) {
  return {
    "400": errorResponse("Invalid input: `field` names the offending field (VALIDATION_ERROR, INVALID_JSON)"),
    "401": errorResponse(
      "INVALID_API_KEY (API key missing, unknown, revoked or expired) or INVALID_TOKEN (access token unknown, " +
        "revoked or expired). Spends no budget: no RateLimit-* headers.",
      CORS,
    ),
    "403": errorResponse(
      meta.dashboardOnly
        ? "SESSION_REQUIRED: dashboard-only route"
        : `SCOPE_REQUIRED (needs ${meta.scope ?? "no scope"}), SESSION_REQUIRED, or PLAN_LIMIT_REACHED`,
    ),
    ...(hasPathId ? { "404": errorResponse("NOT_FOUND: no such resource in the caller's workspace") } : {}),
    "429": errorResponse("RATE_LIMITED: over the budget", [...RATE_LIMIT, "Retry-After", ...CORS]),
    "500": errorResponse("INTERNAL_ERROR: a fault of ours; nothing was changed", CORS),
  };
}

/** The Error schema: the one body of every error of /app. */
export const ERROR_SCHEMA = {
  type: "object",
  required: ["code", "message", "status"],
  properties: {
    code: {
      type: "string",
      pattern: "^[A-Z_]+$",
      maxLength: 64,
      description: "Machine code, e.g. VALIDATION_ERROR, INVALID_API_KEY, RATE_LIMITED",
    },
    message: { type: "string", maxLength: 4096, description: "For people; for 400 it starts with the field name" },
    status: { ...int(400, 599), description: "The HTTP status" },
    field: { type: "string", maxLength: 255, description: "The offending field (400, 409)" },
    issues: {
      type: "array",
      maxItems: 100,
      description: "Every invalid field (400)",
      items: {
        type: "object",
        properties: { field: { type: "string", maxLength: 255 }, message: { type: "string", maxLength: 4096 } },
      },
    },
  },
};

/**
 * Every form field of /oauth/token and /oauth/revoke and its longest value: the OAuth routes refuse longer
 * ones (400 invalid_request), the document states them. Secrets are ~50 characters; PKCE verifiers 43-128.
 */
export const OAUTH_FIELD_MAX: Record<string, number> = {
  grant_type: 32,
  scope: 512,
  client_id: 128,
  client_secret: 128,
  code: 128,
  redirect_uri: 2048,
  code_verifier: 128,
  refresh_token: 128,
  token: 128,
  token_type_hint: 32,
};

const formField = (name: string, extra: Json = {}) => ({ type: "string", maxLength: OAUTH_FIELD_MAX[name], ...extra });
const SECRET = { pattern: "^[A-Za-z0-9_-]+$" };

export function oauthPaths(): Json {
  const form = (names: string[], required: string[], extra: Record<string, Json> = {}) => ({
    required: true,
    content: {
      "application/x-www-form-urlencoded": {
        schema: {
          type: "object",
          properties: Object.fromEntries(names.map((n) => [n, formField(n, extra[n] ?? SECRET)])),
          required,
        },
      },
    },
  });
  const oauthError = {
    description: "RFC 6749 error (not the common error shape: OAuth clients expect this one)",
    headers: headerRefs(...CORS),
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: {
            error: { type: "string", pattern: "^[a-z_]+$", maxLength: 64 },
            error_description: { type: "string", maxLength: 4096 },
          },
        },
      },
    },
  };
  const errors = { "400": oauthError, "401": oauthError, "500": oauthError };
  const clientAuth =
    "Client authentication: HTTP Basic (client_id:client_secret, RFC 6749 §2.3.1) or client_id and " +
    "client_secret in the body; a PKCE code exchange may send client_id alone. Not metered: no RateLimit-* headers.";
  return {
    "/oauth/token": {
      post: {
        operationId: "oauth-token",
        tags: ["OAuth"],
        summary: "Get an access token",
        description: `${clientAuth} Access tokens last one hour; refresh tokens rotate on use.`,
        security: [{ oauthClient: [] }],
        requestBody: form(
          [
            "grant_type",
            "scope",
            "client_id",
            "client_secret",
            "code",
            "redirect_uri",
            "code_verifier",
            "refresh_token",
          ],
          ["grant_type"],
          {
            grant_type: { enum: ["client_credentials", "authorization_code", "refresh_token"] },
            scope: { pattern: "^[a-z:]+( [a-z:]+)*$", description: "Space-separated subset of the app's scopes" },
            redirect_uri: { format: "uri" },
          },
        ),
        responses: {
          "200": {
            description: "Access token (and a refresh token for the authorization code and refresh grants)",
            headers: headerRefs(...CORS),
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    access_token: { type: "string", maxLength: 128, ...SECRET },
                    refresh_token: { type: "string", maxLength: 128, ...SECRET },
                    token_type: { type: "string", enum: ["Bearer"] },
                    expires_in: int(1, 86_400),
                    scope: { type: "string", maxLength: 512, pattern: "^[a-z:]+( [a-z:]+)*$" },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    "/oauth/revoke": {
      post: {
        operationId: "oauth-revoke",
        tags: ["OAuth"],
        summary: "Revoke a token (RFC 7009)",
        description: `Answers 200 whether or not the token was known. ${clientAuth}`,
        security: [{ oauthClient: [] }],
        requestBody: form(["token", "token_type_hint", "client_id", "client_secret"], ["token"], {
          token_type_hint: { enum: ["access_token", "refresh_token"] },
        }),
        responses: { "200": { description: "Revoked (or unknown)", headers: headerRefs(...CORS) }, ...errors },
      },
    },
  };
}

/**
 * zod states an integer's bounds but not its size: give every bounded integer schema the format its bounds
 * fit in (int32 or int64), so generated clients pick the right type. Walks the whole document in place.
 */
export function addIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(addIntegerFormats);
  if (!node || typeof node !== "object") return;
  const schema = node as Json;
  const isInt = schema.type === "integer" || (Array.isArray(schema.type) && schema.type.includes("integer"));
  if (isInt && schema.format === undefined && typeof schema.minimum === "number" && typeof schema.maximum === "number")
    schema.format = int(schema.minimum, schema.maximum).format;
  Object.values(schema).forEach(addIntegerFormats);
}
