// The shapes safeFetch answers with, and its refusal. Re-exported by ../http.ts.
import { normaliseHost } from "../dns.ts";

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
  | "dns" // the name does not exist or has no A/AAAA record
  | "dns-failed" // the resolvers did not answer for A or AAAA (refused, SERVFAIL, timed out): try again
  | "timeout" // cfg.httpTimeoutMs elapsed (connect, headers or body)
  | "connection" // refused, reset, TLS handshake failure, malformed HTTP
  | "invalid-url"; // not an http(s) URL

/**
 * Why a fetch did not produce a result. `partial` is the last response received before it stopped (after a redirect).
 */
export class FetchRefused extends Error {
  override name = "FetchRefused";
  readonly reason: FetchRefusedReason;
  readonly host?: string;
  readonly url?: string;
  /** A "connection" refusal's error code (ECONNREFUSED, a TLS code, HPE_…): says what failed without the address. */
  readonly code?: string;
  partial?: HttpResult;
  constructor(
    reason: FetchRefusedReason,
    message: string,
    extra: { host?: string; url?: string; code?: string; partial?: HttpResult } = {},
  ) {
    super(message);
    this.reason = reason;
    this.host = extra.host;
    this.url = extra.url;
    this.code = extra.code;
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
  /** Reject a certificate that does not verify (for what we send, e.g. webhooks); checks only observe by default. */
  verifyTls?: boolean;
  /**
   * Addresses already resolved per host name (a scan's target, asked hundreds of times): no lookup for those hosts,
   * the addresses are vetted all the same; redirects to other hosts are resolved as usual.
   */
  resolved?: Record<string, string[]>;
}

/** "example.com" or "[2001:db8::1]", for building URLs. */
export const hostForUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** The URL's host without brackets, lower-case. */
export const urlHost = (u: URL) => normaliseHost(u.hostname);
