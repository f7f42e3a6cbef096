// TLS checks of one port: the certificate (expiry, trust, name) from a real
// handshake, then old protocol versions and weak cipher suites with
// hand-built ClientHellos (tls-hello.ts), which need no support for them in
// our own OpenSSL.
import { X509Certificate } from "node:crypto";
import tls, { type DetailedPeerCertificate, type SecureContext } from "node:tls";
import { settleOnce, type Settle } from "../settle.ts";
import { COMMON_SUITES, helloProbe, TLS_VERSIONS, WEAK_SUITES, type HelloResult } from "./tls-hello.ts";
import type { ScanFinding, Severity } from "./types.ts";

export interface TlsTarget {
  address: string;
  port: number;
  /** The asset's name: sent as SNI and checked against the certificate. Null for IP assets (no SNI, no name check). */
  hostname: string | null;
}

export interface TlsCheckOptions {
  timeoutMs: number;
  extraCaCerts?: string[];
  signal?: AbortSignal;
  /** For tests: the time certificates are judged at. */
  now?: Date;
}

/** What a handshake may offer besides the lenient defaults (nuclei ssl templates' min/max_version, cipher_suites). */
export interface HandshakeOffer {
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  /** OpenSSL cipher names. */
  ciphers?: string[];
}

const DAY = 86_400_000;
export const EXPIRY_WARNING_DAYS = 14;

/** Verification errors that mean "no path to a trusted root". */
const CHAIN_ERRORS = new Set([
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_UNTRUSTED",
  "CERT_SIGNATURE_FAILURE",
  "CERT_REJECTED",
  "INVALID_CA",
  "PATH_LENGTH_EXCEEDED",
  "INVALID_PURPOSE",
  "CERT_CHAIN_TOO_LONG",
]);

const contexts = new WeakMap<string[], SecureContext>();
let defaultContext: SecureContext | undefined;

/** Node's roots plus the configured extra CAs; lenient enough to see legacy servers' certificates. */
function secureContext(extra: string[] | undefined): SecureContext {
  const base = { minVersion: "TLSv1" as const, ciphers: "DEFAULT:@SECLEVEL=0" };
  if (!extra?.length) return (defaultContext ??= tls.createSecureContext(base));
  let ctx = contexts.get(extra);
  if (!ctx) {
    ctx = tls.createSecureContext({ ...base, ca: [...tls.rootCertificates, ...extra] });
    contexts.set(extra, ctx);
  }
  return ctx;
}

export interface Handshake {
  protocol: string;
  cipher: string;
  authorized: boolean;
  authorizationError: string | null;
  peer: DetailedPeerCertificate;
  x509: X509Certificate;
}

/** A context for one offer (not cached: templates ask for few). */
function offerContext(extra: string[] | undefined, offer: HandshakeOffer): SecureContext {
  return tls.createSecureContext({
    minVersion: offer.minVersion ?? "TLSv1",
    ...(offer.maxVersion ? { maxVersion: offer.maxVersion } : {}),
    ciphers: `${offer.ciphers?.length ? offer.ciphers.join(":") : "DEFAULT"}:@SECLEVEL=0`,
    ...(extra?.length ? { ca: [...tls.rootCertificates, ...extra] } : {}),
  });
}

/** One full handshake; null when the port does not complete one. */
export function handshake(t: TlsTarget, opts: TlsCheckOptions, offer?: HandshakeOffer): Promise<Handshake | null> {
  let socket: tls.TLSSocket | undefined;
  const none = (settle: Settle<Handshake | null>) => settle.resolve(null);
  const limits = {
    timeoutMs: opts.timeoutMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
    onTimeout: none,
    onAbort: none,
  };
  return settleOnce<Handshake | null>({ ...limits, cleanup: () => socket?.destroy() }, (settle) => {
    const sock = tls.connect({
      host: t.address,
      port: t.port,
      ...(t.hostname ? { servername: t.hostname } : {}),
      rejectUnauthorized: false,
      secureContext: offer ? offerContext(opts.extraCaCerts, offer) : secureContext(opts.extraCaCerts),
    });
    socket = sock;
    sock.once("secureConnect", () => {
      const peer = sock.getPeerCertificate(true);
      if (!peer?.raw) return settle.resolve(null);
      const err = sock.authorizationError as (Error & { code?: string }) | string | null | undefined;
      const code = !err ? null : typeof err === "string" ? err : (err.code ?? err.message);
      settle.resolve({
        protocol: sock.getProtocol() ?? "unknown",
        cipher: sock.getCipher()?.name ?? "unknown",
        authorized: sock.authorized,
        authorizationError: code,
        peer,
        x509: new X509Certificate(peer.raw),
      });
    });
    sock.once("error", () => settle.resolve(null));
  });
}

/**
 * Issued by itself and signed with its own key (checkIssued would also demand keyCertSign usage, which leaves lack).
 */
export function isSelfSigned(x: X509Certificate, verifyError: string | null): boolean {
  if (verifyError === "DEPTH_ZERO_SELF_SIGNED_CERT") return true;
  try {
    return x.subject === x.issuer && x.verify(x.publicKey);
  } catch {
    return false;
  }
}

