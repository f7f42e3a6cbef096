// REST at /app/*: one Fastify route per REST route of the table core builds
// from procedure meta (trpc-to-openapi generates the document from the same
// meta). A request is matched once, by Fastify; then:
//   415 unless a body is JSON -> the door (401/403/429) -> input from query,
//   path and body -> the procedure -> core's Answer (status, headers, JSON or file).
// Any error on the way leaves through sendError. A known path with another
// method answers 405 with Allow; an unknown path falls to the server's 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  AppError,
  ErrorCode,
  admit,
  appRouter,
  requestContext,
  restRoutes,
  successAnswer,
  type Credential,
  type RestRoute,
  type Services,
} from "@ems/core";
import { sendAnswer, sendError } from "./answer.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `/app/projects/{id}` in Fastify's syntax. */
const fastifyUrl = (template: string) => template.replace(/\{(\w+)\}/g, ":$1");

function unsupportedBody(request: FastifyRequest): AppError | undefined {
  // Fastify parses text/plain and forms too; the API speaks JSON only.
  const type = request.headers["content-type"];
  if (type && !/^application\/json\b/i.test(type) && request.body !== undefined) {
    const message = `Send the body as application/json, not ${type.split(";")[0]}`;
    return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
  }
}

function handler(services: Services, route: RestRoute) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let budget: Record<string, string> | undefined;
    try {
      if (route.takesBody) {
        const unsupported = unsupportedBody(request);
        if (unsupported) throw unsupported;
      }
      const credential: Credential = { kind: "bearer", authorization: request.headers.authorization };
      const client = { ip: request.clientIp, userAgent: request.headers["user-agent"] };
      const { actor, headers } = await admit(services, credential, route.meta, client);
      budget = headers;
      const input = route.input({
        query: request.query as Record<string, string | string[]>,
        params: request.params as Record<string, string>,
        body: request.body ?? {},
      });
      const ctx = requestContext(services, credential, client, actor);
      const data = await route.call(ctx, input);
      return sendAnswer(reply, successAnswer(route.meta, data, headers, ctx.reply));
    } catch (err) {
      return sendError(reply, err, budget);
    }
  };
}

export function registerRestApi(app: FastifyInstance, services: Services) {
  const byUrl = new Map<string, RestRoute[]>();
  for (const route of restRoutes(appRouter)) {
    const url = fastifyUrl(route.path);
    byUrl.set(url, [...(byUrl.get(url) ?? []), route]);
  }
  for (const [url, routes] of byUrl) {
    for (const route of routes) {
      app.route({ method: route.method, url, exposeHeadRoute: false, handler: handler(services, route) });
    }
    const allowed = routes.map((r) => r.method);
    const others = METHODS.filter((m) => !(allowed as string[]).includes(m));
    app.route({
      method: others,
      url,
      handler: (request, reply) => {
        reply.header("Allow", allowed.join(", "));
        const pathname = request.url.split("?")[0];
        const message = `${request.method} is not allowed on ${pathname}; use ${allowed.join(" or ")}`;
        return sendError(reply, new AppError(405, ErrorCode.METHOD_NOT_ALLOWED, message));
      },
    });
  }
}
