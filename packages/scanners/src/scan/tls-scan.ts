// One real TLS handshake with a port (lenient: TLS 1.0+, SECLEVEL 0, SNI =
// the asset's name), and what it says of the certificate. The TLS checks
// (tls-checks.ts, the catalogue's tls/ folder) judge the facts built from
// it (checks/engine/tls-facts.ts); old protocol versions and weak suites come
// from the hand-built ClientHellos of tls-hello.ts.
import { X509Certificate } from "node:crypto";
import tls, { type DetailedPeerCertificate, type SecureContext } from "node:tls";
import { settleOnce, type Settle } from "../settle.ts";

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
