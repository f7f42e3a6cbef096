// Everything the engine needs to reach the network comes from one object, so
// that an operator can point it at internal resolvers and tests at loopback.
import ipaddr from "ipaddr.js";
import { domainToASCII } from "node:url";
import type { ScreenshotIsolation } from "./screenshot/isolation.ts";

export interface NetConfig {
  /** "ip" or "ip:port" ("[v6]:port"); [] = the system's resolvers (resolv.conf, not /etc/hosts). */
  dnsServers: string[];
  dnsTimeoutMs: number;
  /** Whole request, redirects and body included. */
  httpTimeoutMs: number;
  /** Bodies are truncated here, never buffered beyond. */
  maxResponseBytes: number;
  maxRedirects: number;
  /** Private, loopback, link-local, CGNAT… targets allowed (cloud metadata addresses still need allowedRanges). */
  allowPrivate: boolean;
  /** CIDRs (or single addresses) allowed even when not public. */
  allowedRanges: string[];
  /**
   * Name suffixes accepted besides the public suffix list (".internal", "corp"…), normalised without dots at
   * the ends.
   */
  extraSuffixes: string[];
  /** Port used for http:// URLs without an explicit port. */
  httpPort: number;
  /** Port used for https:// URLs without an explicit port. */
  httpsPort: number;
  /** Base URLs for buckets; "{account}" in azure is replaced by the storage account. */
  bucketEndpoints: { s3: string; gcs: string; azure: string };
  chromiumPath: string;
  screenshotTimeoutMs: number;
  /** "namespace": the screenshot browser runs with no network of its own (required unless the operator says "none"). */
  screenshotIsolation: ScreenshotIsolation;
  userAgent: string;
}

export const defaultNetConfig: NetConfig = Object.freeze({
  dnsServers: Object.freeze([]) as unknown as string[],
  dnsTimeoutMs: 3000,
  httpTimeoutMs: 8000,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 5,
  allowPrivate: false,
  allowedRanges: Object.freeze([]) as unknown as string[],
  extraSuffixes: Object.freeze([]) as unknown as string[],
  httpPort: 80,
  httpsPort: 443,
  bucketEndpoints: Object.freeze({
    s3: "https://s3.amazonaws.com",
    gcs: "https://storage.googleapis.com",
    azure: "https://{account}.blob.core.windows.net",
  }),
  chromiumPath: "/usr/bin/chromium",
  screenshotTimeoutMs: 15000,
  screenshotIsolation: "namespace",
  userAgent: "ExposureMonitor/1.0 (+ownership-verified scan)",
}) as NetConfig;

export type Env = Record<string, string | undefined>;

const list = (v: string | undefined) =>
  v === undefined
    ? undefined
    : v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);

/** An integer setting from the environment, in [min, max]; a bad value stops the start with its name. */
export function envInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function endpoint(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  // "{account}" is not valid in a hostname, so check a stand-in.
  const probe = raw.replace("{account}", "account");
  let url: URL | undefined;
  try {
    url = new URL(probe);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new Error(`${name} must be an http(s) base URL, got "${raw}"`);
  return raw.replace(/\/+$/, "");
}

/** Throws on a malformed CIDR so that a typo never silently widens or narrows what is allowed. */
/** ".Corp." → "corp"; throws on anything that is not a host-name suffix. */
export function checkSuffixes(suffixes: string[], name = "extraSuffixes"): string[] {
  return suffixes.map((raw) => {
    const s = domainToASCII(
      raw
        .trim()
        .replace(/^\.+|\.+$/g, "")
        .toLowerCase(),
    );
    const ok = s && s.split(".").every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) && !/^\d+$/.test(s);
    if (!ok) throw new Error(`${name}: "${raw}" is not a name suffix like internal or corp.example`);
    return s;
  });
}

export function checkRanges(ranges: string[], name = "allowedRanges"): string[] {
  for (const r of ranges) {
    if (!ipaddr.isValidCIDR(r) && !ipaddr.isValid(r))
      throw new Error(`${name}: "${r}" is not a CIDR like 10.0.0.0/8 or an IP address`);
  }
  return ranges;
}

function screenshotIsolation(raw: string | undefined): ScreenshotIsolation {
  const v = raw?.trim().toLowerCase() || "namespace";
  if (v !== "namespace" && v !== "none")
    throw new Error(`EMS_SCREENSHOT_ISOLATION must be namespace or none, got "${raw}"`);
  return v;
}

/** Reads EMS_* variables (see README of the package); unset ones keep the defaults, bad ones throw. */
export function netConfigFromEnv(env: Env = process.env): NetConfig {
  const d = defaultNetConfig;
  const allow = env.EMS_ALLOW_PRIVATE_TARGETS?.trim().toLowerCase();
  return {
    dnsServers: list(env.EMS_DNS_SERVERS) ?? [...d.dnsServers],
    dnsTimeoutMs: envInt(env, "EMS_DNS_TIMEOUT_MS", d.dnsTimeoutMs, 50, 60_000),
    httpTimeoutMs: envInt(env, "EMS_HTTP_TIMEOUT_MS", d.httpTimeoutMs, 100, 300_000),
    maxResponseBytes: envInt(env, "EMS_MAX_RESPONSE_BYTES", d.maxResponseBytes, 1024, 100 * 1024 * 1024),
    maxRedirects: envInt(env, "EMS_MAX_REDIRECTS", d.maxRedirects, 0, 20),
    allowPrivate: allow === "1" || allow === "true" || allow === "yes",
    allowedRanges: checkRanges(list(env.EMS_ALLOWED_RANGES) ?? [...d.allowedRanges], "EMS_ALLOWED_RANGES"),
    extraSuffixes: checkSuffixes(list(env.EMS_EXTRA_SUFFIXES) ?? [...d.extraSuffixes], "EMS_EXTRA_SUFFIXES"),
    httpPort: envInt(env, "EMS_HTTP_PORT", d.httpPort, 1, 65535),
    httpsPort: envInt(env, "EMS_HTTPS_PORT", d.httpsPort, 1, 65535),
    bucketEndpoints: {
      s3: endpoint(env, "EMS_S3_ENDPOINT", d.bucketEndpoints.s3),
      gcs: endpoint(env, "EMS_GCS_ENDPOINT", d.bucketEndpoints.gcs),
      azure: endpoint(env, "EMS_AZURE_ENDPOINT", d.bucketEndpoints.azure),
    },
    chromiumPath: env.CHROMIUM_PATH?.trim() || d.chromiumPath,
    screenshotTimeoutMs: envInt(env, "EMS_SCREENSHOT_TIMEOUT_MS", d.screenshotTimeoutMs, 1000, 300_000),
    screenshotIsolation: screenshotIsolation(env.EMS_SCREENSHOT_ISOLATION),
    userAgent: env.EMS_USER_AGENT?.trim() || d.userAgent,
  };
}
