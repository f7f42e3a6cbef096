import type { FastifyReply } from "fastify";
import { toAppError, type AppError } from "@ems/core";

/** Logs what the caller must not see (500s), and returns the error to send. */
export function publicError(err: unknown, log: { error(obj: unknown, msg: string): void }): AppError {
  const app = toAppError(err);
  if (app.status >= 500) log.error({ err: app.cause ?? err }, "request failed");
  return app;
}

export function sendError(reply: FastifyReply, err: unknown) {
  const app = publicError(err, reply.log);
  return reply
    .code(app.status)
    .headers(app.headers ?? {})
    .type("application/json; charset=utf-8")
    .send(app.toBody());
}
