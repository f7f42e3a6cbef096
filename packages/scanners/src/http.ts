// The only way the engine fetches anything. Every host is resolved through
// our resolvers and every address vetted before we connect to that very
// address (no second lookup, so no DNS rebinding between check and connect).
// Redirects are followed by hand and each hop is vetted again. Bad
// certificates are recorded, not rejected: we observe, we send no secrets.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import type { PeerCertificate, TLSSocket } from "node:tls";
import type { NetConfig } from "./config.ts";
import { DnsError, normaliseHost, resolveHost } from "./dns.ts";
import { isAllowedAddress, parseIp } from "./safety.ts";

export interface HttpHop {
  url: string;
  status: number;
  location?: string;
  /** The address we connected to. */
  address: string;
}

export interface TlsInfo {
  protocol: string;
  cipher: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  selfSigned: boolean;
  authorized: boolean;
  authorizationError?: string;
  altNames: string[];
}

export interface HttpResult {
  /** Final URL (after redirects). */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  /** Every response in order, the final one included. */
  hops: HttpHop[];
  address: string;
  tls?: TlsInfo;
  /** The raw (capped) body, only with opts.keepBytes. */
  bytes?: Buffer;
  /** Header names as the server spelled them, alternating name and value. */
  rawHeaders?: string[];
  /** "HTTP/1.1" and the reason phrase of the final response. */
  httpVersion?: string;
  statusMessage?: string;
  /** What was sent for the final response (headers as sent, lower-case names). */
  request?: SentRequest;
}