const tlsUrl = (t: TlsTarget) =>
  `https://${t.hostname ?? (t.address.includes(":") ? `[${t.address}]` : t.address)}:${t.port}/`;

function certificateEvidence(h: Handshake) {
  const x = h.x509;
  return {
    subject: x.subject.replace(/\n/g, ", "),
    issuer: x.issuer.replace(/\n/g, ", "),
    validFrom: new Date(x.validFrom).toISOString(),
    validTo: new Date(x.validTo).toISOString(),
    altNames: x.subjectAltName ?? "",
    serialNumber: x.serialNumber,
    fingerprint256: x.fingerprint256,
    protocol: h.protocol,
    cipher: h.cipher,
    ...(h.authorizationError ? { verifyError: h.authorizationError } : {}),
  };
}

function finding(
  t: TlsTarget,
  kind: string,
  severity: Severity,
  title: string,
  description: string,
  evidence: Record<string, unknown>,
): ScanFinding {
  return {
    scanner: "tls",
    kind,
    severity,
    title,
    description,
    port: t.port,
    evidence: { url: tlsUrl(t), ...evidence },
  };
}

function certificateFindings(t: TlsTarget, h: Handshake, now: Date): ScanFinding[] {
  const out: ScanFinding[] = [];
  const where = `${t.hostname ?? t.address}:${t.port}`;
  const cert = certificateEvidence(h);
  const validTo = new Date(h.x509.validTo);
  const validFrom = new Date(h.x509.validFrom);
  const left = validTo.getTime() - now.getTime();
  if (left <= 0) {
    out.push(
      finding(
        t,
        "tls.expired-certificate",
        "high",
        "TLS certificate has expired",
        `The certificate served on ${where} expired on ${validTo.toISOString().slice(0, 10)}. Browsers show a ` +
          `full-page warning and most API clients refuse to connect; people who click through learn to ignore ` +
          `warnings that may one day be an attack. Renew the certificate and reload the server, and automate ` +
          `renewal (ACME / Let's Encrypt) with monitoring of the expiry date.`,
        { certificate: cert, matched: `notAfter=${cert.validTo}` },
      ),
    );
  } else if (left < EXPIRY_WARNING_DAYS * DAY) {
    const days = Math.floor(left / DAY);
    out.push(
      finding(
        t,
        "tls.expiring-certificate",
        "medium",
        `TLS certificate expires in ${days} day${days === 1 ? "" : "s"}`,
        `The certificate served on ${where} expires on ${validTo.toISOString().slice(0, 10)}, in less than ` +
          `${EXPIRY_WARNING_DAYS} days. When it does, browsers and clients will refuse the site. Renew it now and ` +
          `check that automatic renewal works.`,
        { certificate: cert, matched: `notAfter=${cert.validTo}` },
      ),
    );
  }
  if (validFrom.getTime() > now.getTime()) {
    out.push(
      finding(
        t,
        "tls.not-yet-valid-certificate",
        "medium",
        "TLS certificate is not valid yet",
        `The certificate served on ${where} is only valid from ${validFrom.toISOString()}; clients reject it until ` +
          `then. Check the server's clock and the certificate's issue date, and serve a currently valid certificate.`,
        { certificate: cert, matched: `notBefore=${cert.validFrom}` },
      ),
    );
  }
  const selfSigned = isSelfSigned(h.x509, h.authorizationError);
  if (selfSigned && !h.authorized) {
    out.push(
      finding(
        t,
        "tls.self-signed",
        "medium",
        "Self-signed TLS certificate",
        `The certificate served on ${where} is signed by its own key, so no client can tell it from an attacker's: ` +
          `browsers warn, and people who click through are open to interception. Use a certificate from a publicly ` +
          `trusted authority (free and automatic with Let's Encrypt).`,
        { certificate: cert, matched: `issuer=${cert.issuer}` },
      ),
    );
  } else if (!selfSigned && h.authorizationError && CHAIN_ERRORS.has(h.authorizationError)) {
    out.push(
      finding(
        t,
        "tls.untrusted-certificate",
        "medium",
        "TLS certificate chain is not trusted",
        `The certificate served on ${where} does not lead to a trusted root (${h.authorizationError}): it is issued ` +
          `by a private or unknown authority, or the server does not send the intermediate certificates. Clients ` +
          `show warnings or refuse to connect. Serve the full chain (leaf and intermediates) from a publicly ` +
          `trusted authority.`,
        { certificate: cert, matched: h.authorizationError },
      ),
    );
  }
  if (t.hostname) {
    const mismatch = tls.checkServerIdentity(t.hostname, h.peer);
    if (mismatch) {
      out.push(
        finding(
          t,
          "tls.hostname-mismatch",
          "medium",
          "TLS certificate does not match the host name",
          `The certificate served on ${where} is not valid for ${t.hostname} (it names: ` +
            `${cert.altNames || cert.subject}). Browsers show a warning and clients refuse the connection. Serve a ` +
            `certificate that lists ${t.hostname} in its Subject Alternative Names, or the right certificate for ` +
            `this name (check SNI configuration).`,
          { certificate: cert, matched: mismatch.message },
        ),
      );
    }
  }
  return out;
}

