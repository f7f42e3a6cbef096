// Wildcard zones: a zone with "*.zone" answers every name under it, so a
// brute-forced name that gets the wildcard's answer proves nothing. Each
// zone is probed once with random labels (cached); a name whose answer is
// the wildcard's (all its addresses among the probes', or the same CNAME
// target) is marked with the zone.
import { randomBytes } from "node:crypto";
import type { DnsClient, NameAnswer } from "./resolver.ts";

export const WILDCARD_PROBES = 3;
/** Zones probed at most per run (a CT source can list names in thousands of zones). */
export const MAX_PROBED_ZONES = 500;

export interface WildcardZone {
  zone: string;
  addresses: string[];
  /** The last CNAME of the probes' chains, when they had one. */
  targets: string[];
}

const randomLabel = () => `ems-${randomBytes(8).toString("hex")}`;

export class WildcardDetector {
  private readonly zones = new Map<string, Promise<WildcardZone | null>>();

  constructor(private readonly dns: DnsClient) {}

  /** The zone's wildcard, or null; a zone whose probes fail counts as no wildcard. */
  probe(zone: string): Promise<WildcardZone | null> {
    let p = this.zones.get(zone);
    if (!p) {
      p = this.zones.size >= MAX_PROBED_ZONES ? Promise.resolve(null) : this.detect(zone);
      this.zones.set(zone, p);
    }
    return p;
  }

  private async detect(zone: string): Promise<WildcardZone | null> {
    const answers = await Promise.all(
      Array.from({ length: WILDCARD_PROBES }, () => this.dns.lookup(`${randomLabel()}.${zone}`).catch(() => null)),
    );
    const hits = answers.filter((a): a is NameAnswer => !!a && a.a.length + a.aaaa.length > 0);
    if (!hits.length) return null;
    const addresses = [...new Set(hits.flatMap((h) => [...h.a, ...h.aaaa]))].sort();
    const targets = [...new Set(hits.flatMap((h) => h.cname.slice(-1)))].sort();
    return { zone, addresses, targets };
  }

  /** Every zone found to be a wildcard so far. */
  async found(): Promise<WildcardZone[]> {
    const all = await Promise.all(this.zones.values());
    return all.filter((z): z is WildcardZone => z !== null).sort((x, y) => x.zone.localeCompare(y.zone));
  }
}

/**
 * The wildcard zone whose answer the name got, looking from the domain down to the name's parent zone
 * (a wildcard high up answers for every zone below it, so those are not probed separately).
 */
export async function wildcardOf(
  name: string,
  domain: string,
  answer: NameAnswer,
  detector: WildcardDetector,
): Promise<WildcardZone | null> {
  const labels = name.slice(0, -domain.length - 1).split(".");
  for (let i = labels.length; i >= 1; i--) {
    const zone = i === labels.length ? domain : `${labels.slice(i).join(".")}.${domain}`;
    const w = await detector.probe(zone);
    if (w && matchesWildcard(answer, w)) return w;
  }
  return null;
}

/** Whether a name's answer is the wildcard's. */
export function matchesWildcard(answer: NameAnswer, w: WildcardZone): boolean {
  const target = answer.cname.at(-1);
  if (target !== undefined && w.targets.includes(target)) return true;
  const addresses = [...answer.a, ...answer.aaaa];
  return addresses.length > 0 && addresses.every((a) => w.addresses.includes(a));
}
