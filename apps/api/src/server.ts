// The HTTP server: REST at /app/*, OAuth at /oauth/*, the OpenAPI document
// and its interactive reference, and a health check. Every error leaves in
// the one error shape (core's ErrorBody), whoever raised it.
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import cors from "@fastify/cors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { AppError, ErrorCode, appRouter, buildOpenApiDocument, databaseReachable, type Services } from "@ems/core";
import { answerClientError, clientAddress, missingHostBody } from "@ems/core/http-edge";
import type { ApiConfig } from "./config.ts";
import { registerOAuthRoutes } from "./oauth/routes.ts";
import { sendError } from "./rest/answer.ts";
import { registerRestApi } from "./rest/edge.ts";
import { redactShareToken, registerShareRoutes } from "./share/routes.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The client's address (core's clientAddress: X-Forwarded-For only with EMS_TRUST_PROXY). */
    clientIp: string | undefined;
  }
}

/** Fastify's own errors (body parsing, limits, its router's refusals) in our codes. */
function fromFastifyError(err: FastifyError): unknown {
  switch (err.code) {
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError(414, ErrorCode.URI_TOO_LONG, "path: a path segment is longer than 100 characters", {
        field: "path",
      });
    case "FST_ERR_BAD_URL":
      return new AppError(400, ErrorCode.MALFORMED_REQUEST, "path: not a valid URL (a bad percent-encoding)", {
        field: "path",
      });
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
        req: (req) => ({
          method: req.method,
          url: redactShareToken(req.url),
          host: req.host,
          remoteAddress: (req as FastifyRequest).clientIp,
        }),
      },
    },
    bodyLimit: config.bodyLimit,
    // What Node's parser refuses (overlong request line or headers, a slow or malformed request, no Host) is
    // answered in the error shape too: core's http-edge, shared with the dashboard's front.
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
    frameworkErrors: (err, _request, reply) => sendError(reply, fromFastifyError(err)),
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

  app.decorateRequest("clientIp", {
    getter(this: FastifyRequest) {
      return clientAddress(this.socket.remoteAddress, this.headers["x-forwarded-for"], config.trustProxy);
    },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.raw.httpVersion === "1.1" && !request.headers.host) {
      return sendError(
        reply,
        new AppError(400, ErrorCode.MALFORMED_REQUEST, missingHostBody().message, { field: "request" }),
      );
    }
  });
  // Every answer, JSON, files and the reference pages alike: browsers never guess a type.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
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
