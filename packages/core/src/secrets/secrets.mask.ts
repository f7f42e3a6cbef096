// Masking what a finding carries before it is stored (docs/api.md, Secrets in evidence): every string of its title,
// description and evidence goes through the one pattern table (`findSecrets` in @ems/scanners); each distinct value
// becomes `[masked …]` wherever it appears and is numbered. The evidence names the numbered secrets (label and mask,
// never the value) in `evidence.secrets`; the values go to FindingSecret, which only the reveal service reads.
import { findSecrets, maskOf } from "@ems/scanners";
import { z } from "zod";

export const evidenceSecretSchema = z
  .object({
    id: z.number().int().meta({ description: "The secret's number within its finding (POST …/reveal takes it)" }),
    label: z
      .string()
      .meta({ description: "What it is: AWS access key ID, value of DB_PASSWORD, Authorization header…" }),
    mask: z
      .string()
      .meta({ description: "How it is shown: a known prefix and the last 4 when long enough, the length" }),
  })
  .meta({ id: "EvidenceSecret" });
export type EvidenceSecret = z.output<typeof evidenceSecretSchema>;

/** A secret's clear value, for FindingSecret. */
export interface HeldSecret {
  ordinal: number;
  label: string;
  value: string;
}

/** Masks texts one after another, numbering each distinct value once (a key both in the response and `matched`). */
export class SecretMasker {
  private readonly byValue = new Map<string, EvidenceSecret & { value: string }>();

  text(text: string): string {
    const found = findSecrets(text);
    if (!found.length) return text;
    let out = "";
    let at = 0;
    for (const s of found) {
      const value = text.slice(s.start, s.end);
      let held = this.byValue.get(value);
      if (!held) {
        held = { id: this.byValue.size + 1, label: s.label, mask: maskOf(value, s.prefix), value };
        this.byValue.set(value, held);
      }
      out += text.slice(at, s.start) + held.mask;
      at = s.end;
    }
    return out + text.slice(at);
  }

  /** Every string inside a JSON value, masked (keys are kept). */
  json<T>(value: T): T {
    if (typeof value === "string") return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.json(v)) as T;
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.json(v)])) as T;
    }
    return value;
  }

  /** The secrets as the evidence names them. */
  get named(): EvidenceSecret[] {
    return [...this.byValue.values()].map(({ id, label, mask }) => ({ id, label, mask }));
  }

  get held(): HeldSecret[] {
    return [...this.byValue.values()].map(({ id, label, value }) => ({ ordinal: id, label, value }));
  }
}

/** What a finding stores: its texts masked, `evidence.secrets` naming what was masked, and the clear values apart. */
export function maskFinding<F extends { title: string; description: string; evidence: Record<string, unknown> }>(
  f: F,
): { finding: F; secrets: HeldSecret[] } {
  const masker = new SecretMasker();
  const title = masker.text(f.title);
  const description = masker.text(f.description);
  const { secrets: _ignored, ...evidence } = masker.json(f.evidence);
  return {
    finding: { ...f, title, description, evidence: { ...evidence, secrets: masker.named } },
    secrets: masker.held,
  };
}

/**
 * Evidence as answers show it. Evidence stored since masking began names its secrets (`secrets`, maybe empty) and is
 * returned as stored; older evidence is masked now, with nothing to reveal (its values were never kept apart).
 */
export function presentedEvidence(evidence: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(evidence.secrets)) return evidence;
  const masker = new SecretMasker();
  return { ...masker.json(evidence), secrets: [] };
}
