// The OpenAPI 3.1 document of the REST API. trpc-to-openapi derives paths and
// schemas from the procedures; we then apply what its generator cannot know
// from our meta: scopes, success status, our error schema and responses, the
// paging and rate-limit headers, non-JSON (file) routes and the OAuth endpoints.
import { generateOpenApiDocument } from "trpc-to-openapi";
import { z } from "zod";
import type { AnyTRPCRouter } from "@trpc/server";
import type { AppMeta } from "./trpc.ts";
import { SCOPES } from "./scopes.ts";
import { MAX_PAGE_SIZE } from "./paging.ts";
import {
  ERROR_SCHEMA,
  HEADERS,
  TAG_DESCRIPTIONS,
  addIntegerFormats,
  errorResponses,
  oauthPaths,
  successHeaders,
} from "./openapi-parts.ts";

type Json = Record<string, unknown>;
type Operation = Json & {
  responses: Record<string, Json>;
  description?: string;
  parameters?: Json[];
  security?: unknown;
};

interface ProcedureInfo {
  name: string;
  meta: AppMeta;
  inputs: unknown[];
}

function procedures(router: AnyTRPCRouter): ProcedureInfo[] {
  const all = router._def.procedures as Record<string, { _def: { meta?: AppMeta; inputs: unknown[] } }>;
  return Object.entries(all).map(([name, p]) => ({
    name,
    meta: p._def.meta ?? { kind: "read" },
    inputs: p._def.inputs,
  }));
}

function decorate(op: Operation, meta: AppMeta, path: string) {
  const success = op.responses["200"] as Json & { headers?: Json; content?: { "application/json": { schema: Json } } };
  success.headers = successHeaders(Boolean(meta.paged));
  if (meta.paged && success.content) {
    // Over REST a page is its items (at most a page size of them); the rest travels in the X-* headers.
    const pageSchema = success.content["application/json"].schema as { properties?: { items?: Json } };
    if (pageSchema.properties?.items)
      success.content["application/json"].schema = { ...pageSchema.properties.items, maxItems: MAX_PAGE_SIZE };
  }
  const status = String(meta.successStatus ?? 200);
  // 404 where the path names a row by id ({id}, {deliveryId}…); a port number names none (an empty page).
  op.responses = { [status]: success, ...errorResponses(meta, /\{\w*[iI]d\}/.test(path)) };
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

/** Path and query parameters of a file route, from its zod input. */
function fileParameters(path: string, inputs: unknown[]): Json[] {
  const input = inputs[0] as z.ZodObject | undefined;
  if (!input) return [];
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  const inPath = (name: string) => path.includes(`{${name}}`);
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: inPath(name) ? "path" : "query",
    required: inPath(name) || (schema.required?.includes(name) ?? false),
    schema: s,
    ...(s.description ? { description: s.description } : {}),
  }));
}

/** What a file of this media type is in the document: bytes, or text. */
const fileSchema = (type: string) =>
  /^(image\/|application\/pdf)/.test(type) ? { type: "string", format: "binary" } : { type: "string" };

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
      // The OAuth endpoints authenticate the client, not a user (RFC 6749 §2.3.1).
      oauthClient: {
        type: "http",
        scheme: "basic",
        description: "OAuth client authentication: client_id and client_secret (or both in the form body)",
      },
    },
  }) as unknown as {
    info: Json;
    servers: Json[];
    tags?: Json[];
    paths: Record<string, Record<string, Operation>>;
    components: Json & { schemas?: Record<string, unknown> };
  };

  const all = procedures(router);
  for (const { meta } of all) {
    if (!meta.openapi) continue;
    const op = doc.paths[meta.openapi.path]?.[meta.openapi.method.toLowerCase()];
    if (op) decorate(op, meta, meta.openapi.path);
  }
  for (const { name, meta, inputs } of all) {
    if (!meta.file) continue;
    const op: Operation = {
      operationId: name.replace(/\./g, "-"),
      tags: meta.file.tags,
      summary: meta.file.summary,
      description: meta.file.description,
      parameters: fileParameters(meta.file.path, inputs),
      responses: {
        "200": {
          description: "The file, streamed",
          content: Object.fromEntries(meta.file.contentTypes.map((t) => [t, { schema: fileSchema(t) }])),
        },
      },
    };
    decorate(op, meta, meta.file.path);
    doc.paths[meta.file.path] = { ...doc.paths[meta.file.path], get: op };
  }
  Object.assign(doc.paths, oauthPaths());
  // trpc-to-openapi's own error schemas: unused, every error is ours (Error).
  const schemas = Object.entries(doc.components.schemas ?? {}).filter(([key]) => !key.startsWith("error."));
  doc.components.schemas = { ...Object.fromEntries(schemas), Error: ERROR_SCHEMA };
  doc.components.headers = HEADERS;
  doc.servers = doc.servers.map((server) => ({
    ...server,
    description: "This deployment (EMS_BASE_URL); in production behind TLS",
    "x-internal": false,
  }));
  const tags = new Set(
    Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op.tags as string[]) ?? [])),
  );
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? "" }));
  addIntegerFormats(doc);
  return doc;
}
