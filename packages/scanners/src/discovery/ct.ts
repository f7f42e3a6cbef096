// Certificate transparency sources: crt.sh's JSON interface and the
// CertSpotter issuances API. Every request goes through safeFetch (our
// resolvers, the address guard, size cap); one time limit covers a whole
// source, all its pages. Names come back raw: the caller normalises them.
import type { NetConfig } from "../config.ts";
import { safeFetch } from "../http.ts";
import type { DiscoveryConfig } from "./types.ts";

/** A CT answer can be large (crt.sh lists every certificate ever logged); beyond this it is refused. */
export const CT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** CertSpotter pages hold about 100 issuances; a domain with more than this many pages is cut. */
export const CERTSPOTTER_MAX_PAGES = 200;

export class SourceError extends Error {
  override name = "SourceError";
}

async function getJson(url: string, net: NetConfig, deadline: number, signal: AbortSignal, auth?: string) {
  const left = deadline - Date.now();
  // Named like AbortSignal.timeout's reason: reported as "no answer within <limit> ms".
  if (left <= 0) throw Object.assign(new SourceError("out of time"), { name: "TimeoutError" });
  const cfg: NetConfig = { ...net, httpTimeoutMs: left, maxResponseBytes: CT_MAX_RESPONSE_BYTES };
  const res = await safeFetch(url, cfg, {
    signal,
    headers: { accept: "application/json", ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  if (res.status < 200 || res.status > 299) throw new SourceError(`answered HTTP ${res.status}`);
  if (res.truncated) throw new SourceError(`answer larger than ${CT_MAX_RESPONSE_BYTES} bytes`);
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    throw new SourceError("answered something that is not JSON");
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** crt.sh: `name_value` holds newline-separated names (and `common_name` one more). */
export async function crtShNames(
  domain: string,
  base: string,
  net: NetConfig,
  deadline: number,
  signal: AbortSignal,
): Promise<string[]> {
  const url = `${base}/?q=${encodeURIComponent(`%.${domain}`)}&output=json`;
  const body = await getJson(url, net, deadline, signal);
  if (!Array.isArray(body)) throw new SourceError("answered JSON that is not a list of certificates");
  const names: string[] = [];
  for (const entry of body) {
    if (!isRecord(entry)) continue;
    if (typeof entry.name_value === "string") names.push(...entry.name_value.split("\n"));
    if (typeof entry.common_name === "string") names.push(entry.common_name);
  }
  return names;
}

/**
 * CertSpotter: pages of issuances with `dns_names`, the next page asked with `after=<last id>` until an
 * empty page. Names from pages read before a failure are kept and handed to `onNames`.
 */
export async function certSpotterNames(
  domain: string,
  base: string,
  token: string | null,
  net: NetConfig,
  deadline: number,
  signal: AbortSignal,
  onNames: (names: string[]) => void,
): Promise<void> {
  let after: string | null = null;
  for (let page = 0; page < CERTSPOTTER_MAX_PAGES; page++) {
    const query = new URLSearchParams({ domain, include_subdomains: "true", expand: "dns_names" });
    if (after !== null) query.set("after", after);
    const body = await getJson(`${base}/v1/issuances?${query}`, net, deadline, signal, token ?? undefined);
    if (!Array.isArray(body)) throw new SourceError("answered JSON that is not a list of issuances");
    if (!body.length) return;
    const names: string[] = [];
    for (const issuance of body) {
      if (!isRecord(issuance)) continue;
      if (Array.isArray(issuance.dns_names))
        for (const n of issuance.dns_names) if (typeof n === "string") names.push(n);
    }
    onNames(names);
    const last: unknown = body[body.length - 1];
    const id = isRecord(last) ? last.id : undefined;
    if ((typeof id !== "string" && typeof id !== "number") || String(id) === after) return;
    after = String(id);
  }
}

/** The sources the config turns on. */
export function ctSources(config: DiscoveryConfig) {
  return [
    ...(config.crtShUrl ? [{ source: "crtsh" as const, base: config.crtShUrl }] : []),
    ...(config.certSpotterUrl ? [{ source: "certspotter" as const, base: config.certSpotterUrl }] : []),
  ];
}
