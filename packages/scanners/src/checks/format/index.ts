// A check declaration, whatever its protocol family, and the rules the
// catalogue enforces when it loads (beyond each field's shape): kinds unique
// and prefixed by their family, no finding from a status code alone, every
// conversation with something to prove.
import { z } from "zod";
import { cvssScore } from "./common.ts";
import { dnsCheck, tlsCheck } from "./facts.ts";
import { httpCheck, type Matcher } from "./http.ts";
import { tcpCheck, udpCheck } from "./tcp.ts";

export * from "./common.ts";
export * from "./facts.ts";
export * from "./http.ts";
export * from "./tcp.ts";

export const checkDeclaration = z.discriminatedUnion("protocol", [httpCheck, tcpCheck, udpCheck, tlsCheck, dnsCheck]);
export type CheckDeclaration = z.infer<typeof checkDeclaration>;
export type Protocol = CheckDeclaration["protocol"];
export const PROTOCOLS = ["http", "tcp", "udp", "tls", "dns"] as const satisfies readonly Protocol[];

/** Kind prefixes each family may use; the prefix also says which scan stage runs the check. */
const PREFIXES: Record<Protocol, string[]> = {
  http: ["http", "service"],
  tcp: ["service"],
  udp: ["service"],
  tls: ["tls"],
  dns: ["dns"],
};

/** Whether the matcher proves content by itself (a word, a pattern, magic bytes, a JSON shape), not merely allows. */
export function provesContent(m: Matcher): boolean {
  if ("any" in m) return m.any.every(provesContent);
  if (m.negative) return false;
  return "words" in m || "regex" in m || "magic" in m || "json" in m;
}

const isStatus = (m: Matcher) => "status" in m;

/** Problems with one declaration beyond its shape, as "field: message" lines (empty when it is fine). */
export function declarationProblems(c: CheckDeclaration): string[] {
  const out: string[] = [];
  const prefix = c.kind.split(".")[0]!;
  if (!PREFIXES[c.protocol].includes(prefix)) {
    out.push(`kind: a ${c.protocol} check's kind starts with ${PREFIXES[c.protocol].join(". or ")}.`);
  }
  const login = (c.protocol === "http" && c.login) || ((c.protocol === "tcp" || c.protocol === "udp") && c.credentials);
  if (c.category === "default-login" && !login) out.push("category: a default-login check needs login/credentials");
  if (c.category !== "default-login" && login) out.push("login: only default-login checks try credentials");
  if (c.protocol === "http") {
    if (prefix === "service" && !c.service) out.push("service: a service. check over HTTP names its service");
    if (!c.http && !c.login) out.push("http: a check needs probes (http) or a login step");
    const probes = [
      ...(c.detect ? [["detect", c.detect] as const] : []),
      ...(c.http ?? []).map((p, i) => [`http.${i}`, p] as const),
    ];
    for (const [where, p] of probes) {
      // A detect step only gates (the proof still has to prove content): "not reflected" is a fine precondition.
      if (where === "detect" || p.root || p.pages) {
        if (p.match.every(isStatus)) out.push(`${where}.match: needs a matcher besides status`);
      } else if (!p.match.some(provesContent)) {
        out.push(`${where}.match: needs a word, regex, magic or json matcher that proves content (status alone never)`);
      }
    }
    if (c.login && !c.login.success.some(provesContent)) {
      out.push("login.success: needs a word, regex, magic or json matcher (status alone never proves a login)");
    }
    if (c.login && !c.detect) out.push("detect: a login is only tried where detect found the product");
  }
  if (c.protocol === "tcp" || c.protocol === "udp") {
    const proves = c.conversation.some((s) => "read" in s && (s.match || s.json));
    if (!proves) out.push("conversation: needs a read step with match or json (what proves access)");
  }
  if (c.protocol === "udp" && c.conversation.some((s) => "read" in s && s.read !== "chunk")) {
    out.push("conversation: a UDP check reads datagrams (read: chunk)");
  }
  return out;
}

/** The catalogue's public view of a check (what `ems checks list --json` prints). */
export interface CheckSummary {
  kind: string;
  category: CheckDeclaration["category"];
  protocol: Protocol;
  severity: CheckDeclaration["severity"];
  confidence: NonNullable<CheckDeclaration["confidence"]>;
  title: string;
  description: string;
  remediation: string;
  references: string[];
  cwe: string[];
  /** CVSS v3.1 base vector and score. */
  cvss: { vector: string; score: number };
  /** CVE ids the check proves (usually none). */
  cves: string[];
}

export const summarise = (c: CheckDeclaration): CheckSummary => ({
  kind: c.kind,
  category: c.category,
  protocol: c.protocol,
  severity: c.severity,
  confidence: c.confidence ?? "confirmed",
  title: c.title,
  description: c.description,
  remediation: c.remediation,
  references: c.references,
  cwe: c.cwe.map((n) => `CWE-${n}`),
  cvss: { vector: c.cvss, score: cvssScore(c.cvss) },
  cves: c.cve ?? [],
});
