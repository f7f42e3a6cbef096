// Runs a template's ssl blocks on the target's TLS ports: one handshake per
// block with the versions and suites it asks for (Node's OpenSSL; SSL 3.0,
// which it cannot speak, by a hand-built ClientHello that only tells version
// and suite), and the facts tlsx reports for matchers, the DSL and jq.
import { createHash } from "node:crypto";
import tls, { type SecureVersion } from "node:tls";
import { hostForUrl } from "../../http.ts";
import { isAllowedAddress } from "../../safety.ts";
import { capBytes } from "../evidence.ts";
import { COMMON_SUITES, helloProbe, WEAK_SUITES } from "../tls-hello.ts";
import { handshake, isSelfSigned, type Handshake } from "../tls-scan.ts";
import { IANA_BY_CODE, IANA_BY_OPENSSL, OPENSSL_BY_IANA } from "./cipher-suites.ts";
import type { Variables } from "./dsl/eval.ts";
import { runOperators } from "./match.ts";
import type { SslRequest, Template, TlsVersionName } from "./model.ts";
import type { HostTarget } from "./network-run.ts";
import { hitOf, type Hit, type RunContext } from "./run-types.ts";
import { hostVariables } from "./variables.ts";

const NODE_VERSION: Record<Exclude<TlsVersionName, "sslv3">, SecureVersion> = {
  tls10: "TLSv1",
  tls11: "TLSv1.1",
  tls12: "TLSv1.2",
  tls13: "TLSv1.3",
};
const TLSX_VERSION: Record<string, string> = {
  TLSv1: "tls10",
  "TLSv1.1": "tls11",
  "TLSv1.2": "tls12",
  "TLSv1.3": "tls13",
};

/** "C=US\nO=Acme\nCN=x" (Node, in certificate order) as Go prints a pkix.Name: "CN=x,O=Acme,C=US". */
function dnParts(text: string): Array<[string, string]> {
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf("=");
      return [l.slice(0, i), l.slice(i + 1)] as [string, string];
    });
}
const goDn = (parts: Array<[string, string]>) =>
  [...parts]
    .reverse()
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
const valuesOf = (parts: Array<[string, string]>, key: string) => parts.filter(([k]) => k === key).map(([, v]) => v);
const rfc3339 = (d: string) => new Date(d).toISOString().replace(/\.\d{3}Z$/, "Z");

function certificateFacts(h: Handshake, hostname: string | null, address: string): Variables {
  const x = h.x509;
  const subject = dnParts(x.subject);
  const issuer = dnParts(x.issuer);
  const san = (x.subjectAltName ?? "")
    .split(",")
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ""))
    .filter(Boolean);
  const cn = valuesOf(subject, "CN")[0] ?? "";
  const names = [cn, ...san];
  const digest = (alg: string) => createHash(alg).update(x.raw).digest("hex");
  return {
    subject_dn: goDn(subject),
    subject_cn: cn,
    subject_org: valuesOf(subject, "O"),
    subject_an: san,
    issuer_dn: goDn(issuer),
    issuer_cn: valuesOf(issuer, "CN")[0] ?? "",
    issuer_org: valuesOf(issuer, "O"),
    serial: (x.serialNumber.match(/../g) ?? []).join(":").toUpperCase(),
    not_before: rfc3339(x.validFrom),
    not_after: rfc3339(x.validTo),
    expired: Date.now() > new Date(x.validTo).getTime(),
    self_signed: isSelfSigned(x, h.authorizationError),
    mismatched: tls.checkServerIdentity(hostname ?? address, h.peer) !== undefined,
    untrusted: !h.authorized,
    wildcard_certificate: names.some((n) => n.startsWith("*.")),
    fingerprint_hash: { md5: digest("md5"), sha1: digest("sha1"), sha256: digest("sha256") },
  };
}

/** The handshake's facts, or null when the port does not complete one with this offer. */
async function probe(req: SslRequest, target: HostTarget, port: number, ctx: RunContext): Promise<Variables | null> {
  // The target was vetted before the scan; the same guard as every connection says so again here.
  const verdict = isAllowedAddress(target.address, ctx.net);
  if (!verdict.allowed) throw new Error(`refusing to contact ${target.address}: ${verdict.reason}`);
  const servername = target.isIp ? null : target.host;
  const timeoutMs = Math.min(ctx.net.httpTimeoutMs, 10_000);
  const base = { host: target.host, ip: target.address, port: String(port), sni: servername ?? "", probe_status: true };
  if (req.minVersion === "sslv3") {
    const suites = [...COMMON_SUITES, ...WEAK_SUITES.keys()];
    const r = await helloProbe(target.address, port, 0x0300, suites, {
      servername,
      timeoutMs,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    if (r.kind !== "accepted" || r.version !== 0x0300) return null;
    return {
      ...base,
      tls_version: "ssl30",
      cipher: IANA_BY_CODE.get(r.suite) ?? WEAK_SUITES.get(r.suite)?.name ?? "",
      tls_connection: "ztls",
    };
  }
  const ciphers = req.cipherSuites.map((c) => OPENSSL_BY_IANA.get(c)).filter((c): c is string => !!c);
  let h: Handshake | null;
  try {
    h = await handshake(
      { address: target.address, port, hostname: servername },
      {
        timeoutMs,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(ctx.extraCaCerts ? { extraCaCerts: ctx.extraCaCerts } : {}),
      },
      {
        ...(req.minVersion ? { minVersion: NODE_VERSION[req.minVersion] } : {}),
        ...(req.maxVersion && req.maxVersion !== "sslv3" ? { maxVersion: NODE_VERSION[req.maxVersion] } : {}),
        ...(ciphers.length ? { ciphers } : {}),
      },
    );
  } catch {
    return null; // an offer this OpenSSL cannot make
  }
  if (!h) return null;
  return {
    ...base,
    tls_version: TLSX_VERSION[h.protocol] ?? h.protocol,
    cipher: IANA_BY_OPENSSL.get(h.cipher) ?? h.cipher,
    tls_connection: "ctls",
    ...certificateFacts(h, servername, target.address),
  };
}

export async function runSsl(
  t: Template,
  target: HostTarget,
  ports: number[],
  vars: Variables,
  ctx: RunContext,
): Promise<Hit[]> {
  const hits: Hit[] = [];
  for (const port of ports) {
    for (const req of t.requests) {
      if (req.kind !== "ssl") continue;
      if (ctx.signal?.aborted) throw ctx.signal.reason;
      const facts = await probe(req, target, port, ctx);
      if (!facts) continue;
      const response = JSON.stringify(facts);
      const where = `${hostForUrl(target.host)}:${port}`;
      const scope = { ...vars, ...hostVariables(target.host, port) };
      const ev = { values: { ...facts, response, raw: response, matched: where }, bytes: {} };
      const ops = await runOperators("ssl", req.operators, ev, scope);
      if (!ops.matched) continue;
      const url = `tls://${where}`;
      hits.push(hitOf(ops, url, port, { url, response: capBytes(JSON.stringify(facts, null, 2)), tls: facts }));
    }
  }
  return hits;
}
