// The scan engine's contract with its callers (core's scan worker): what a
// scan is asked to do, what it reports back, and how it is steered.

export type Severity = "info" | "low" | "medium" | "high" | "critical";

/**
 * How sure a finding is. confirmed: the exposure itself was seen (its content, or the service did what we asked);
 * firm: a strong sign of it (a product named by its own page, a version shown, a template's matchers); tentative:
 * inferred (a version in an affected range, where distributions backport fixes).
 */
export const CONFIDENCES = ["confirmed", "firm", "tentative"] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** Items of an asset's disabledScannerTypes ("screenshot" is not run by runScan). */
export type ScannerType = "port-scan" | "tls" | "http" | "dns" | "technologies" | "templates" | "screenshot";

export interface ScanFinding {
  scanner: "port-scan" | "tls" | "http" | "dns" | "technologies" | "templates" | "nuclei";
  /**
   * Stable key of the KIND of problem on this asset: one issue is kept per
   * (asset, kind). See the README of the package for the list.
   */
  kind: string;
  title: string;
  severity: Severity;
  /** How sure it is; runScan sets it for every finding (templates and nuclei, which do not say: firm). */
  confidence?: Confidence;
  /** What it is, why it matters, how to fix it: for people. */
  description: string;
  port?: number;
  evidence: {
    url?: string;
    /** Every URL (or host:port) where the same kind was seen, when more than one. */
    urls?: string[];
    /** Request line and headers as sent (and the body, if any). */
    request?: string;
    /** Status line, headers and a body excerpt; at most 2 KB. */
    response?: string;
    matched?: string;
    [k: string]: unknown;
  };
}

export interface OpenPort {
  port: number;
  protocol: "tcp";
  service: string | null;
  banner: string | null;
}

export interface ScanProfile {
  portScanMode: "off" | "web" | "top100" | "top1000" | "full";
  nucleiMinSeverity: Severity;
  disabledScannerTypes: string[];
}

export type ScanStage =
  "ports" | "tls" | "http" | "crawl" | "services" | "dns" | "technologies" | "templates" | "nuclei";

export interface ScanHooks {
  /**
   * Called when a stage starts and as it progresses; percent is the whole scan's, 0..100, never decreasing. Awaited.
   */
  onProgress?(stage: ScanStage, percent: number): void | Promise<void>;
  /** Aborting stops the scan as soon as possible; runScan then rejects with a ScanAbortedError (name "AbortError"). */
  signal?: AbortSignal;
}

export const SEVERITIES: readonly Severity[] = ["info", "low", "medium", "high", "critical"];

export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);

/** "unknown" and anything unexpected count as info. */
export function toSeverity(value: unknown): Severity {
  const s = String(value ?? "")
    .trim()
    .toLowerCase();
  return (SEVERITIES as readonly string[]).includes(s) ? (s as Severity) : "info";
}

export const atLeast = (s: Severity, min: Severity): boolean => severityRank(s) >= severityRank(min);

export const maxSeverity = (a: Severity, b: Severity): Severity => (severityRank(a) >= severityRank(b) ? a : b);

/** Thrown by runScan when its signal is aborted. */
export class ScanAbortedError extends Error {
  override name = "AbortError";
  constructor(message = "The scan was cancelled", options?: { cause?: unknown }) {
    super(message, options);
  }
}

export const isAbortError = (err: unknown): boolean => err instanceof Error && err.name === "AbortError";

/** An open port with what the banner probe learnt about its protocol. */
export interface OpenPortDetail extends OpenPort {
  /** The port completed a TLS handshake. */
  tls: boolean;
  /** The port answered HTTP (over TLS when tls is true). */
  http: boolean;
  /** Product and version the service named in its own protocol (the services stage), e.g. "Redis 7.0.15". */
  product?: string;
}
