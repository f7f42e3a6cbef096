// The OpenAPI 3.1 document of the REST API. trpc-to-openapi derives paths and
// schemas from the procedures; we then apply what its generator cannot know
// from our meta: scopes, success status, our error schema and responses, the
// paging and rate-limit headers, non-JSON (file) routes and the OAuth endpoints.
import { generateOpenApiDocument } from "trpc-to-openapi";
import { z } from "zod";
import type { AnyTRPCRouter } from "@trpc/server";
import type { AppMeta } from "./trpc.ts";
import { SCOPES } from "./scopes.ts";

type Json = Record<string, unknown>;
type Operation = Json & {
  responses: Record<string, Json>;
  description?: string;
  parameters?: Json[];
  security?: unknown;
};

const errorRef = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: errorRef } },
});
const intHeader = (description: string) => ({ description, schema: { type: "integer" } });

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": intHeader("Requests allowed per minute for this credential and kind (read or write)"),
  "RateLimit-Remaining": intHeader("Requests left in the current minute"),
  "RateLimit-Reset": intHeader("Seconds until the budget resets"),
};
const PAGING_HEADERS = {
  "X-Total-Count": intHeader("Rows matching over all pages"),
  "X-Page": intHeader("This page, from 1"),
  "X-Limit": intHeader("Rows per page"),
};

function errorResponses(meta: AppMeta, hasPathId: boolean) {
  return {
    "400": errorResponse("Invalid input: `field` names the offending field (VALIDATION_ERROR, INVALID_JSON)"),
    "401": errorResponse(
      "INVALID_API_KEY (API key missing, unknown, revoked or expired) or INVALID_TOKEN (access token unknown, " +
        "revoked or expired)",
    ),
    "403": errorResponse(
      meta.dashboardOnly
        ? "SESSION_REQUIRED: dashboard-only route"
        : `SCOPE_REQUIRED (needs ${meta.scope ?? "no scope"}), SESSION_REQUIRED, or PLAN_LIMIT_REACHED`,
    ),
    ...(hasPathId ? { "404": errorResponse("NOT_FOUND: no such resource in the caller's workspace") } : {}),
    "429": errorResponse("RATE_LIMITED: over the per-minute budget", {
      "Retry-After": intHeader("Seconds to wait"),
    }),
  };
}

interface ProcedureInfo {
  meta: AppMeta;
  inputs: unknown[];
}

function procedures(router: AnyTRPCRouter): ProcedureInfo[] {
  return Object.values(router._def.procedures as Record<string, { _def: { meta?: AppMeta; inputs: unknown[] } }>).map(
    (p) => ({
      meta: p._def.meta ?? { kind: "read" },
      inputs: p._def.inputs,
    }),
  );
}

function decorate(op: Operation, meta: AppMeta, path: string) {
  const success = op.responses["200"] as Json & { headers?: Json; content?: { "application/json": { schema: Json } } };
  success.headers = { ...RATE_LIMIT_HEADERS, ...(meta.paged ? PAGING_HEADERS : {}) };
  if (meta.paged && success.content) {
    // Over REST a page is its items; the rest travels in the X-* headers.
    const pageSchema = success.content["application/json"].schema as { properties?: { items?: Json } };
    if (pageSchema.properties?.items) success.content["application/json"].schema = pageSchema.properties.items;
  }
  const status = String(meta.successStatus ?? 200);
  op.responses = { [status]: success, ...errorResponses(meta, path.includes("{")) };
  op.security = [{ bearer: [] }];
  const notes = [
    meta.dashboardOnly
      ? "**Dashboard only**: API keys and OAuth tokens get 403 SESSION_REQUIRED."
      : `**Scope:** \`${meta.scope ?? "none"}\`.`,
    `Budget: ${meta.kind}s.`,
  ];
  op.description = [op.description, notes.join(" ")].filter(Boolean).join("\n\n");
  op["x-scope"] = meta.scope ?? null;
  op["x-dashboard-only"] = Boolean(meta.dashboardOnly);
}

