// Asset values: parsed, validated and normalised without touching the network.
// Bad input never throws; the message reads well after "value: ".
import ipaddr from "ipaddr.js";
import { domainToASCII, domainToUnicode } from "node:url";
import { parse as parseDomain } from "tldts";
import { looksLikeBucketHost, parseBucket, type ParsedBucket } from "./buckets.ts";
import { classifyAddress, describeRange, embeddedIpv4, isAllowedAddress, parseIp } from "./safety.ts";
import type { NetConfig } from "./config.ts";

export type AssetType = "domain" | "subdomain" | "ipv4" | "ipv6" | "bucket";

export type ParsedTarget =
  | { type: "domain" | "subdomain"; value: string; registrableDomain: string; unicode: string }
  | { type: "ipv4" | "ipv6"; value: string }
  | ParsedBucket;

export type ParseResult = { ok: true; target: ParsedTarget } | { ok: false; message: string };
type Opts = Pick<NetConfig, "allowPrivate" | "allowedRanges"> & Partial<Pick<NetConfig, "extraSuffixes">>;

const fail = (message: string): ParseResult => ({ ok: false, message });
const EXAMPLE = { domain: "example.com", subdomain: "www.example.com" } as const;

/** The longest operator suffix (EMS_EXTRA_SUFFIXES) the name ends with, and the domain registered under it. */
function extraSuffixOf(ascii: string, suffixes: string[]): { publicSuffix: string; domain: string | null } | null {
  const match = suffixes.filter((s) => ascii === s || ascii.endsWith(`.${s}`)).sort((a, b) => b.length - a.length)[0];
  if (!match) return null;
  const labels = ascii.split(".");
  const depth = match.split(".").length + 1;
  return { publicSuffix: match, domain: labels.length >= depth ? labels.slice(-depth).join(".") : null };
}

function parseHostName(type: "domain" | "subdomain", raw: string, opts: Opts): ParseResult {
  const shape = `must be a ${type === "domain" ? "domain" : "subdomain"} name like ${EXAMPLE[type]}`;
  const input = raw.trim();
  if (!input) return fail("must not be empty");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input))
    return fail(`${shape}, without scheme or path (remove "${input.split("//")[0]}//")`);
  if (/[/?#\\]/.test(input)) return fail(`${shape}, without scheme or path`);
  if (input.includes("@")) return fail(`${shape}, without a user name`);
  if (input.includes("*")) return fail(`wildcards are not allowed; add the ${type} itself, e.g. ${EXAMPLE[type]}`);
  if (parseIp(input)) return fail(`is an IP address; add it with type ${input.includes(":") ? "ipv6" : "ipv4"}`);
  if (input.includes(":")) return fail(`${shape}, without a port`);
  if (/\s/.test(input)) return fail(`${shape}, without spaces`);
  if (input.includes("_")) return fail("must not contain underscores (not valid in host names)");

  const withoutDot = input.replace(/\.$/, "");
  const ascii = domainToASCII(withoutDot);
  if (!ascii) return fail(`${shape}; "${input}" contains characters that are not valid in a domain name`);
  if (ascii.length > 253) return fail(`is ${ascii.length} characters long; a domain name has at most 253`);
  const labels = ascii.split(".");
  if (labels.length < 2) return fail(`${shape}, with a dot and a top-level domain`);
  for (const label of labels) {
    if (!label) return fail(`${shape}; it has an empty label (two dots in a row)`);
    if (label.length > 63)
      return fail(`has a label of ${label.length} characters ("${label.slice(0, 20)}…"); each label has at most 63`);
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label))
      return fail(`has an invalid label "${label}": letters, digits and inner hyphens only`);
  }
  if (/^\d+$/.test(labels[labels.length - 1]!)) return fail(`${shape}; the top-level domain cannot be numeric`);

  const extra = extraSuffixOf(ascii, opts.extraSuffixes ?? []);
  const psl = extra ?? parseDomain(ascii, { allowPrivateDomains: true, extractHostname: false });
  if (!extra && !("isIcann" in psl && (psl.isIcann || psl.isPrivate)))
    return fail(
      `"${psl.publicSuffix}" is not a known public top-level domain (the operator can add internal suffixes ` +
        `with EMS_EXTRA_SUFFIXES)`,
    );
  if (!psl.domain)
    return fail(`"${ascii}" is a public suffix; add a domain registered under it, like example.${ascii}`);
  if (looksLikeBucketHost(ascii)) return fail("is a cloud storage endpoint; add it with type bucket");
  if (type === "domain" && psl.domain !== ascii) {
    return fail(`is a subdomain of ${psl.domain}; add it with type subdomain, or add ${psl.domain} as the domain`);
  }
  if (type === "subdomain" && psl.domain === ascii)
    return fail(
      `is a registrable domain, not a subdomain; add it with type domain, or a name under it like www.${ascii}`,
    );
  return {
    ok: true,
    target: { type, value: ascii, registrableDomain: psl.domain, unicode: domainToUnicode(ascii) || ascii },
  };
}

function parseAddress(type: "ipv4" | "ipv6", raw: string, opts: Opts): ParseResult {
  const input = raw.trim();
  if (!input) return fail("must not be empty");
  if (input.includes("/")) return fail("must be a single address, not a range or URL");
  const example = type === "ipv4" ? "8.8.8.8" : "2001:4860:4860::8888";
  const a = parseIp(input);
  if (!a) {
    if (type === "ipv6" && input.includes("%")) return fail("must be an IPv6 address without a zone id (%…)");
    return fail(`must be an ${type === "ipv4" ? "IPv4" : "IPv6"} address like ${example}`);
  }
  if (a.kind() !== type)
    return fail(`is an ${a.kind() === "ipv4" ? "IPv4" : "IPv6"} address; add it with type ${a.kind()}`);
  if (a.kind() === "ipv6") {
    const v4 = embeddedIpv4(a as ipaddr.IPv6);
    if (v4 && (a as ipaddr.IPv6).isIPv4MappedAddress())
      return fail(`is an IPv4-mapped address; add ${v4.toString()} with type ipv4`);
  }
  const value = a.kind() === "ipv6" ? (a as ipaddr.IPv6).toRFC5952String() : a.toString();
  const allowed = isAllowedAddress(value, opts);
  if (!allowed.allowed) {
    const range = classifyAddress(value).range;
    const why = range === "metadata" ? "is a cloud metadata address" : `is a ${describeRange(range)} address`;
    return fail(`${value} ${why}; only public addresses can be monitored unless the operator allows this range`);
  }
  return { ok: true, target: { type, value } };
}

export function parseTarget(type: AssetType, raw: string, opts: Opts): ParseResult {
  if (typeof raw !== "string") return fail("must be a string");
  switch (type) {
    case "domain":
    case "subdomain":
      return parseHostName(type, raw, opts);
    case "ipv4":
    case "ipv6":
      return parseAddress(type, raw, opts);
    case "bucket":
      return parseBucket(raw);
    default:
      return fail(`unknown asset type "${String(type)}"; use domain, subdomain, ipv4, ipv6 or bucket`);
  }
}

/** The host name or address a target is reached at (buckets have none of their own). */
export function targetHost(t: ParsedTarget): string | null {
  return t.type === "bucket" ? null : t.value;
}
