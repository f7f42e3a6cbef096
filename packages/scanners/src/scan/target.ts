// What a scan runs against, resolved and vetted before any stage starts:
// the addresses of a host (every one allowed, or the scan is refused), or a
// bucket's endpoint URL.
import type { NetConfig } from "../config.ts";
import { DnsError, resolveAddresses } from "../dns.ts";
import { bucketUrl } from "../reachability.ts";
import { isAllowedAddress, parseIp } from "../safety.ts";
import type { ParsedTarget } from "../targets.ts";

export type ScanTarget =
  { kind: "host"; host: string; isIp: boolean; address: string; addresses: string[] } | { kind: "bucket"; url: string };

export type HostTarget = Extract<ScanTarget, { kind: "host" }>;

/** Resolves and vets the target the way reachability does; throws a plain Error people can read. */
export async function prepareTarget(t: ParsedTarget, net: NetConfig): Promise<ScanTarget> {
  if (t.type === "bucket") return { kind: "bucket", url: bucketUrl(t, net) };
  const host = t.value;
  const isIp = t.type === "ipv4" || t.type === "ipv6";
  let addresses: string[];
  if (isIp) {
    const ip = parseIp(host);
    if (!ip) throw new Error(`cannot scan ${host}: not an IP address`);
    addresses = [ip.toString()];
  } else {
    try {
      // A record type the resolvers do not answer is left out when the other one answered.
      const r = await resolveAddresses(host, net);
      addresses = [...r.a, ...r.aaaa];
    } catch (err) {
      if (err instanceof DnsError) throw new Error(`cannot scan ${host}: ${err.message}`);
      throw err;
    }
    if (!addresses.length) throw new Error(`cannot scan ${host}: it has no A/AAAA record`);
  }
  for (const ip of addresses) {
    const verdict = isAllowedAddress(ip, net);
    if (!verdict.allowed) throw new Error(`refusing to scan ${host}: ${verdict.reason}`);
  }
  return { kind: "host", host, isIp, address: addresses[0]!, addresses };
}
