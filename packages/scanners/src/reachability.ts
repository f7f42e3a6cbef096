// Does the asset answer? DNS, then HTTP and HTTPS with redirects kept to the
// hosts the ownership proof covers; buckets through their provider endpoint.
// The result is what anyone on the internet could see ("outside").
import { detectCdn } from "./cdn.ts";
import type { NetConfig } from "./config.ts";
import { DnsError, resolveHost, type DnsFailure, type DnsRecords } from "./dns.ts";
import { scanHtml } from "./html.ts";
import { FetchRefused, hostForUrl, safeFetch, type HttpHop, type HttpResult, type TlsInfo } from "./http.ts";
import { isAllowedAddress } from "./safety.ts";
import type { ParsedTarget } from "./targets.ts";
import { detectTechnologies, mergeTechnologies, type Technology } from "./technologies.ts";

export type { Technology } from "./technologies.ts";

export interface ReachabilityInput {
  target: ParsedTarget;
  /** Hosts the ownership proof covers; redirects elsewhere are not followed. */
  covers: (host: string) => boolean;
}

export interface HttpSummary {
  url: string;
  status: number;
  headers: Record<string, string>;
  title: string | null;
  hops: HttpHop[];
  /** Buckets only: the endpoint answered 200 with an object listing (anyone can list the bucket). */
  publicListing?: boolean;
}

export interface ReachabilityResult {
  status: "reachable" | "unreachable" | "error";
  resolvedIp: string | null;
  canonicalUrl: string | null;
  cdnProvider: string | null;
  bucketProvider: string | null;
  failReason: string | null;
  skippedRedirectHost: string | null;
  /**
   * What the check could not look at, though it went on without it: record types the resolvers refused or did not
   * answer (the check used the others). Empty when nothing was missing.
   */
  warnings: string[];
  outside: {
    dns: DnsRecords | null;
    http: HttpSummary | null;
    https: HttpSummary | null;
    tls: TlsInfo | null;
    technologies: Technology[];
    /** Why each attempt stopped or failed (null when it ended in an answer we followed to the end). */
    errors: { http: string | null; https: string | null };
    checkedAt: string;
  };
}

type Attempt = { result: HttpResult | null; error: FetchRefused | null };

/** A record type that did not answer, and what the check did without it. */
function warning(f: DnsFailure): string {
  const without = {
    A: "checked over IPv6 only",
    AAAA: "checked over IPv4 only",
    CNAME: "its CNAME chain is unknown (no CDN told from it)",
    TXT: "its TXT records are unknown",
  }[f.type];
  return `${f.message.charAt(0).toUpperCase()}${f.message.slice(1)}; ${without}`;
}

const isHtml = (r: HttpResult) => /html|xml/i.test(r.headers["content-type"] ?? "") || /^\s*</.test(r.body);

function summary(r: HttpResult): HttpSummary {
  return {
    url: r.url,
    status: r.status,
    headers: r.headers,
    title: isHtml(r) ? scanHtml(r.body).title : null,
    hops: r.hops,
  };
}

function technologiesOf(r: HttpResult | null): Technology[] {
  return r ? detectTechnologies({ headers: r.headers, html: isHtml(r) ? r.body : null }) : [];
}

async function attempt(url: string, cfg: NetConfig, opts: Parameters<typeof safeFetch>[2]): Promise<Attempt> {
  try {
    return { result: await safeFetch(url, cfg, opts), error: null };
  } catch (err) {
    if (err instanceof FetchRefused) return { result: err.partial ?? null, error: err };
    throw err;
  }
}

function empty(checkedAt: string, dns: DnsRecords | null = null): ReachabilityResult {
  return {
    status: "error",
    resolvedIp: null,
    canonicalUrl: null,
    cdnProvider: null,
    bucketProvider: null,
    failReason: null,
    skippedRedirectHost: null,
    warnings: [],
    outside: {
      dns,
      http: null,
      https: null,
      tls: null,
      technologies: [],
      errors: { http: null, https: null },
      checkedAt,
    },
  };
}

