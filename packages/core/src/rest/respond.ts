// The HTTP answer of a REST call, for every kind of route and for errors: the
// one place that reads `successStatus`, `paged` and `file` from procedure
// meta. The Fastify edge (apps/api) writes an Answer to its reply; the
// dashboard's file routes (apps/web) turn it into a fetch Response.
import { Readable } from "node:stream";
import { toAppError, type AppError } from "../errors.ts";
import type { Page } from "../paging.ts";
import type { AppMeta } from "../trpc.ts";
import type { FileResponse } from "./files.ts";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | AsyncIterable<string | Uint8Array>;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** A file: its type, download name and caching. */
export function fileAnswer(file: FileResponse, headers: Record<string, string> = {}): Answer {
  return {
    status: 200,
    headers: {
      ...headers,
      ...file.headers,
      "Content-Type": file.contentType,
      ...(file.filename ? { "Content-Disposition": `attachment; filename="${file.filename}"` } : {}),
      ...(file.cacheControl ? { "Cache-Control": file.cacheControl } : {}),
    },
    body: file.body,
  };
}

/**
 * A procedure's result over REST. `headers` are the door's (RateLimit-*).
 * A page travels as its items, the rest in X-Total-Count, X-Page and X-Limit.
 * `status` is the procedure's own choice (ctx.reply), over its meta's successStatus.
 */
export function successAnswer(
  meta: AppMeta,
  data: unknown,
  headers: Record<string, string>,
  reply: { status?: number } = {},
): Answer {
  if (meta.file) return fileAnswer(data as FileResponse, headers);
  if (meta.paged) {
    const page = data as Page<unknown>;
    const paging = { "X-Total-Count": String(page.total), "X-Page": String(page.page), "X-Limit": String(page.limit) };
    headers = { ...headers, ...paging };
    data = page.items;
  }
  const status = reply.status ?? meta.successStatus ?? 200;
  return { status, headers: { ...headers, "Content-Type": JSON_TYPE }, body: JSON.stringify(data) };
}

/**
 * Any error in the one error shape; `error` says what to log (status 500: its cause). `headers` are the door's
 * (RateLimit-*) when the request got past it: an error after the budget was spent still tells what is left.
 */
export function errorAnswer(err: unknown, headers: Record<string, string> = {}): Answer & { error: AppError } {
  const error = toAppError(err);
  return {
    status: error.status,
    headers: { ...headers, ...error.headers, "Content-Type": JSON_TYPE },
    body: JSON.stringify(error.toBody()),
    error,
  };
}

/** An Answer as a fetch Response (Next.js route handlers). */
export function toWebResponse(answer: Answer): Response {
  const body =
    typeof answer.body === "string" || answer.body instanceof Uint8Array
      ? answer.body
      : (Readable.toWeb(Readable.from(answer.body)) as ReadableStream<Uint8Array>);
  const init = { status: answer.status, headers: answer.headers };
  return new Response(body as ConstructorParameters<typeof Response>[0], init);
}
