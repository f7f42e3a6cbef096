// What both HTTP servers do alike before a request reaches a handler (the
// API's Fastify server and the dashboard's front in front of Next): their
// settings (EMS_BODY_LIMIT, EMS_TRUST_PROXY), who the client is, and an answer
// in the one error shape to what Node's HTTP parser refuses by itself.
// `@ems/core/http-edge`: no dependency, so the dashboard's front loads it
// without the rest of core.
import type { Duplex } from "node:stream";
import { ErrorCode, type ErrorBody } from "./error-codes.ts";

export interface EdgeSettings {
  /** EMS_BODY_LIMIT: the largest request body in bytes (larger: 413). */
  bodyLimit: number;
  /** EMS_TRUST_PROXY: the client's address and host come from X-Forwarded-* (set it only behind a proxy). */
  trustProxy: boolean;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reads the settings; a bad value stops the server with the variable named. */
export function edgeSettingsFromEnv(env: Record<string, string | undefined> = process.env): EdgeSettings {
  const limit = env.EMS_BODY_LIMIT?.trim();
  if (limit && !/^[1-9]\d{0,9}$/.test(limit))
    throw new Error(`EMS_BODY_LIMIT must be a number of bytes (1 or more), got "${limit}"`);
  const trust = env.EMS_TRUST_PROXY?.trim().toLowerCase();
  if (trust && !["true", "false", "1", "0"].includes(trust))
    throw new Error(`EMS_TRUST_PROXY must be true or false, got "${env.EMS_TRUST_PROXY}"`);
  return { bodyLimit: limit ? Number(limit) : DEFAULT_BODY_LIMIT, trustProxy: trust === "true" || trust === "1" };
}

/** What the connection says, or behind a trusted proxy the first entry of the proxy's header. */
const forwarded = (direct: string | undefined, header: string | string[] | undefined, trustProxy: boolean) =>
  (trustProxy && (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim()) || direct;

/**
 * The client's address: the connection's own; behind a trusted proxy, the first X-Forwarded-For entry (the client as
 * the proxy saw it), as Fastify's `trustProxy: true` reads it.
 */
export const clientAddress = (
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string | undefined => forwarded(remoteAddress, forwardedFor, trustProxy);

/** The host the client asked for: Host; behind a trusted proxy, X-Forwarded-Host first. */
export const requestHost = (
  host: string | undefined,
  forwardedHost: string | string[] | undefined,
  trustProxy: boolean,
): string | undefined => forwarded(host, forwardedHost, trustProxy);

/** Headers only a proxy may set: a server that does not trust one drops them from every request. */
export const PROXY_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
] as const;

/** An error as a whole HTTP/1.1 response, for a connection whose request never became one (then closed). */
export function rawErrorResponse(body: ErrorBody): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${body.status} ${REASONS[body.status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${json}`
  );
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  413: "Payload Too Large",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

/** Node's `clientError`: a parser error (HPE_…) with the bytes it had (rawPacket), or a timeout. */
type ParserError = Error & { code?: string; rawPacket?: unknown };

/** Node's headers limit (--max-http-header-size, 16 KiB): the request line and every header together. */
const HEADER_LIMIT_KIB = 16;

/**
 * What Node's HTTP parser refused, in the error shape: the request line alone past the headers limit is 414 (an
 * overlong path), the headers 431, a request too slow to arrive 408, anything unparseable 400.
 */
export function clientErrorBody(err: ParserError): ErrorBody {
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT" || err.code === "ERR_HTTP_HEADERS_TIMEOUT")
    return { code: ErrorCode.REQUEST_TIMEOUT, message: "The request did not arrive in time", status: 408 };
  if (err.code === "HPE_HEADER_OVERFLOW") {
    const packet = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString("latin1") : "";
    const lineEnd = packet.indexOf("\r\n");
    if (lineEnd < 0 || lineEnd > 8 * 1024)
      return {
        code: ErrorCode.URI_TOO_LONG,
        message: `path: the request line is longer than this server accepts (${HEADER_LIMIT_KIB} KiB)`,
        status: 414,
        field: "path",
      };
    return {
      code: ErrorCode.HEADERS_TOO_LARGE,
      message: `The request headers are larger than this server accepts (${HEADER_LIMIT_KIB} KiB in all)`,
      status: 431,
    };
  }
  return {
    code: ErrorCode.MALFORMED_REQUEST,
    message: "request: not a valid HTTP request",
    status: 400,
    field: "request",
  };
}

/** Node's `clientError` handler of both servers: the answer in the error shape, then the connection closes. */
export function answerClientError(err: ParserError, socket: Duplex) {
  // A reset connection, or one that is gone: nobody to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (!socket.writable) return void socket.destroy();
  // Once the answer is flushed, the connection goes (the rest of what the client sends is not read).
  socket.once("finish", () => socket.destroy());
  socket.end(rawErrorResponse(clientErrorBody(err)));
}

/** HTTP/1.1 requires Host (RFC 9112, 3.2): Node refuses a request without one in its own words unless told not to. */
export const missingHostBody = (): ErrorBody => ({
  code: ErrorCode.MALFORMED_REQUEST,
  message: "request: an HTTP/1.1 request needs a Host header",
  status: 400,
  field: "request",
});