async function checkHost(
  host: string,
  isIp: boolean,
  covers: (h: string) => boolean,
  cfg: NetConfig,
): Promise<ReachabilityResult> {
  const checkedAt = new Date().toISOString();
  let dns: DnsRecords | null = null;
  if (!isIp) {
    try {
      dns = await resolveHost(host, cfg);
    } catch (err) {
      if (!(err instanceof DnsError)) throw err;
      return { ...empty(checkedAt), failReason: err.message };
    }
  }
  const addresses = dns ? [...dns.a, ...dns.aaaa] : [host];
  const base = { ...empty(checkedAt, dns), warnings: (dns?.failures ?? []).map(warning) };
  if (!addresses.length) {
    // An address type that did not answer might have had the addresses: that is no verdict, but a check to retry.
    if (dns?.failures?.some((f) => f.type === "A" || f.type === "AAAA"))
      return { ...base, status: "error", failReason: `could not check, try again: ${base.warnings.join("; ")}` };
    return { ...base, status: "unreachable", failReason: "no A/AAAA record" };
  }
  base.resolvedIp = addresses[0]!;
  for (const ip of addresses) {
    const verdict = isAllowedAddress(ip, cfg);
    if (!verdict.allowed)
      return {
        ...base,
        status: "error",
        failReason: isIp ? `refused to connect: ${verdict.reason}` : `refused to connect to ${host}: ${verdict.reason}`,
      };
  }

  const opts = { allowHost: covers };
  const [http, https] = await Promise.all([
    attempt(`http://${hostForUrl(host)}/`, cfg, opts),
    attempt(`https://${hostForUrl(host)}/`, cfg, opts),
  ]);
  const answered = https.result ?? http.result;
  const skipped = [https, http].find((a) => a.error?.reason === "redirect-not-covered")?.error?.host ?? null;
  const headers = { ...(http.result?.headers ?? {}), ...(https.result?.headers ?? {}) };
  return {
    ...base,
    status: answered ? "reachable" : "unreachable",
    canonicalUrl: answered?.url ?? null,
    cdnProvider: detectCdn({ cnames: dns?.cname ?? [], headers, addresses }),
    failReason: answered
      ? null
      : `HTTP: ${http.error?.message ?? "no answer"}; HTTPS: ${https.error?.message ?? "no answer"}`,
    skippedRedirectHost: skipped,
    outside: {
      ...base.outside,
      http: http.result ? summary(http.result) : null,
      https: https.result ? summary(https.result) : null,
      tls: https.result?.tls ?? null,
      technologies: mergeTechnologies(technologiesOf(https.result), technologiesOf(http.result)),
      errors: { http: http.error?.message ?? null, https: https.error?.message ?? null },
    },
  };
}

/** The URL a bucket is checked at, from cfg.bucketEndpoints (path style). */
export function bucketUrl(
  target: Extract<ParsedTarget, { type: "bucket" }>,
  cfg: Pick<NetConfig, "bucketEndpoints">,
): string {
  const e = cfg.bucketEndpoints;
  const trim = (s: string) => s.replace(/\/+$/, "");
  if (target.provider === "s3") return `${trim(e.s3)}/${encodeURIComponent(target.name)}`;
  if (target.provider === "gcs") return `${trim(e.gcs)}/${encodeURIComponent(target.name)}`;
  const account = trim(e.azure.replace("{account}", target.account ?? ""));
  return `${account}/${encodeURIComponent(target.container ?? "")}?restype=container&comp=list`;
}

const LISTING = /<ListBucketResult[\s>]|<EnumerationResults[\s>]/;

async function checkBucket(
  target: Extract<ParsedTarget, { type: "bucket" }>,
  cfg: NetConfig,
): Promise<ReachabilityResult> {
  const base = { ...empty(new Date().toISOString()), bucketProvider: target.provider };
  const url = bucketUrl(target, cfg);
  const slot = url.startsWith("https:") ? "https" : "http";
  // Providers answer "wrong region" with a redirect; that already proves the bucket exists.
  const { result, error } = await attempt(url, cfg, { followRedirects: false });
  if (!result) {
    return {
      ...base,
      status: error?.reason === "private-address" || error?.reason === "dns-failed" ? "error" : "unreachable",
      failReason: error?.message ?? "no answer",
      outside: { ...base.outside, errors: { http: null, https: null, [slot]: error?.message ?? null } },
    };
  }
  const http: HttpSummary = { ...summary(result), publicListing: result.status === 200 && LISTING.test(result.body) };
  const code = /<Code>([^<]+)<\/Code>/.exec(result.body)?.[1];
  const missing = result.status === 404;
  return {
    ...base,
    status: missing ? "unreachable" : "reachable",
    resolvedIp: result.address,
    canonicalUrl: url.split("?")[0]!,
    failReason: missing ? `bucket not found (HTTP 404${code ? ` ${code}` : ""})` : null,
    outside: { ...base.outside, [slot]: http, technologies: technologiesOf(result) },
  };
}

export async function checkReachability(input: ReachabilityInput, cfg: NetConfig): Promise<ReachabilityResult> {
  const t = input.target;
  if (t.type === "bucket") return checkBucket(t, cfg);
  return checkHost(t.value, t.type === "ipv4" || t.type === "ipv6", input.covers, cfg);
}
