// The only way the engine fetches anything. Every host is resolved through
// our resolvers and every address vetted before we connect to that very
// address (no second lookup, so no DNS rebinding between check and connect).
// Redirects are followed by hand and each hop is vetted again. Bad
// certificates are recorded, not rejected: we observe, we send no secrets.
import type { NetConfig } from "./config.ts";
import { DnsError, resolveAddresses } from "./dns.ts";
import { fetchHop, type Outgoing, type Single } from "./http/request.ts";
import { FetchRefused, type HttpHop, type HttpResult, type SafeFetchOptions, urlHost } from "./http/types.ts";
import { isAllowedAddress, parseIp } from "./safety.ts";
import { abortReason } from "./settle.ts";

export * from "./http/types.ts";
export { tlsInfoOf } from "./http/tls-info.ts";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether a response is a redirect we may follow. */
export const isRedirect = (status: number, location: string | undefined): location is string =>
  REDIRECTS.has(status) && location !== undefined;

/** As browsers do: 303 always, and 301/302 after anything but GET/HEAD, continue with a GET without body. */
export const redirectTurnsIntoGet = (status: number, method: string) =>
  status === 303 || ((status === 301 || status === 302) && method !== "GET" && method !== "HEAD");

/**
 * Resolves and vets a host (or takes the addresses the caller already resolved for it); IPv4 first. Exported for
 * connections by other protocols (core's SMTP), which connect to an address it returned, as safeFetch does.
 */
export async function vetHost(host: string, cfg: NetConfig, known?: Record<string, string[]>): Promise<string[]> {
  let addresses: string[];
  if (parseIp(host)) {
    addresses = [host];
  } else if (known?.[host]?.length) {
    addresses = known[host];
  } else {
    // A record type the resolvers do not answer is left out when the other one gave addresses (every address
    // connected to is vetted all the same).
    try {
      const r = await resolveAddresses(host, cfg);
      addresses = [...r.a, ...r.aaaa];
      if (!addresses.length && r.failures?.length)
        throw new FetchRefused("dns-failed", `no address of ${host} answered: ${r.failures[0]!.message}`, { host });
    } catch (err) {
      if (err instanceof DnsError) throw new FetchRefused("dns-failed", err.message, { host });
      throw err;
    }
    if (!addresses.length) throw new FetchRefused("dns", `${host} has no A/AAAA record`, { host });
  }
  for (const ip of addresses) {
    const verdict = isAllowedAddress(ip, cfg);
    if (!verdict.allowed) {
      const message =
        ip === host ? `refused to connect: ${verdict.reason}` : `refused to connect to ${host}: ${verdict.reason}`;
      throw new FetchRefused("private-address", message, { host });
    }
  }
  return addresses;
}

function parseHttpUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new FetchRefused("invalid-url", `"${raw}" is not a URL`, { url: raw });
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new FetchRefused("invalid-url", `${u.protocol} URLs are not fetched, only http and https`, { url: raw });
  if (u.username || u.password)
    throw new FetchRefused("invalid-url", "URLs with credentials are not fetched", { url: raw });
  return u;
}

/** The guard safeFetch applies before connecting: an http(s) URL whose host resolves only to allowed addresses. */
export async function vetUrl(url: string, cfg: NetConfig): Promise<void> {
  await vetHost(urlHost(parseHttpUrl(url)), cfg);
}

/**
 * GET (or HEAD) a URL safely. URLs without a port use cfg.httpPort /
 * cfg.httpsPort. Throws FetchRefused for anything that is not an answer.
 */
export async function safeFetch(url: string, cfg: NetConfig, opts: SafeFetchOptions = {}): Promise<HttpResult> {
  const deadline = Date.now() + cfg.httpTimeoutMs;
  const method = (opts.method ?? "GET").toUpperCase();
  if (!/^[A-Z][A-Z-]{0,30}$/.test(method))
    throw new FetchRefused("invalid-url", `"${opts.method}" is not an HTTP method`, { url });
  const out: Outgoing = {
    method,
    keepBytes: opts.keepBytes === true,
    verifyTls: opts.verifyTls === true,
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const hops: HttpHop[] = [];
  let current = parseHttpUrl(url);
  let previous: HttpResult | undefined;
  for (;;) {
    if (opts.signal?.aborted) throw abortReason(opts.signal);
    let single: Single;
    try {
      const addresses = await vetHost(urlHost(current), cfg, opts.resolved);
      if (opts.signal?.aborted) throw abortReason(opts.signal);
      single = await fetchHop(current, addresses, out, cfg, deadline);
    } catch (err) {
      if (err instanceof FetchRefused && previous) err.partial = previous;
      throw err;
    }
    const location = single.headers.location;
    const redirect = isRedirect(single.status, location);
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
      throw new FetchRefused("too-many-redirects", `${url}: more than ${cfg.maxRedirects} redirects`, {
        host: nextHost,
        url: next.href,
        partial: result,
      });
    }
    if (opts.allowHost && !opts.allowHost(nextHost)) {
      throw new FetchRefused(
        "redirect-not-covered",
        `${single.url} redirects to ${nextHost}, which the ownership proof does not cover`,
        {
          host: nextHost,
          url: next.href,
          partial: result,
        },
      );
    }
    previous = result;
    current = next;
    if (redirectTurnsIntoGet(single.status, out.method)) {
      out.method = out.method === "HEAD" ? "HEAD" : "GET";
      delete out.body;
    }
  }
}
