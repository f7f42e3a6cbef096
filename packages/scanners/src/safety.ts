// Which addresses the engine may talk to. Only ordinary public unicast is
// allowed by default; cloud metadata endpoints stay refused even with
// allowPrivate, unless an operator lists them in allowedRanges on purpose.
import ipaddr from "ipaddr.js";
import type { NetConfig } from "./config.ts";

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/** Instance metadata services (AWS/GCP/Azure/OpenStack, AWS ECS, AWS v6, Alibaba, Oracle). */
const METADATA = new Set(
  ["169.254.169.254", "169.254.170.2", "fd00:ec2::254", "100.100.100.200", "192.0.0.192"].map((m) =>
    ipaddr.parse(m).toNormalizedString(),
  ),
);

/** Ranges ipaddr.js calls "unicast" but which are not globally reachable. */
const EXTRA: Array<[Addr, number, string]> = [
  [ipaddr.parse("::"), 96, "reserved"], // deprecated IPv4-compatible addresses
  [ipaddr.parse("0.0.0.0"), 8, "unspecified"],
];

const HUMAN: Record<string, string> = {
  private: "private",
  loopback: "loopback",
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT (100.64.0.0/10)",
  multicast: "multicast",
  unspecified: "unspecified",
  broadcast: "broadcast",
  reserved: "reserved or documentation",
  benchmarking: "benchmarking",
  uniqueLocal: "unique-local (fc00::/7)",
  deprecatedSiteLocal: "site-local",
  metadata: "cloud metadata",
};

/** Strict parse: dotted-quad IPv4 or IPv6 without zone id. Null for anything else. */
export function parseIp(ip: string): Addr | null {
  const s = ip.trim().replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (!s.includes(":") || s.includes("%") || !ipaddr.IPv6.isValid(s)) return null;
  return ipaddr.IPv6.parse(s);
}

/** The IPv4 address embedded in mapped, translated (NAT64) and 6to4 IPv6 addresses. */
export function embeddedIpv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = a.range() as string;
  const p = a.parts;
  if (
    range === "ipv4Mapped" ||
    range === "rfc6145" ||
    (range === "rfc6052" && p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0)
  ) {
    return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  }
  if (range === "6to4") return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  return null;
}

function classifyParsed(a: Addr): { public: boolean; range: string } {
  if (METADATA.has(a.toNormalizedString())) return { public: false, range: "metadata" };
  if (a.kind() === "ipv6") {
    const v4 = embeddedIpv4(a as ipaddr.IPv6);
    if (v4) return classifyParsed(v4);
  }
  const range = a.range() as string;
  if (range !== "unicast") return { public: false, range };
  for (const [net, bits, name] of EXTRA)
    if (net.kind() === a.kind() && a.match(net, bits)) return { public: false, range: name };
  return { public: true, range };
}

/** range is the ipaddr.js range name ("unicast", "private", "loopback", …) or "metadata" / "invalid". */
export function classifyAddress(ip: string): { public: boolean; range: string } {
  const a = parseIp(ip);
  return a ? classifyParsed(a) : { public: false, range: "invalid" };
}

function inRanges(a: Addr, ranges: string[]): boolean {
  const candidates: Addr[] = [a];
  if (a.kind() === "ipv6") {
    const v4 = embeddedIpv4(a as ipaddr.IPv6);
    if (v4) candidates.push(v4);
  }
  for (const r of ranges) {
    let cidr: [Addr, number];
    try {
      cidr = ipaddr.isValidCIDR(r) ? ipaddr.parseCIDR(r) : [ipaddr.parse(r), r.includes(":") ? 128 : 32];
    } catch {
      continue;
    }
    for (const c of candidates) if (c.kind() === cidr[0].kind() && c.match(cidr)) return true;
  }
  return false;
}

export function describeRange(range: string): string {
  return HUMAN[range] ?? range;
}

export function isAllowedAddress(
  ip: string,
  cfg: Pick<NetConfig, "allowPrivate" | "allowedRanges">,
): { allowed: boolean; reason?: string } {
  const a = parseIp(ip);
  if (!a) return { allowed: false, reason: `${ip} is not an IP address` };
  if (inRanges(a, cfg.allowedRanges)) return { allowed: true };
  const c = classifyParsed(a);
  if (c.public) return { allowed: true };
  if (c.range === "metadata") return { allowed: false, reason: `${ip} is a cloud metadata address` };
  if (cfg.allowPrivate) return { allowed: true };
  return { allowed: false, reason: `${ip} is a ${describeRange(c.range)} address` };
}
