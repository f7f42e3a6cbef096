// The HTTP server: REST at /app/*, OAuth at /oauth/*, the OpenAPI document
// and its interactive reference, and a health check. Every error leaves in
// the one error shape (core's ErrorBody), whoever raised it.
import Fastify, { LogController, type FastifyError, type FastifyInstance } from "fastify";
import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { AppError, ErrorCode, appRouter, buildOpenApiDocument, databaseReachable, type Services } from "@ems/core";
import type { ApiConfig } from "./config.ts";
import { registerOAuthRoutes } from "./oauth/routes.ts";
import { sendError } from "./rest/answer.ts";
import { registerRestApi } from "./rest/edge.ts";
import { redactShareToken, registerShareRoutes } from "./share/routes.ts";

/** Fastify's own errors (body parsing, limits) in our codes. */
function fromFastifyError(err: FastifyError): unknown {
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, "body: larger than the limit of this server", {
        field: "body",
      });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the body as application/json");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError(400, ErrorCode.VALIDATION_ERROR, "body: Content-Length does not match the body", {
        field: "body",
      });
    default:
      return err;
  }
}

export async function buildServer(services: Services, config: ApiConfig): Promise<FastifyInstance> {
  const app = Fastify({
    // Share links carry their secret in the path: logged requests show it redacted.
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: redactShareToken(req.url), host: req.host, remoteAddress: req.ip }),
      },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // As trpc-to-openapi matched REST paths: case-insensitive, a trailing slash ignored.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Per-request logs only when debugging: they cost throughput and say little.
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" }),
  });

  // JSON bodies: empty means {}, malformed is a 400 in our shape.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, ErrorCode.INVALID_JSON, "body: not valid JSON", { field: "body" }), undefined);
    }
  });
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Scripts and servers need no CORS; a browser page on another origin may call the API only when its origin
  // is listed. Others get no Access-Control-* headers (their preflight: 404, as without CORS at all).
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: [
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "Retry-After",
      "X-Total-Count",
      "X-Page",
      "X-Limit",
      "Content-Disposition",
    ],
    maxAge: 600,
  });

  app.setErrorHandler((err: FastifyError, _request, reply) => sendError(reply, fromFastifyError(err)));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new AppError(404, ErrorCode.ROUTE_NOT_FOUND, `No route ${request.method} ${request.url.split("?")[0]}`),
    ),
  );

  const document = buildOpenApiDocument(appRouter, { baseUrl: config.baseUrl });
  const documentJson = JSON.stringify(document);
  app.get("/openapi.json", (_req, reply) => reply.type("application/json; charset=utf-8").send(documentJson));
  await app.register(swagger, { mode: "static", specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: "/docs", uiConfig: { deepLinking: true, persistAuthorization: true } });

  app.get("/healthz", async (_req, reply) =>
    (await databaseReachable(services))
      ? { status: "ok", database: "ok" }
      : reply.code(503).send({ status: "unavailable", database: "unreachable" }),
  );

  registerOAuthRoutes(app, services, { webUrl: config.webUrl });
  registerRestApi(app, services);
  registerShareRoutes(app, services);
  return app;
}
