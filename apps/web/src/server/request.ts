// What the dashboard's handlers read of a request, the way the API reads it
// (core's http-edge): who the client is, whether a change comes from our own
// pages, and a body no larger than EMS_BODY_LIMIT, counted while it streams.
// The dashboard's front (server.ts) has already dropped X-Forwarded-* unless
// EMS_TRUST_PROXY is set, and put the connection's address in X-Forwarded-For.
import { AppError, ErrorCode } from "@ems/core";
import { clientAddress, edgeSettingsFromEnv, requestHost, type EdgeSettings } from "@ems/core/http-edge";

let settings: EdgeSettings | undefined;
/** EMS_BODY_LIMIT and EMS_TRUST_PROXY, read once per process like the API's. */
export const edge = () => (settings ??= edgeSettingsFromEnv());

/** The audit log's ip and user agent of a request. */
export function requestClient(headers: Headers) {
  return {
    ip: clientAddress(undefined, headers.get("x-forwarded-for") ?? undefined, true),
    userAgent: headers.get("user-agent") ?? undefined,
  };
}

/**
 * CSRF: a state-changing request must come from our own origin. Browsers send Origin on every cross-site POST (tRPC's
 * JSON bodies also need a CORS preflight that we never grant). No Origin, `Origin: null` (sandboxed frames, some
 * redirects) or one that is not a URL is not ours.
 */
export function sameOrigin(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  const origin = req.headers.get("origin");
  if (!origin || !URL.canParse(origin)) return false;
  const host = requestHost(
    req.headers.get("host") ?? undefined,
    req.headers.get("x-forwarded-host") ?? undefined,
    edge().trustProxy,
  );
  return host !== undefined && new URL(origin).host === host.toLowerCase();
}

export const crossSiteRefused = () =>
  new AppError(
    403,
    ErrorCode.CROSS_SITE_REQUEST,
    "A change must come from the dashboard's own pages: this request's Origin is not the dashboard",
  );

export const bodyTooLarge = (limit: number) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `body: larger than the limit of this server (${limit} bytes)`, {
    field: "body",
  });

/** A declared Content-Length over the limit: refused before a byte of the body is read. */
export function declaredTooLarge(req: Request): AppError | undefined {
  const declared = Number(req.headers.get("content-length") ?? 0);
  const { bodyLimit } = edge();
  return declared > bodyLimit ? bodyTooLarge(bodyLimit) : undefined;
}

/**
 * The body as a stream that fails with 413 once it passes the limit, counted as it arrives (a chunked body has no
 * length to check first); the rest is never read, so nothing larger than the limit is ever held.
 */
export function limitedBody(req: Request): ReadableStream<Uint8Array> | null {
  if (!req.body) return null;
  const { bodyLimit } = edge();
  const reader = req.body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > bodyLimit) {
        reader.releaseLock();
        return controller.error(bodyTooLarge(bodyLimit));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The request with its body limited (see limitedBody), for a handler that reads it. */
export function withLimitedBody(req: Request): Request {
  if (req.method === "GET" || req.method === "HEAD") return req; // a body there is never read
  const body = limitedBody(req);
  if (!body) return req;
  return new Request(req.url, { method: req.method, headers: req.headers, body, duplex: "half" } as RequestInit);
}

/** The whole body, at most the limit, or the 413 to answer (small bodies: forms, sign-in). */
export async function readBodyWithin(req: Request): Promise<ArrayBuffer> {
  const declared = declaredTooLarge(req);
  if (declared) throw declared;
  const body = limitedBody(req);
  return body ? new Response(body).arrayBuffer() : new ArrayBuffer(0);
}
