// Evidence as people read it in an issue: the request as sent and the
// response as received (status line, headers, a body excerpt), capped.
import { FetchRefused, safeFetch, type HttpResult, type SafeFetchOptions, type SentRequest } from "../http.ts";
import type { NetConfig } from "../config.ts";

export const MAX_EXCERPT_BYTES = 2048;

/** Cuts a string to at most `max` UTF-8 bytes, marking the cut. */
export function capBytes(s: string, max = MAX_EXCERPT_BYTES): string {
  if (Buffer.byteLength(s) <= max) return s;
  const marker = "\n…[truncated]";
  let cut = Buffer.from(s)
    .subarray(0, max - Buffer.byteLength(marker))
    .toString("utf8");
  cut = cut.replace(/\uFFFD$/, "");
  return cut + marker;
}

function isBinary(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 512);
  let odd = 0;
  for (const b of sample) if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) odd++;
  return odd > 0 && odd / Math.max(1, sample.length) > 0.02;
}

function bodyExcerpt(r: HttpResult): string {
  const bytes = r.bytes ?? Buffer.from(r.body);
  if (isBinary(bytes)) {
    const hex = [...bytes.subarray(0, 64)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
    return `[binary, ${bytes.length}${r.truncated ? "+" : ""} bytes; first bytes: ${hex}]`;
  }
  return r.body;
}

export function requestText(req: SentRequest | undefined): string | undefined {
  if (!req) return undefined;
  const head = [
    `${req.method} ${req.target} HTTP/1.1`,
    ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
  ].join("\r\n");
  return capBytes(`${head}\r\n\r\n${req.body ?? ""}`);
}

export function responseText(r: HttpResult): string {
  const status = `${r.httpVersion ?? "HTTP/1.1"} ${r.status}${r.statusMessage ? ` ${r.statusMessage}` : ""}`;
  const headers = Object.entries(r.headers).flatMap(([k, v]) =>
    k === "set-cookie" ? v.split("\n").map((c) => `${k}: ${c}`) : [`${k}: ${v}`],
  );
  return capBytes(`${[status, ...headers].join("\r\n")}\r\n\r\n${bodyExcerpt(r)}`);
}

/** url, request and response of one exchange, plus what matched. */
export function httpEvidence(r: HttpResult, matched?: string, extra: Record<string, unknown> = {}) {
  return {
    url: r.url,
    ...(r.request ? { request: requestText(r.request) } : {}),
    response: responseText(r),
    ...(matched !== undefined ? { matched: capBytes(matched, 512) } : {}),
    ...extra,
  };
}

export type Fetched = { result: HttpResult; error: null } | { result: HttpResult | null; error: FetchRefused };

/**
 * safeFetch that reports refusals instead of throwing them (the partial answer before a refused redirect is kept);
 * aborts still throw.
 */
export async function tryFetch(url: string, net: NetConfig, opts: SafeFetchOptions): Promise<Fetched> {
  try {
    return { result: await safeFetch(url, net, opts), error: null };
  } catch (err) {
    if (err instanceof FetchRefused) return { result: err.partial ?? null, error: err };
    throw err;
  }
}

/** Runs fn over items with at most n at a time, in order of start. */
export async function mapLimit<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