export interface SentRequest {
  method: string;
  url: string;
  /** Path and query as on the request line. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export type FetchRefusedReason =
  | "private-address" // a host resolved to (or was) an address we may not contact
  | "redirect-not-covered" // opts.allowHost said no to a redirect target
  | "too-many-redirects"
  | "dns" // lookup failed or the name has no A/AAAA record
  | "timeout" // cfg.httpTimeoutMs elapsed (connect, headers or body)
  | "connection" // refused, reset, TLS handshake failure, malformed HTTP
  | "invalid-url"; // not an http(s) URL

/** Why a fetch did not produce a result. `partial` is the last response received before it stopped (after a redirect). */
export class FetchRefused extends Error {
  override name = "FetchRefused";
  readonly reason: FetchRefusedReason;
  readonly host?: string;
  readonly url?: string;
  partial?: HttpResult;
  constructor(reason: FetchRefusedReason, message: string, extra: { host?: string; url?: string; partial?: HttpResult } = {}) {
    super(message);
    this.reason = reason;
    this.host = extra.host;
    this.url = extra.url;
    this.partial = extra.partial;
  }
}

export interface SafeFetchOptions {
  /** GET by default; any upper-case token is sent as is (templates use POST, OPTIONS…). */
  method?: string;
  /** Extra request headers (names case-insensitive); they replace ours of the same name, except Host. */
  headers?: Record<string, string>;
  /** Request body (sent with a Content-Length); dropped when a 301/302/303 turns the method into GET. */
  body?: string;
  /** Aborting destroys the connection; safeFetch then rejects with the signal's reason. */
  signal?: AbortSignal;
  followRedirects?: boolean;
  /** Redirect targets are followed only to hosts this accepts (the first URL is the caller's choice). */
  allowHost?: (host: string) => boolean;
  /** Also return the body as bytes (images and the like, for the screenshot proxy). */
  keepBytes?: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** "example.com" or "[2001:db8::1]", for building URLs. */
export const hostForUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** The URL's host without brackets, lower-case. */
export const urlHost = (u: URL) => normaliseHost(u.hostname);

/** Resolves and vets a host; returns the addresses to try, IPv4 first. */
async function vetHost(host: string, cfg: NetConfig): Promise<string[]> {
  let addresses: string[];
  if (parseIp(host)) {
    addresses = [host];
  } else {
    try {
      const r = await resolveHost(host, cfg);
      addresses = [...r.a, ...r.aaaa];
    } catch (err) {
      if (err instanceof DnsError) throw new FetchRefused("dns", err.message, { host });
      throw err;
    }
    if (!addresses.length) throw new FetchRefused("dns", `${host} has no A/AAAA record`, { host });
  }
  for (const ip of addresses) {
    const verdict = isAllowedAddress(ip, cfg);
    if (!verdict.allowed) {
      const message = ip === host ? `refused to connect: ${verdict.reason}` : `refused to connect to ${host}: ${verdict.reason}`;
      throw new FetchRefused("private-address", message, { host });
    }
  }
  return addresses;
}

function dn(x: PeerCertificate["subject"] | undefined): string {
  if (!x) return "";
  return Object.entries(x)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("+") : String(v)}`)
    .join(", ");
}

const iso = (s: string | undefined) => {
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : (s ?? "");
};

export function tlsInfoOf(socket: TLSSocket): TlsInfo | undefined {
  const cert = socket.getPeerCertificate(true);
  if (!cert || !Object.keys(cert).length) return undefined;
  const authError = socket.authorizationError ? String((socket.authorizationError as Error & { code?: string }).code ?? socket.authorizationError) : undefined;
  const issuerCert = (cert as { issuerCertificate?: PeerCertificate }).issuerCertificate;
  const selfSigned =
    authError === "DEPTH_ZERO_SELF_SIGNED_CERT" || (!!issuerCert && issuerCert.fingerprint256 === cert.fingerprint256 && dn(cert.subject) === dn(cert.issuer));
  return {
    protocol: socket.getProtocol() ?? "unknown",
    cipher: socket.getCipher()?.name ?? "unknown",
    subject: dn(cert.subject),
    issuer: dn(cert.issuer),
    validFrom: iso(cert.valid_from),
    validTo: iso(cert.valid_to),
    selfSigned,
    authorized: socket.authorized,
    ...(authError ? { authorizationError: authError } : {}),
    altNames: (cert.subjectaltname ?? "")
      .split(",")
      .map((s) => s.trim().replace(/^(DNS|IP Address|URI|email):/, ""))
      .filter(Boolean),
  };
}

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
  if (code.startsWith("ERR_SSL") || code === "EPROTO" || /SSL|TLS/.test(err.message)) return `TLS handshake failed (${code || err.message})`;
  return err.message || code || "connection failed";
}

type Single = Omit<HttpResult, "hops">;

class Timeout extends Error {}
class Aborted extends Error {
  constructor(readonly reason: unknown) {
    super("aborted");
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? Object.assign(new Error("The operation was aborted"), { name: "AbortError" });
}

interface Outgoing {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  keepBytes: boolean;
  signal?: AbortSignal;
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
    if (name === "host" || name === "content-length" || name === "transfer-encoding" || name === "accept-encoding") continue;
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
  const sent: SentRequest = { method, url: url.href, target, headers, ...(out.body !== undefined ? { body: out.body } : {}) };
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
          rejectUnauthorized: false,
          // Observe legacy servers too; nothing secret travels on these connections.
          minVersion: "TLSv1" as const,
          ciphers: "DEFAULT:@SECLEVEL=0",
        }
      : {}),
  };
  return new Promise<Single>((resolve, reject) => {
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = (https ? httpsRequest : httpRequest)(options, (res) => {
      const tls = https ? tlsInfoOf(res.socket as TLSSocket) : undefined;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (truncated: boolean) =>
        done(() => {
          res.destroy();
          const headers = headersOf(res);
          const bytes = Buffer.concat(chunks);
          const body = decode(bytes, headers["content-type"]);
          resolve({
            url: url.href,
            status: res.statusCode ?? 0,
            headers,
            body,
            truncated,
            address,
            rawHeaders: res.rawHeaders,
            httpVersion: `HTTP/${res.httpVersion}`,
            statusMessage: res.statusMessage ?? "",
            request: sent,
            ...(tls ? { tls } : {}),
            ...(keepBytes ? { bytes } : {}),
          });
        });
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
      res.on("error", fail);
      res.on("close", () => {
        if (!res.complete) fail(Object.assign(new Error("the connection closed before the body was complete"), { code: "ECONNRESET" }));
      });
    });
    /** Ends the exchange with err, whether or not a response has begun. */
    const fail = (err: Error) => {
      req.destroy();
      done(() => reject(err));
    };
    const timer = setTimeout(() => fail(new Timeout()), Math.max(0, deadline - Date.now()));
    const onAbort = () => fail(new Aborted(out.signal?.reason));
    out.signal?.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => out.signal?.removeEventListener("abort", onAbort));
    req.on("error", (err) => done(() => reject(err)));
    if (out.signal?.aborted) onAbort();
    req.end(out.body);
  });
}

async function fetchHop(url: URL, addresses: string[], out: Outgoing, cfg: NetConfig, deadline: number): Promise<Single> {
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
      if (code !== "ECONNREFUSED" && code !== "EHOSTUNREACH" && code !== "ENETUNREACH" && code !== "EADDRNOTAVAIL") break;
    }
  }
  const host = urlHost(url);
  if (last === undefined || last instanceof Timeout) throw new FetchRefused("timeout", `${url.href}: no complete answer within ${cfg.httpTimeoutMs} ms`, { host, url: url.href });
  throw new FetchRefused("connection", `${url.href}: ${describeError(last as NodeJS.ErrnoException)}`, { host, url: url.href });
}

function parseHttpUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new FetchRefused("invalid-url", `"${raw}" is not a URL`, { url: raw });
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new FetchRefused("invalid-url", `${u.protocol} URLs are not fetched, only http and https`, { url: raw });
  if (u.username || u.password) throw new FetchRefused("invalid-url", "URLs with credentials are not fetched", { url: raw });
  return u;
}

/**
 * GET (or HEAD) a URL safely. URLs without a port use cfg.httpPort /
 * cfg.httpsPort. Throws FetchRefused for anything that is not an answer.
 */
export async function safeFetch(url: string, cfg: NetConfig, opts: SafeFetchOptions = {}): Promise<HttpResult> {
  const deadline = Date.now() + cfg.httpTimeoutMs;
  const method = (opts.method ?? "GET").toUpperCase();
  if (!/^[A-Z][A-Z-]{0,30}$/.test(method)) throw new FetchRefused("invalid-url", `"${opts.method}" is not an HTTP method`, { url });
  const out: Outgoing = { method, keepBytes: opts.keepBytes === true, ...(opts.headers ? { headers: opts.headers } : {}), ...(opts.body !== undefined ? { body: opts.body } : {}), ...(opts.signal ? { signal: opts.signal } : {}) };
  const hops: HttpHop[] = [];
  let current = parseHttpUrl(url);
  let previous: HttpResult | undefined;
  for (;;) {
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    let single: Single;
    try {
      const addresses = await vetHost(urlHost(current), cfg);
      if (opts.signal?.aborted) throw abortReason(opts.signal);
      single = await fetchHop(current, addresses, out, cfg, deadline);
    } catch (err) {
      if (err instanceof FetchRefused && previous) err.partial = previous;
      throw err;
    }
    const location = single.headers.location;
    const redirect = REDIRECTS.has(single.status) && location !== undefined;
    hops.push({ url: single.url, status: single.status, address: single.address, ...(redirect ? { location } : {}) });
    const result: HttpResult = { ...single, hops: [...hops] };
    if (!redirect || opts.followRedirects === false) return result;

    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return result; // an unusable Location: the redirect itself is the answer
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") return result;
    const nextHost = urlHost(next);
    if (hops.length > cfg.maxRedirects) {
      throw new FetchRefused("too-many-redirects", `${url}: more than ${cfg.maxRedirects} redirects`, { host: nextHost, url: next.href, partial: result });
    }
    if (opts.allowHost && !opts.allowHost(nextHost)) {
      throw new FetchRefused("redirect-not-covered", `${single.url} redirects to ${nextHost}, which the ownership proof does not cover`, {
        host: nextHost,
        url: next.href,
        partial: result,
      });
    }
    previous = result;
    current = next;
    // As browsers do: 303 always, and 301/302 after a POST, continue with a GET without body.
    if (single.status === 303 || ((single.status === 301 || single.status === 302) && out.method !== "GET" && out.method !== "HEAD")) {
      out.method = out.method === "HEAD" ? "HEAD" : "GET";
      delete out.body;
    }
  }
}
