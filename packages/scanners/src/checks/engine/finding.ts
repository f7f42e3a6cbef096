// From a check and what proved it to the finding the scan reports: the kind,
// title (with the product and version when the check names them), severity,
// confidence, the description followed by the remediation, and the evidence.
import type { ScanFinding } from "../../scan/types.ts";
import type { CheckDeclaration, Product, Verdict } from "../format/index.ts";

/** The scanner a kind's prefix belongs to (core resolves issues only when that scanner's stage ran to the end). */
export function scannerOf(kind: string): ScanFinding["scanner"] {
  const prefix = kind.split(".")[0];
  if (prefix === "service") return "port-scan";
  if (prefix === "tls" || prefix === "dns") return prefix;
  return "http";
}

/** "Redis 7.0.15" from the check's product (a name, or rules over what was received) and an extracted version. */
export function productLabel(product: Product | undefined, texts: string[], version: unknown): string | null {
  if (!product) return null;
  const v = typeof version === "string" && version ? version : null;
  if (typeof product === "string") return v ? `${product} ${v}` : product;
  for (const rule of product) {
    for (const t of texts) {
      rule.pattern.lastIndex = 0;
      const m = rule.pattern.exec(t);
      if (m) {
        const version = v ?? m[1] ?? null;
        return version ? `${rule.name} ${version}` : rule.name;
      }
    }
  }
  return null;
}

export interface Proof {
  /** Where it was seen: a URL, "tcp://host:port" or a domain. */
  where: string;
  port?: number;
  verdict: Verdict;
  /** The product as it named itself ("Redis 7.0.15"), added to the title. */
  product?: string | null;
  /** url, request, response, transcript… (matched is added from the verdict). */
  evidence: Record<string, unknown>;
}

export function checkFinding(check: CheckDeclaration, proof: Proof): ScanFinding {
  const { verdict } = proof;
  const title = verdict.title ?? (proof.product ? `${check.title} (${proof.product})` : check.title);
  return {
    scanner: scannerOf(check.kind),
    kind: check.kind,
    title,
    severity: verdict.severity ?? check.severity,
    confidence: check.confidence ?? "confirmed",
    description: `${proof.where}: ${verdict.description ?? check.description} ${check.remediation}`,
    ...(proof.port !== undefined ? { port: proof.port } : {}),
    evidence: {
      ...proof.evidence,
      matched: verdict.matched.length > 512 ? `${verdict.matched.slice(0, 511)}…` : verdict.matched,
      ...(proof.product ? { product: proof.product } : {}),
      ...verdict.details,
    },
  };
}