/** Query parameters of a file route, from its zod input. */
function queryParameters(inputs: unknown[]): Json[] {
  const input = inputs[0] as z.ZodObject | undefined;
  if (!input) return [];
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: s,
    ...(s.description ? { description: s.description } : {}),
  }));
}

function oauthPaths(): Json {
  const form = (props: Json, required: string[]) => ({
    required: true,
    content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: props, required } } },
  });
  const oauthError = {
    description: "RFC 6749 error",
    content: {
      "application/json": {
        schema: { type: "object", properties: { error: { type: "string" }, error_description: { type: "string" } } },
      },
    },
  };
  return {
    "/oauth/token": {
      post: {
        tags: ["OAuth"],
        summary: "Get an access token (client credentials grant)",
        description:
          "Client authentication: HTTP Basic (client_id:client_secret) or client_id and client_secret in the body. " +
          "Tokens last one hour.",
        requestBody: form(
          {
            grant_type: { type: "string", enum: ["client_credentials"] },
            scope: { type: "string", description: "Space-separated subset of the app's scopes; default all of them" },
            client_id: { type: "string" },
            client_secret: { type: "string" },
          },
          ["grant_type"],
        ),
        responses: {
          "200": {
            description: "Access token",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    access_token: { type: "string" },
                    token_type: { type: "string", enum: ["Bearer"] },
                    expires_in: { type: "integer" },
                    scope: { type: "string" },
                  },
                },
              },
            },
          },
          "400": oauthError,
          "401": oauthError,
        },
      },
    },
    "/oauth/revoke": {
      post: {
        tags: ["OAuth"],
        summary: "Revoke a token (RFC 7009)",
        description: "Answers 200 whether or not the token was known. Client authentication as for /oauth/token.",
        requestBody: form(
          { token: { type: "string" }, token_type_hint: { type: "string", enum: ["access_token", "refresh_token"] } },
          ["token"],
        ),
        responses: { "200": { description: "Revoked (or unknown)" }, "400": oauthError, "401": oauthError },
      },
    },
  };
}

export function buildOpenApiDocument(router: AnyTRPCRouter, opts: { baseUrl: string }) {
  const doc = generateOpenApiDocument(router, {
    title: "Exposure Monitoring Service API",
    version: "1",
    baseUrl: opts.baseUrl,
    description:
      "External exposure monitoring. Authenticate with `Authorization: Bearer <API key or OAuth access token>`. " +
      "Every error has the body `Error`. See docs/api.md for the conventions.",
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: `API key (ems_key_…) or OAuth access token (ems_at_…). Scopes: ${SCOPES.join(", ")}`,
      },
    },
  }) as unknown as { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Json } };

  const all = procedures(router);
  for (const { meta } of all) {
    if (!meta.openapi) continue;
    const op = doc.paths[meta.openapi.path]?.[meta.openapi.method.toLowerCase()];
    if (op) decorate(op, meta, meta.openapi.path);
  }
  for (const { meta, inputs } of all) {
    if (!meta.file) continue;
    const op: Operation = {
      tags: meta.file.tags,
      summary: meta.file.summary,
      description: meta.file.description,
      parameters: queryParameters(inputs),
      responses: {
        "200": {
          description: "The file, streamed",
          content: Object.fromEntries(meta.file.contentTypes.map((t) => [t, { schema: { type: "string" } }])),
        },
      },
    };
    decorate(op, meta, meta.file.path);
    doc.paths[meta.file.path] = { ...doc.paths[meta.file.path], get: op };
  }
  Object.assign(doc.paths, oauthPaths());
  doc.components.schemas = {
    ...doc.components.schemas,
    Error: {
      type: "object",
      required: ["code", "message", "status"],
      properties: {
        code: { type: "string", description: "Machine code, e.g. VALIDATION_ERROR, INVALID_API_KEY, RATE_LIMITED" },
        message: { type: "string", description: "For people; for 400 it starts with the field name" },
        status: { type: "integer", description: "The HTTP status" },
        field: { type: "string", description: "The offending field (400, 409)" },
        issues: {
          type: "array",
          description: "Every invalid field (400)",
          items: { type: "object", properties: { field: { type: "string" }, message: { type: "string" } } },
        },
      },
    },
  };
  return doc;
}
