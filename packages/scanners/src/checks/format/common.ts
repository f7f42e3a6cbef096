// The parts every check declaration shares: what it is (kind, category,
// title, severity, texts, references, CWE), how sure its finding is, and the
// small building blocks (patterns, byte strings, JSON shapes) the protocol
// families use. Declared in zod and checked when the catalogue loads; the
// TypeScript types come from the same schemas.
import { CVSS } from "@turingpointde/cvss.js";
import { z } from "zod";
import { CONFIDENCES, SEVERITIES, type Severity } from "../../scan/types.ts";

/** The catalogue's categories, as the field's public catalogues group exposures. */
export const CATEGORIES = [
  "exposed-file",
  "exposed-endpoint",
  "exposed-panel",
  "unauthenticated-service",
  "default-login",
  "mail",
  "dns",
  "tls",
  "misconfiguration",
] as const;
export type Category = (typeof CATEGORIES)[number];

export { CONFIDENCES, type Confidence } from "../../scan/types.ts";

export const severity = z.enum(SEVERITIES as unknown as [Severity, ...Severity[]]);
export const confidence = z.enum(CONFIDENCES);

/** Kinds are dotted lower-case words: the protocol family's prefix, then what it is ("http.exposed.svn"). */
export const KIND = /^(http|service|tls|dns)(\.[a-z0-9]+(-[a-z0-9]+)*)+$/;

const reference = z.url({ protocol: /^https?$/ });

/** A CVSS v3.1 base vector ("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"), checked and scored by cvss.js. */
export const cvssVector = z
  .string()
  .regex(/^CVSS:3\.1\/AV:[NALP]\/AC:[LH]\/PR:[NLH]\/UI:[NR]\/S:[UC]\/C:[NLH]\/I:[NLH]\/A:[NLH]$/, {
    message: "a CVSS v3.1 base vector: CVSS:3.1/AV:_/AC:_/PR:_/UI:_/S:_/C:_/I:_/A:_",
  });

/** The base score of a vector (0.0-10.0). */
export const cvssScore = (vector: string): number => CVSS(vector).getScore();

export const checkCommon = {
  /** Stable key: one issue per asset and kind. Never rename a kind that shipped (its issues would reopen as new). */
  kind: z.string().max(120).regex(KIND, "a dotted lower-case kind starting with http., service., tls. or dns."),
  category: z.enum(CATEGORIES),
  /** Short, for lists ("Subversion metadata (.svn) exposed"). */
  title: z.string().min(8).max(160),
  severity,
  /** What it is and why it matters, for the people who fix it. */
  description: z.string().min(40),
  /** How to fix it. */
  remediation: z.string().min(20),
  /** Vendor documentation, CWE, OWASP: at least one URL. */
  references: z.array(reference).min(1),
  /** CWE numbers (e.g. [538]). */
  cwe: z.array(z.number().int().positive()).min(1),
  /** The CVSS v3.1 base vector of the exposure as this check proves it (the score is computed from it). */
  cvss: cvssVector,
  /** CVE ids the finding proves (only when the check proves that vulnerability, not the product alone). */
  cve: z.array(z.string().regex(/^CVE-\d{4}-\d{4,19}$/, "a CVE id (CVE-YYYY-NNNN)")).optional(),
  /** Declared for the check; confirmed unless said otherwise. */
  confidence: confidence.optional(),
  tags: z.array(z.string().regex(/^[a-z0-9-]+$/)).optional(),
};

/** A byte string: text (TypeScript escapes: "\r\n", "\x00"), a Buffer, or hex digits. */
export const bytes = z.union([
  z.string(),
  z.instanceof(Buffer),
  z.object({ hex: z.string().regex(/^([0-9a-f]{2})+$/i) }),
]);
export type Bytes = z.infer<typeof bytes>;

export function toBuffer(b: Bytes): Buffer {
  if (typeof b === "string") return Buffer.from(b, "latin1");
  if (Buffer.isBuffer(b)) return b;
  return Buffer.from(b.hex, "hex");
}

/**
 * What a JSON value must be at a path: a type name, a literal, or a RegExp tested on the value as text. Paths are
 * dotted ("version.number"); "[]" stands for any element of an array ("databases[].name"); "" is the document.
 */
export const jsonExpect = z.union([
  z.enum(["string", "number", "boolean", "array", "object", "present"]),
  z.instanceof(RegExp),
  z.number(),
  z.boolean(),
]);
export type JsonExpect = z.infer<typeof jsonExpect>;
export const jsonShape = z.record(z.string(), jsonExpect);
export type JsonShape = z.infer<typeof jsonShape>;

/** Names the product a service or panel is; group 1 of the pattern, when there is one, is its version. */
export const productRule = z.object({ pattern: z.instanceof(RegExp), name: z.string().min(1) }).strict();
export const product = z.union([z.string().min(1), z.array(productRule).min(1)]);
export type Product = z.infer<typeof product>;

/** What a judge or a facts predicate says when it finds the problem. */
export interface Verdict {
  /** The text that proves it (shown as "Matched"). */
  matched: string;
  /** Overrides the check's severity for this finding (a worse or milder variant). */
  severity?: Severity;
  /** Overrides the title for this finding ("TLS certificate expires in 5 days"). */
  title?: string;
  /** Replaces the description's first part for this finding (the remediation follows). */
  description?: string;
  /** Values for the evidence (versions, names, lists). */
  details?: Record<string, unknown>;
}

export const fn = <T extends (...args: never[]) => unknown>(what: string) =>
  z.custom<T>((v) => typeof v === "function", { message: `${what} must be a function` });
