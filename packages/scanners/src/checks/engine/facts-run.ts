// Runs TLS and DNS checks: gathers the facts every check of the port or
// domain needs (each part once), then asks each check's predicate.
import type { ScanFinding } from "../../scan/types.ts";
import type { DnsCheck, DnsNeed, TlsCheck, TlsNeed } from "../format/index.ts";
import { DnsFactsGatherer, type DnsFactsOptions } from "./dns-facts.ts";
import { checkFinding } from "./finding.ts";
import { certificateEvidence, TlsFactsGatherer, type TlsFactsOptions, type TlsTarget } from "./tls-facts.ts";

const union = <T>(lists: ReadonlyArray<readonly T[]>): T[] => [...new Set(lists.flat())];

export const tlsUrl = (t: TlsTarget) =>
  `https://${t.hostname ?? (t.address.includes(":") ? `[${t.address}]` : t.address)}:${t.port}/`;

/** Every TLS check on one port; nothing when the port speaks no TLS at all. */
export async function runTlsChecks(
  t: TlsTarget,
  checks: readonly TlsCheck[],
  opts: TlsFactsOptions,
): Promise<ScanFinding[]> {
  const facts = await new TlsFactsGatherer(t, opts).facts(union<TlsNeed>(checks.map((c) => c.needs)));
  if (!facts.handshake && !facts.legacyProtocols.length && !facts.weakCiphers.length) return [];
  const out: ScanFinding[] = [];
  for (const check of checks) {
    const verdict = check.test(facts);
    if (!verdict) continue;
    const certificate = check.needs.includes("handshake") && facts.handshake;
    out.push(
      checkFinding(check, {
        where: facts.where,
        port: t.port,
        verdict,
        evidence: { url: tlsUrl(t), ...(certificate ? { certificate: certificateEvidence(certificate) } : {}) },
      }),
    );
  }
  return out;
}

/** Every DNS check on one domain. */
export async function runDnsChecks(
  domain: string,
  checks: readonly DnsCheck[],
  opts: DnsFactsOptions,
): Promise<ScanFinding[]> {
  const facts = await new DnsFactsGatherer(domain, opts).facts(union<DnsNeed>(checks.map((c) => c.needs)));
  const out: ScanFinding[] = [];
  for (const check of checks) {
    const verdict = check.test(facts);
    if (verdict) out.push(checkFinding(check, { where: domain, verdict, evidence: { url: `dns://${domain}` } }));
  }
  return out;
}
