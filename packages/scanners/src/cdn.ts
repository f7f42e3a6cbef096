// Which CDN or edge network fronts a host: from the CNAME chain first, then
// telltale response headers, then a small table of published address ranges.
import ipaddr from "ipaddr.js";
import { parseIp } from "./safety.ts";

const CNAME_SUFFIXES: Array<[string, string]> = [
  [".cdn.cloudflare.net", "cloudflare"],
  [".cloudfront.net", "cloudfront"],
  [".fastly.net", "fastly"],
  [".fastlylb.net", "fastly"],
  [".akamaiedge.net", "akamai"],
  [".akamai.net", "akamai"],
  [".akamaized.net", "akamai"],
  [".akamaihd.net", "akamai"],
  [".edgekey.net", "akamai"],
  [".edgesuite.net", "akamai"],
  [".azurefd.net", "azure-front-door"],
  [".azureedge.net", "azure-cdn"],
  [".trafficmanager.net", "azure-traffic-manager"],
  [".incapdns.net", "incapsula"],
  [".sucuri.net", "sucuri"],
  [".netlify.app", "netlify"],
  [".netlify.com", "netlify"],
  [".netlifyglobalcdn.com", "netlify"],
  [".vercel-dns.com", "vercel"],
  [".vercel.app", "vercel"],
  [".b-cdn.net", "bunny"],
  [".kxcdn.com", "keycdn"],
  [".stackpathdns.com", "stackpath"],
  [".llnwd.net", "edgio"],
  [".edgecastcdn.net", "edgio"],
  [".cdn77.org", "cdn77"],
  [".gcdn.co", "gcore"],
];

type HeaderRule = (h: Record<string, string>) => boolean;
const has =
  (name: string): HeaderRule =>
  (h) =>
    name in h;
const headerMatches =
  (name: string, re: RegExp): HeaderRule =>
  (h) =>
    re.test(h[name] ?? "");

/** Most specific first; "via: 1.1 google" is also sent by Google's load balancers, so it comes last. */
const HEADER_RULES: Array<[HeaderRule, string]> = [
  [has("cf-ray"), "cloudflare"],
  [headerMatches("server", /^cloudflare/i), "cloudflare"],
  [has("x-amz-cf-id"), "cloudfront"],
  [has("x-amz-cf-pop"), "cloudfront"],
  [headerMatches("via", /cloudfront/i), "cloudfront"],
  [has("x-fastly-request-id"), "fastly"],
  [has("fastly-debug-digest"), "fastly"],
  [(h) => /^cache-[a-z0-9-]+/i.test(h["x-served-by"] ?? "") && "x-cache" in h, "fastly"],
  [(h) => Object.keys(h).some((k) => k.startsWith("x-akamai-")) || "akamai-grn" in h, "akamai"],
  [headerMatches("server", /^akamai/i), "akamai"],
  [has("x-azure-ref"), "azure-front-door"],
  [has("x-fd-healthprobe"), "azure-front-door"],
  [has("x-sucuri-id"), "sucuri"],
  [headerMatches("server", /sucuri/i), "sucuri"],
  [has("x-iinfo"), "incapsula"],
  [headerMatches("x-cdn", /incapsula|imperva/i), "incapsula"],
  [has("x-vercel-id"), "vercel"],
  [headerMatches("server", /^vercel/i), "vercel"],
  [has("x-nf-request-id"), "netlify"],
  [headerMatches("server", /^netlify/i), "netlify"],
  [headerMatches("server", /^bunnycdn/i), "bunny"],
  [headerMatches("server", /^keycdn/i), "keycdn"],
  [headerMatches("via", /\bgoogle\b/i), "google-cloud-cdn"],
];

/**
 * A deliberately small subset of the ranges the providers publish
 * (cloudflare.com/ips, ip-ranges.amazonaws.com service CLOUDFRONT,
 * api.fastly.com/public-ip-list, Sucuri and Imperva docs). CNAMEs and
 * headers catch the rest; refresh from those sources if extending.
 */
const RANGES: Array<[string, string]> = [
  ...[
    "173.245.48.0/20",
    "103.21.244.0/22",
    "103.22.200.0/22",
    "103.31.4.0/22",
    "141.101.64.0/18",
    "108.162.192.0/18",
    "190.93.240.0/20",
    "188.114.96.0/20",
    "197.234.240.0/22",
    "198.41.128.0/17",
    "162.158.0.0/15",
    "104.16.0.0/13",
    "104.24.0.0/14",
    "172.64.0.0/13",
    "131.0.72.0/22",
    "2400:cb00::/32",
    "2606:4700::/32",
    "2803:f800::/32",
    "2405:b500::/32",
    "2405:8100::/32",
    "2a06:98c0::/29",
    "2c0f:f248::/32",
  ].map((r): [string, string] => [r, "cloudflare"]),
  ...[
    "13.32.0.0/15",
    "13.224.0.0/14",
    "18.64.0.0/14",
    "52.84.0.0/15",
    "54.182.0.0/16",
    "54.192.0.0/16",
    "54.230.0.0/16",
    "54.239.128.0/18",
    "99.84.0.0/16",
    "143.204.0.0/16",
    "2600:9000::/28",
  ].map((r): [string, string] => [r, "cloudfront"]),
  ...[
    "23.235.32.0/20",
    "43.249.72.0/22",
    "103.244.50.0/24",
    "103.245.222.0/23",
    "104.156.80.0/20",
    "146.75.0.0/17",
    "151.101.0.0/16",
    "157.52.64.0/18",
    "185.31.16.0/22",
    "199.27.72.0/21",
    "199.232.0.0/16",
    "2a04:4e40::/32",
    "2a04:4e42::/32",
  ].map((r): [string, string] => [r, "fastly"]),
  ...["192.88.134.0/23", "185.93.228.0/22", "66.248.200.0/22"].map((r): [string, string] => [r, "sucuri"]),
  ...[
    "199.83.128.0/21",
    "198.143.32.0/19",
    "149.126.72.0/21",
    "103.28.248.0/22",
    "45.64.64.0/22",
    "185.11.124.0/22",
    "192.230.64.0/18",
    "107.154.0.0/16",
    "45.60.0.0/16",
    "45.223.0.0/16",
  ].map((r): [string, string] => [r, "incapsula"]),
  ["76.76.21.0/24", "vercel"],
];
const PARSED_RANGES = RANGES.map(([cidr, name]) => [ipaddr.parseCIDR(cidr), name] as const);

export function cdnFromCname(cnames: string[]): string | null {
  for (const c of cnames) {
    const name = `.${c.toLowerCase().replace(/\.$/, "")}`;
    for (const [suffix, cdn] of CNAME_SUFFIXES) if (name.endsWith(suffix)) return cdn;
  }
  return null;
}

export function cdnFromHeaders(headers: Record<string, string>): string | null {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [rule, cdn] of HEADER_RULES) if (rule(h)) return cdn;
  return null;
}

export function cdnFromAddress(ip: string): string | null {
  const a = parseIp(ip);
  if (!a) return null;
  for (const [range, cdn] of PARSED_RANGES) if (range[0].kind() === a.kind() && a.match(range)) return cdn;
  return null;
}

export function detectCdn(input: {
  cnames: string[];
  headers: Record<string, string>;
  addresses: string[];
}): string | null {
  return (
    cdnFromCname(input.cnames) ??
    cdnFromHeaders(input.headers) ??
    input.addresses.map(cdnFromAddress).find((c) => c !== null) ??
    null
  );
}
