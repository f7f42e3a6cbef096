// REST at /app/*: trpc-to-openapi serves the JSON procedures; around it we
// (1) answer unknown paths and wrong methods in our error shape, (2) hand it
// an already-parsed body (a POST with no body is `{}`), (3) let procedure
// meta set the success status and headers through responseMeta, and
// (4) replace the adapter's own error body with ours on the way out.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { AppError, ErrorCode, appRouter, createCaller, createRestContext, type FileResponse, type RequestContext, type Services } from "@ems/core";
import { publicError, sendError } from "./errors.ts";
import { allowedMethods, restRoutes, type RestRoute } from "./routes.ts";

type RawRequest = IncomingMessage & { body?: unknown; clientIp?: string };

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

function restContext(services: Services, req: RawRequest): RequestContext {
  return createRestContext(services, { headers: req.headers, ip: req.clientIp });
}

export function registerRestApi(app: FastifyInstance, services: Services) {
  const routes = restRoutes(appRouter);
  const failures = new WeakMap<IncomingMessage, unknown>();

  const handle = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: IncomingMessage }) => restContext(services, req as RawRequest),
    onError: ({ error, req }: { error: unknown; req: IncomingMessage }) => failures.set(req, error),
    responseMeta: ({ ctx, errors }: { ctx?: RequestContext; errors: unknown[] }) => {
      if (errors.length) {
        const app = toErrorOnce(errors[0]);
        return { status: app.status, headers: app.headers ?? {} };
      }
      return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
    },
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  // responseMeta and the body rewrite both need the mapped error; map it once.
  const mapped = new WeakMap<object, AppError>();
  function toErrorOnce(err: unknown): AppError {
    if (typeof err !== "object" || err === null) return publicError(err, app.log);
    let m = mapped.get(err);
    if (!m) mapped.set(err, (m = publicError(err, app.log)));
    return m;
  }

  for (const route of routes.filter((r) => r.meta.file)) registerFileRoute(app, services, route);

  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/app/*",
    handler: async (request, reply) => {
      const pathname = request.url.split("?")[0]!;
      const methods = allowedMethods(routes, pathname);
      if (methods.length === 0) {
        return sendError(reply, new AppError(404, ErrorCode.ROUTE_NOT_FOUND, `No route ${request.method} ${pathname}`));
      }
      if (!methods.includes(request.method)) {
        reply.header("Allow", methods.join(", "));
        return sendError(reply, new AppError(405, ErrorCode.METHOD_NOT_ALLOWED, `${request.method} is not allowed on ${pathname}; use ${methods.join(" or ")}`));
      }
      const raw = request.raw as RawRequest;
      raw.clientIp = request.ip;
      if (BODY_METHODS.has(request.method)) {
        // Fastify parses text/plain too; the API speaks JSON only.
        const type = request.headers["content-type"];
        if (type && !/^application\/json\b/i.test(type) && request.body !== undefined) {
          return sendError(reply, new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Send the body as application/json, not ${type.split(";")[0]}`));
        }
        raw.body = request.body ?? {};
        raw.headers["content-type"] = "application/json";
      }
      reply.hijack();
      const res = reply.raw;
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.end = ((chunk?: unknown) => {
        const failure = failures.get(raw);
        if (failure === undefined) return end(chunk);
        const body = JSON.stringify(toErrorOnce(failure).toBody());
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        return end(body);
      }) as typeof res.end;
      await handle(raw, res);
    },
  });
}

/** A non-JSON route: the same middleware chain (via a caller), then the file streamed. */
function registerFileRoute(app: FastifyInstance, services: Services, route: RestRoute) {
  const url = route.path.replace(/\{(\w+)\}/g, ":$1");
  app.get(url, async (request: FastifyRequest, reply) => {
    const raw = request.raw as RawRequest;
    raw.clientIp = request.ip;
    const ctx = restContext(services, raw);
    const call = route.procedurePath
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(ctx)) as (input: unknown) => Promise<FileResponse>;
    let file: FileResponse;
    try {
      file = await call({ ...(request.query as object), ...(request.params as object) });
    } catch (err) {
      return sendError(reply, err);
    }
    reply.code(ctx.response.status ?? 200).headers(ctx.response.headers).type(file.contentType);
    if (file.filename) reply.header("Content-Disposition", `attachment; filename="${file.filename}"`);
    const body = typeof file.body === "string" || file.body instanceof Uint8Array ? file.body : Readable.from(file.body);
    return reply.send(body);
  });
}

