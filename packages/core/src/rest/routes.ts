// The REST route table, built once from procedure meta: each route's method,
// path template, the procedure it calls and how its input is read from the
// request. The input rules are trpc-to-openapi's (the document it generates
// describes them): query for GET and DELETE, the JSON body otherwise, path
// parameters on top; a query value given once is a string, arrays where the
// schema has arrays; numbers, booleans and dates coerced from strings.
import type { AnyTRPCProcedure, AnyTRPCRouter } from "@trpc/server";
import {
  coerceSchema,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeKind,
  instanceofZodTypeObject,
  unwrapZodType,
  type OpenApiProcedure,
} from "trpc-to-openapi";
import type { RequestContext } from "../request-context.ts";
import type { AppMeta } from "../trpc.ts";

export type RestMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The parts of a request the input comes from (already parsed by the HTTP server). */
export interface RequestParts {
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  body: unknown;
}

export interface RestRoute {
  method: RestMethod;
  /** OpenAPI template, e.g. /app/projects/{id}. */
  path: string;
  procedurePath: string;
  meta: AppMeta;
  /** POST, PUT and PATCH read a JSON body; GET and DELETE the query. */
  takesBody: boolean;
  input(parts: RequestParts): unknown;
  /** Runs the procedure (the door, input validation, the handler, output validation). */
  call(ctx: RequestContext, input: unknown): Promise<unknown>;
}

/** How tRPC's own caller invokes a procedure (createCallerFactory): the same call, without the proxy. */
interface CallOptions {
  path: string;
  ctx: unknown;
  type: string;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
}
type CallableProcedure = AnyTRPCProcedure & ((opts: CallOptions) => Promise<unknown>);

const isArray = (s: never) =>
  instanceofZodTypeKind(s, "array") ||
  (instanceofZodTypeKind(s, "optional") && instanceofZodTypeKind((s as { unwrap(): never }).unwrap(), "array"));

/** The keys whose schema is an array: a query value given once still arrives as a one-item array. */
function arrayKeys(schema: unknown): string[] {
  if (!instanceofZodTypeObject(schema as never)) return [];
  const shape = (schema as { shape: Record<string, never> }).shape;
  return Object.entries(shape)
    .filter(([, s]) => isArray(s))
    .map(([key]) => key);
}

function route(procedurePath: string, procedure: AnyTRPCProcedure, meta: AppMeta, method: RestMethod, path: string) {
  const takesBody = method !== "GET" && method !== "DELETE";
  const schema = unwrapZodType(getInputOutputParsers(procedure as unknown as OpenApiProcedure).inputParser, true);
  const noInput = instanceofZodTypeLikeVoid(schema);
  const arrays = takesBody ? [] : arrayKeys(schema);
  // Strings from the query and path become numbers, booleans and dates. This changes the shared
  // schema for tRPC callers too, as trpc-to-openapi would: done here once, at start, not on a first call.
  if (instanceofZodTypeObject(schema)) coerceSchema(schema as never);
  const call = procedure as CallableProcedure;
  const type = procedure._def.type;
  const restRoute: RestRoute = {
    method,
    path,
    procedurePath,
    meta,
    takesBody,
    input({ query, params, body }) {
      if (noInput) return undefined;
      if (takesBody) return { ...(body as object), ...params };
      const input: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(query)) {
        if (value === undefined) continue;
        input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
      }
      for (const key of arrays) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
      return Object.assign(input, params);
    },
    call: (ctx, input) =>
      call({ path: procedurePath, ctx, type, getRawInput: async () => input, signal: undefined, batchIndex: 0 }),
  };
  return restRoute;
}

/** Every REST route of the router: JSON routes (meta.openapi) and file routes (meta.file, GET). */
export function restRoutes(router: AnyTRPCRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [procedurePath, procedure] of Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>)) {
    const meta = procedure._def.meta as AppMeta | undefined;
    const { openapi } = meta ?? {};
    if (meta && openapi) routes.push(route(procedurePath, procedure, meta, openapi.method as RestMethod, openapi.path));
    if (meta?.file) routes.push(route(procedurePath, procedure, meta, "GET", meta.file.path));
  }
  return routes;
}
