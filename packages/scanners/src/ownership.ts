// Proofs of ownership. The caller makes the token and decides which hosts a
// proof covers; here we only look for it, and say exactly what we found.
import type { NetConfig } from "./config.ts";
import { DnsError, normaliseHost, resolveTxt } from "./dns.ts";
import { metaContents, scanHtml } from "./html.ts";
import { FetchRefused, hostForUrl, safeFetch, type HttpResult } from "./http.ts";
import { bucketUrl } from "./reachability.ts";
import type { ParsedTarget } from "./targets.ts";

export type OwnershipMethod = "dns-txt" | "http-file" | "html-meta";

export const ownershipRecord = {
  dnsName: (host: string) => `_ems-verify.${normaliseHost(host)}`,
  dnsValue: (token: string) => `ems-verify=${token}`,
  filePath: "/.well-known/ems-verify.txt",
  metaName: "ems-verify",
} as const;

export interface OwnershipCheck {
  ok: boolean;
  /** What was found or why it failed, for people. */
  detail: string;
  /**
   * Not a verdict: the record could not be looked at (the resolvers refused the TXT lookup, SERVFAILed or did not
   * answer in time). Try again; nothing was found missing.
   */
  inconclusive?: true;
}

const quote = (s: string, max = 80) => JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);

async function viaDns(host: string, token: string, cfg: NetConfig): Promise<OwnershipCheck> {
  const name = ownershipRecord.dnsName(host);
  const expected = ownershipRecord.dnsValue(token);
  let records: string[];
  try {
    records = await resolveTxt(name, cfg);
  } catch (err) {
    if (err instanceof DnsError)
      return { ok: false, inconclusive: true, detail: `could not check, try again: ${err.message}` };
    throw err;
  }
  if (!records.length) return { ok: false, detail: `no TXT record at ${name} (expected ${expected})` };
  if (records.some((r) => r.trim() === expected)) return { ok: true, detail: `TXT ${name} has ${expected}` };
  return {
    ok: false,
    detail:
      `TXT ${name} has: ${records.map((r) => (r.length > 100 ? `${r.slice(0, 100)}…` : r)).join(", ")} ` +
      `(expected ${expected})`,
  };
}

/** Fetches https then http; returns the first page that passes, else every failure in order. */
async function viaHttp(
  host: string,
  path: string,
  cfg: NetConfig,
  check: (r: HttpResult) => OwnershipCheck,
): Promise<OwnershipCheck> {
  const failures: string[] = [];
  let unanswered = 0;
  const sameHost = (h: string) => h === normaliseHost(host);
  for (const scheme of ["https", "http"]) {
    const url = `${scheme}://${hostForUrl(normaliseHost(host))}${path}`;
    try {
      const r = await safeFetch(url, cfg, { allowHost: sameHost });
      if (r.status < 200 || r.status > 299) {
        failures.push(`HTTP ${r.status} at ${r.url}`);
        continue;
      }
      const verdict = check(r);
      if (verdict.ok) return verdict;
      failures.push(verdict.detail);
    } catch (err) {
      if (!(err instanceof FetchRefused)) throw err;
      if (err.reason === "dns-failed") unanswered++;
      failures.push(
        err.reason === "redirect-not-covered"
          ? `${url} redirects to another host (${err.host}); the proof must be served by ${host} itself`
          : err.message,
      );
    }
  }
  // The host's addresses could not be looked up at all: no verdict on the page.
  if (unanswered === failures.length)
    return { ok: false, inconclusive: true, detail: `could not check, try again: ${failures[0]}` };
  return { ok: false, detail: failures.join("; ") };
}

function fileCheck(token: string) {
  return (r: HttpResult): OwnershipCheck => {
    const body = r.body.trim();
    if (body === token || body.split(/\r?\n/).some((line) => line.trim() === token))
      return { ok: true, detail: `token found at ${r.url}` };
    if (!body) return { ok: false, detail: `${r.url} is empty (expected the token ${token})` };
    return { ok: false, detail: `${r.url} has ${quote(body)} (expected the token ${token})` };
  };
}

function metaCheck(token: string) {
  return (r: HttpResult): OwnershipCheck => {
    const found = metaContents(scanHtml(r.body), ownershipRecord.metaName);
    if (found.some((c) => c.trim() === token))
      return { ok: true, detail: `<meta name="${ownershipRecord.metaName}"> with the token found on ${r.url}` };
    if (!found.length) return { ok: false, detail: `meta tag not found on ${r.url}` };
    return {
      ok: false,
      detail:
        `meta ${ownershipRecord.metaName} on ${r.url} has ${found.map((c) => quote(c)).join(", ")} (expected ` +
        `${quote(token)})`,
    };
  };
}

export async function verifyOwnership(
  input: { method: OwnershipMethod; host: string; token: string },
  cfg: NetConfig,
): Promise<OwnershipCheck> {
  const { method, host, token } = input;
  switch (method) {
    case "dns-txt":
      return viaDns(host, token, cfg);
    case "http-file":
      return viaHttp(host, ownershipRecord.filePath, cfg, fileCheck(token));
    case "html-meta":
      return viaHttp(host, "/", cfg, metaCheck(token));
    default:
      return { ok: false, detail: `unknown method "${String(method)}"; use dns-txt, http-file or html-meta` };
  }
}

/** Where a bucket's proof object lives: `ems-verify.txt` at the top of the bucket (or container). */
export function bucketProofUrl(
  target: Extract<ParsedTarget, { type: "bucket" }>,
  cfg: Pick<NetConfig, "bucketEndpoints">,
): string {
  const base = new URL(bucketUrl(target, cfg));
  base.search = "";
  return `${base.toString().replace(/\/$/, "")}/${BUCKET_PROOF_OBJECT}`;
}

export const BUCKET_PROOF_OBJECT = "ems-verify.txt";

/** A bucket is proven by a publicly readable object holding the token: only its owner can write one there. */
export async function verifyBucketOwnership(
  target: Extract<ParsedTarget, { type: "bucket" }>,
  token: string,
  cfg: NetConfig,
): Promise<OwnershipCheck> {
  const url = bucketProofUrl(target, cfg);
  try {
    const r = await safeFetch(url, cfg, { followRedirects: false });
    if (r.status < 200 || r.status > 299) return { ok: false, detail: `HTTP ${r.status} at ${url}` };
    return fileCheck(token)(r);
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    return { ok: false, detail: err.message };
  }
}
