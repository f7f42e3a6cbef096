// One HTTP(S) exchange with one vetted address (no redirects: safeFetch
// follows them), and the walk over a host's addresses. Certificates are
// recorded, not judged; bodies are capped at cfg.maxResponseBytes.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import type { TLSSocket } from "node:tls";
import type { NetConfig } from "../config.ts";
import { parseIp } from "../safety.ts";
import { abortReason, settleOnce } from "../settle.ts";
import { tlsInfoOf } from "./tls-info.ts";
import { FetchRefused, hostForUrl, urlHost, type HttpResult, type SentRequest } from "./types.ts";

function headersOf(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(k === "set-cookie" ? "\n" : ", ") : v;
  }
  return out;
}

function decode(buf: Buffer, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(buf);
  } catch {
    return new TextDecoder("utf-8").decode(buf);
  }
}

function describeError(err: NodeJS.ErrnoException): string {
  const code = err.code ?? "";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "host unreachable";
  if (code.startsWith("HPE_")) return `invalid HTTP response (${code})`;
  if (code.startsWith("ERR_SSL") || code === "EPROTO" || /SSL|TLS/.test(err.message))
    return `TLS handshake failed (${code || err.message})`;
  return err.message || code || "connection failed";
}

export type Single = Omit<HttpResult, "hops">;

class Timeout extends Error {}
class Aborted extends Error {
  constructor(readonly reason: unknown) {
    super("aborted");
  }
}

export interface Outgoing {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  keepBytes: boolean;
  signal?: AbortSignal;
  verifyTls?: boolean;
}

function requestHeaders(url: URL, cfg: NetConfig, out: Outgoing): Record<string, string> {
  const headers: Record<string, string> = {
    host: url.port ? url.host : hostForUrl(urlHost(url)),
    "user-agent": cfg.userAgent,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": "identity",
    connection: "close",
  };
  for (const [k, v] of Object.entries(out.headers ?? {})) {
    const name = k.toLowerCase();
    // Host is what we vetted; encodings we cannot decode would garble bodies.
    if (name === "host" || name === "content-length" || name === "transfer-encoding" || name === "accept-encoding")
      continue;
    headers[name] = v;
  }
  if (out.body !== undefined) headers["content-length"] = String(Buffer.byteLength(out.body));
  return headers;
}

function requestOnce(url: URL, address: string, out: Outgoing, cfg: NetConfig, deadline: number): Promise<Single> {
  const https = url.protocol === "https:";
  const host = urlHost(url);
  const port = url.port ? Number(url.port) : https ? cfg.httpsPort : cfg.httpPort;
  const method = out.method;
  const keepBytes = out.keepBytes;
  const headers = requestHeaders(url, cfg, out);
  const target = `${url.pathname}${url.search}`;
  const sent: SentRequest = {
    method,
    url: url.href,
    target,
    headers,
    ...(out.body !== undefined ? { body: out.body } : {}),
  };
  const options: RequestOptions = {
    host: address,
    port,
    method,
    path: target,
    agent: false,
    headers,
    ...(https
      ? {
          ...(parseIp(host) ? {} : { servername: host }),
          // Observe legacy servers too; nothing secret travels on these connections (unless verifyTls).
          ...(out.verifyTls
            ? { rejectUnauthorized: true }
            : { rejectUnauthorized: false, minVersion: "TLSv1" as const, ciphers: "DEFAULT:@SECLEVEL=0" }),
        }
      : {}),
  };
  let req: ReturnType<typeof httpRequest> | undefined;
  return settleOnce<Single>(
    {
      timeoutMs: Math.max(0, deadline - Date.now()),
      signal: out.signal,
      onTimeout: (s) => s.reject(new Timeout()),
      onAbort: (s) => s.reject(new Aborted(out.signal?.reason)),
      cleanup: () => req?.destroy(),
    },
    (settle) => {
      const request = (https ? httpsRequest : httpRequest)(options, (res) => {
        const tls = https ? tlsInfoOf(res.socket as TLSSocket) : undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (truncated: boolean) => {
          if (settle.settled) return;
          res.destroy();
          const headers = headersOf(res);
          const bytes = Buffer.concat(chunks);
          settle.resolve({
            url: url.href,
            status: res.statusCode ?? 0,
            headers,
            body: decode(bytes, headers["content-type"]),
            truncated,
            address,
            rawHeaders: res.rawHeaders,
            httpVersion: `HTTP/${res.httpVersion}`,
            statusMessage: res.statusMessage ?? "",
            request: sent,
            ...(tls ? { tls } : {}),
            ...(keepBytes ? { bytes } : {}),
          });
        };
        res.on("data", (chunk: Buffer) => {
          const room = cfg.maxResponseBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            if (chunk.length > room) return finish(true);
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => finish(false));
        // Once a response has begun, destroying the request emits nothing: settle here.
        res.on("error", (err) => settle.reject(err));
        res.on("close", () => {
          if (!res.complete) {
            settle.reject(
              Object.assign(new Error("the connection closed before the body was complete"), { code: "ECONNRESET" }),
            );
          }
        });
      });
      req = request;
      request.on("error", (err) => settle.reject(err));
      request.end(out.body);
    },
  );
}

/** Tries the addresses in order until one answers; only a failure to connect moves on to the next. */
export async function fetchHop(
  url: URL,
  addresses: string[],
  out: Outgoing,
  cfg: NetConfig,
  deadline: number,
): Promise<Single> {
  let last: unknown;
  for (const address of addresses) {
    if (Date.now() >= deadline) break;
    try {
      return await requestOnce(url, address, out, cfg, deadline);
    } catch (err) {
      if (err instanceof Aborted) throw out.signal ? abortReason(out.signal) : err;
      last = err;
      if (err instanceof Timeout) break;
      // Only a failure to connect is worth another address.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ECONNREFUSED" && code !== "EHOSTUNREACH" && code !== "ENETUNREACH" && code !== "EADDRNOTAVAIL")
        break;
    }
  }
  const host = urlHost(url);
  if (last === undefined || last instanceof Timeout)
    throw new FetchRefused("timeout", `${url.href}: no complete answer within ${cfg.httpTimeoutMs} ms`, {
      host,
      url: url.href,
    });
  const cause = last as NodeJS.ErrnoException;
  throw new FetchRefused("connection", `${url.href}: ${describeError(cause)}`, {
    host,
    url: url.href,
    ...(cause.code ? { code: cause.code } : {}),
  });
}
