// Writing core's Answer (rest/respond.ts) to a Fastify reply: every REST
// answer leaves through here, success or error, JSON or file.
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { errorAnswer, type Answer } from "@ems/core";

export function sendAnswer(reply: FastifyReply, answer: Answer) {
  const { body: b } = answer;
  const body = typeof b === "string" || b instanceof Uint8Array ? b : Readable.from(b);
  return reply.code(answer.status).headers(answer.headers).send(body);
}

/** Any error in the one error shape; 500s are logged with their cause (the caller sees only "Internal error"). */
export function sendError(reply: FastifyReply, err: unknown, headers?: Record<string, string>) {
  const answer = errorAnswer(err, headers);
  if (answer.error.status >= 500) reply.log.error({ err: answer.error.cause ?? err }, "request failed");
  return sendAnswer(reply, answer);
}
