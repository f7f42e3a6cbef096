// The table of REST routes (from procedure meta), used to answer unknown
// paths (404 ROUTE_NOT_FOUND) and wrong methods (405 METHOD_NOT_ALLOWED)
// in our error shape before the adapter sees the request.
import type { AnyTRPCRouter } from "@trpc/server";
import type { AppMeta } from "@ems/core";

export interface RestRoute {
  method: string;
  path: string;
  regex: RegExp;
  procedurePath: string;
  meta: AppMeta;
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** `/app/projects/{id}` -> /^\/app\/projects\/(?<id>[^/]+)\/?$/i (the adapter matches case-insensitively too). */
const toRegex = (template: string) =>
  new RegExp(`^${template.split("/").map((seg) => (/^\{\w+\}$/.test(seg) ? `(?<${seg.slice(1, -1)}>[^/]+)` : escape(seg))).join("/")}/?$`, "i");

export function restRoutes(router: AnyTRPCRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [procedurePath, proc] of Object.entries(router._def.procedures as Record<string, { _def: { meta?: AppMeta } }>)) {
    const meta = proc._def.meta;
    if (meta?.openapi) routes.push({ method: meta.openapi.method, path: meta.openapi.path, regex: toRegex(meta.openapi.path), procedurePath, meta });
    if (meta?.file) routes.push({ method: "GET", path: meta.file.path, regex: toRegex(meta.file.path), procedurePath, meta });
  }
  return routes;
}

/** The methods allowed on a path, or an empty list for an unknown path. */
export function allowedMethods(routes: RestRoute[], pathname: string): string[] {
  return [...new Set(routes.filter((r) => r.regex.test(pathname)).map((r) => r.method))];
}