const suiteName = (id: number) => WEAK_SUITES.get(id)?.name ?? `0x${id.toString(16).padStart(4, "0")}`;

function aborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? Object.assign(new Error("aborted"), { name: "AbortError" });
}

async function protocolFindings(t: TlsTarget, opts: TlsCheckOptions): Promise<ScanFinding[]> {
  const probe = (version: number, suites: readonly number[]): Promise<HelloResult> =>
    helloProbe(t.address, t.port, version, suites, {
      servername: t.hostname,
      timeoutMs: opts.timeoutMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  const out: ScanFinding[] = [];
  const where = `${t.hostname ?? t.address}:${t.port}`;

  const accepted: Array<{ version: string; cipher: string }> = [];
  for (const version of [0x0300, 0x0301, 0x0302]) {
    aborted(opts.signal);
    const r = await probe(version, version === 0x0300 ? [...COMMON_SUITES, ...WEAK_SUITES.keys()] : COMMON_SUITES);
    if (r.kind === "accepted" && r.version < 0x0303 && !accepted.some((a) => a.version === TLS_VERSIONS[r.version])) {
      accepted.push({ version: TLS_VERSIONS[r.version] ?? `0x${r.version.toString(16)}`, cipher: suiteName(r.suite) });
    }
  }
  if (accepted.length) {
    const versions = accepted.map((a) => a.version);
    const ssl3 = versions.includes("SSLv3");
    out.push(
      finding(
        t,
        "tls.old-protocol",
        ssl3 ? "high" : "medium",
        `Outdated TLS protocol accepted (${versions.join(", ")})`,
        `${where} still accepts ${versions.join(" and ")}. These versions were deprecated (RFC 8996) because of ` +
          `known weaknesses (${ssl3 ? "POODLE, " : ""}BEAST, weak hashes) and are refused by current browsers; ` +
          `keeping them only helps downgrade attacks and outdated clients. Allow TLS 1.2 and 1.3 only (e.g. nginx ` +
          `"ssl_protocols TLSv1.2 TLSv1.3;", Apache "SSLProtocol -all +TLSv1.2 +TLSv1.3").`,
        { acceptedProtocols: accepted, matched: versions.join(", ") },
      ),
    );
  }

  const weak: Array<{ cipher: string; weakness: string; version: string }> = [];
  const offer = new Set(WEAK_SUITES.keys());
  for (let round = 0; round < 8 && offer.size; round++) {
    aborted(opts.signal);
    const r = await probe(0x0303, [...offer]);
    if (r.kind !== "accepted" || !offer.has(r.suite)) break;
    offer.delete(r.suite);
    weak.push({
      cipher: suiteName(r.suite),
      weakness: WEAK_SUITES.get(r.suite)!.weakness,
      version: TLS_VERSIONS[r.version] ?? String(r.version),
    });
  }
  if (weak.length) {
    const kinds = [...new Set(weak.map((w) => w.weakness))];
    out.push(
      finding(
        t,
        "tls.weak-cipher",
        // Anonymous suites authenticate nobody: a man in the middle needs no broken crypto at all.
        kinds.includes("anonymous") ? "high" : "medium",
        `Weak TLS cipher suites accepted (${kinds.join(", ")})`,
        `${where} agrees to encrypt with ${weak.map((w) => w.cipher).join(", ")}. ` +
          `${kinds.map(describeWeakness).join(" ")} Configure the server to offer only AEAD suites with forward ` +
          `secrecy (ECDHE with AES-GCM or ChaCha20-Poly1305), e.g. Mozilla's "intermediate" configuration.`,
        { acceptedCiphers: weak, matched: weak.map((w) => w.cipher).join(", ") },
      ),
    );
  }
  return out;
}

function describeWeakness(w: string): string {
  switch (w) {
    case "NULL":
      return "NULL suites do not encrypt at all.";
    case "EXPORT":
      return "EXPORT suites use 40/56-bit keys that can be broken in minutes (FREAK, Logjam).";
    case "RC4":
      return "RC4 has statistical biases that leak plaintext (RFC 7465 forbids it).";
    case "DES":
      return "Single DES keys are brute-forced in hours.";
    case "3DES":
      return "3DES has 64-bit blocks, so long connections leak data (Sweet32).";
    case "anonymous":
      return "Anonymous suites do not authenticate the server, so anyone in the middle can impersonate it.";
    default:
      return "";
  }
}

/** All TLS findings for one port; empty when it does not speak TLS. */
export async function checkTls(t: TlsTarget, opts: TlsCheckOptions): Promise<ScanFinding[]> {
  aborted(opts.signal);
  const h = await handshake(t, opts);
  aborted(opts.signal);
  const found: ScanFinding[] = h ? certificateFindings(t, h, opts.now ?? new Date()) : [];
  // A port that only speaks legacy TLS may fail our modern handshake; the probes still tell.
  found.push(...(await protocolFindings(t, opts)));
  if (!h && !found.length) return [];
  return found;
}
