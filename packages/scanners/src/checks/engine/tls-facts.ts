// The facts TLS checks judge, gathered once per port and only when a check
// needs them: the certificate and chain from one real handshake (lenient:
// TLS 1.0+, SECLEVEL 0, SNI = the asset's name), and the legacy protocols and
// weak suites the server accepts, learnt from hand-built ClientHellos
// (scan/tls-hello.ts) since our OpenSSL cannot speak them.
import type { X509Certificate } from "node:crypto";
import tls, { type DetailedPeerCertificate } from "node:tls";
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate } from "@peculiar/asn1-x509";
import { COMMON_SUITES, helloProbe, TLS_VERSIONS, WEAK_SUITES, type HelloResult } from "../../scan/tls-hello.ts";
import { handshake, isSelfSigned, type TlsCheckOptions, type TlsTarget } from "../../scan/tls-scan.ts";
import type { TlsCertificateFacts, TlsFacts, TlsHandshakeFacts, TlsNeed } from "../format/index.ts";
import type { HostLimiter } from "./settings.ts";

export type { TlsTarget };

export interface TlsFactsOptions extends TlsCheckOptions {
  expiryWarningDays: number;
  limiter?: HostLimiter;
}

/** Signature algorithm OIDs by name (RFC 3279, 4055, 5758, 8410). */
const SIGNATURES: Record<string, [name: string, hash: string | null]> = {
  "1.2.840.113549.1.1.2": ["md2WithRSAEncryption", "md2"],
  "1.2.840.113549.1.1.4": ["md5WithRSAEncryption", "md5"],
  "1.2.840.113549.1.1.5": ["sha1WithRSAEncryption", "sha1"],
  "1.2.840.113549.1.1.10": ["RSASSA-PSS", null],
  "1.2.840.113549.1.1.11": ["sha256WithRSAEncryption", "sha256"],
  "1.2.840.113549.1.1.12": ["sha384WithRSAEncryption", "sha384"],
  "1.2.840.113549.1.1.13": ["sha512WithRSAEncryption", "sha512"],
  "1.2.840.10045.4.1": ["ecdsa-with-SHA1", "sha1"],
  "1.2.840.10045.4.3.2": ["ecdsa-with-SHA256", "sha256"],
  "1.2.840.10045.4.3.3": ["ecdsa-with-SHA384", "sha384"],
  "1.2.840.10045.4.3.4": ["ecdsa-with-SHA512", "sha512"],
  "1.2.840.10040.4.3": ["dsa-with-sha1", "sha1"],
  "2.16.840.1.101.3.4.3.2": ["dsa-with-sha256", "sha256"],
  "1.3.101.112": ["Ed25519", null],
  "1.3.101.113": ["Ed448", null],
};
const CURVE_BITS: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521, secp256k1: 256 };

function signatureOf(raw: Buffer): [string, string | null] {
  try {
    const oid = AsnConvert.parse(raw, Certificate).signatureAlgorithm.algorithm;
    return SIGNATURES[oid] ?? [oid, null];
  } catch {
    return ["unknown", null];
  }
}

/** Certificates in the chain Node reports (what the server sent, completed with a trusted root when one was found). */
function chainLength(peer: DetailedPeerCertificate): number {
  let n = 1;
  const seen = new Set([peer.fingerprint256]);
  for (let c = peer.issuerCertificate; c && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
    seen.add(c.fingerprint256);
    n++;
  }
  return n;
}

function certificateFacts(peer: DetailedPeerCertificate, x: X509Certificate, verifyError: string | null) {
  const details = x.publicKey.asymmetricKeyDetails ?? {};
  const [signatureAlgorithm, signatureHash] = signatureOf(x.raw);
  const facts: TlsCertificateFacts = {
    subject: x.subject.replace(/\n/g, ", "),
    issuer: x.issuer.replace(/\n/g, ", "),
    notBefore: new Date(x.validFrom),
    notAfter: new Date(x.validTo),
    altNames: x.subjectAltName ?? "",
    serialNumber: x.serialNumber,
    fingerprint256: x.fingerprint256,
    keyType: x.publicKey.asymmetricKeyType ?? "unknown",
    keyBits: details.modulusLength ?? (details.namedCurve ? (CURVE_BITS[details.namedCurve] ?? null) : null),
    signatureAlgorithm,
    signatureHash,
    selfSigned: isSelfSigned(x, verifyError),
    presented: chainLength(peer),
    infoAccess: x.infoAccess ?? "",
  };
  return facts;
}

/** The handshake's facts; null when the port does not complete one. */
async function handshakeFacts(t: TlsTarget, opts: TlsFactsOptions): Promise<TlsHandshakeFacts | null> {
  const h = await handshake(t, opts);
  if (!h) return null;
  const mismatch = t.hostname ? tls.checkServerIdentity(t.hostname, h.peer) : undefined;
  return {
    protocol: h.protocol,
    cipher: h.cipher,
    authorized: h.authorized,
    verifyError: h.authorizationError,
    hostnameError: mismatch ? mismatch.message : null,
    certificate: certificateFacts(h.peer, h.x509, h.authorizationError),
  };
}

const suiteName = (id: number) => WEAK_SUITES.get(id)?.name ?? `0x${id.toString(16).padStart(4, "0")}`;

function aborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? Object.assign(new Error("aborted"), { name: "AbortError" });
}

/** The facts of one port, each part gathered on first need. */
export class TlsFactsGatherer {
  private readonly parts = new Map<TlsNeed, Promise<unknown>>();

  constructor(
    private readonly t: TlsTarget,
    private readonly opts: TlsFactsOptions,
  ) {}

  private limited<T>(fn: () => Promise<T>): Promise<T> {
    aborted(this.opts.signal);
    return this.opts.limiter ? this.opts.limiter.run(fn, this.opts.signal) : fn();
  }

  private probe(version: number, suites: readonly number[]): Promise<HelloResult> {
    return this.limited(() =>
      helloProbe(this.t.address, this.t.port, version, suites, {
        servername: this.t.hostname,
        timeoutMs: this.opts.timeoutMs,
        ...(this.opts.signal ? { signal: this.opts.signal } : {}),
      }),
    );
  }

  private async legacyProtocols(): Promise<TlsFacts["legacyProtocols"]> {
    const accepted: TlsFacts["legacyProtocols"] = [];
    for (const version of [0x0300, 0x0301, 0x0302]) {
      const r = await this.probe(
        version,
        version === 0x0300 ? [...COMMON_SUITES, ...WEAK_SUITES.keys()] : COMMON_SUITES,
      );
      if (r.kind === "accepted" && r.version < 0x0303 && !accepted.some((a) => a.version === TLS_VERSIONS[r.version])) {
        accepted.push({
          version: TLS_VERSIONS[r.version] ?? `0x${r.version.toString(16)}`,
          cipher: suiteName(r.suite),
        });
      }
    }
    return accepted;
  }

  private async weakCiphers(): Promise<TlsFacts["weakCiphers"]> {
    const weak: TlsFacts["weakCiphers"] = [];
    const offer = new Set(WEAK_SUITES.keys());
    for (let round = 0; round < 8 && offer.size; round++) {
      const r = await this.probe(0x0303, [...offer]);
      if (r.kind !== "accepted" || !offer.has(r.suite)) break;
      offer.delete(r.suite);
      weak.push({
        cipher: suiteName(r.suite),
        weakness: WEAK_SUITES.get(r.suite)!.weakness,
        version: TLS_VERSIONS[r.version] ?? String(r.version),
      });
    }
    return weak;
  }

  private part<T>(need: TlsNeed, gather: () => Promise<T>): Promise<T> {
    let p = this.parts.get(need) as Promise<T> | undefined;
    if (!p) {
      p = gather();
      this.parts.set(need, p);
    }
    return p;
  }

  /** The facts with at least `needs` gathered (the others empty). */
  async facts(needs: readonly TlsNeed[]): Promise<TlsFacts> {
    const [h, legacy, weak] = await Promise.all([
      needs.includes("handshake")
        ? this.part("handshake", () => this.limited(() => handshakeFacts(this.t, this.opts)))
        : null,
      needs.includes("protocols") ? this.part("protocols", () => this.legacyProtocols()) : [],
      needs.includes("ciphers") ? this.part("ciphers", () => this.weakCiphers()) : [],
    ]);
    return {
      where: `${this.t.hostname ?? this.t.address}:${this.t.port}`,
      hostname: this.t.hostname,
      now: this.opts.now ?? new Date(),
      expiryWarningDays: this.opts.expiryWarningDays,
      handshake: h,
      legacyProtocols: legacy,
      weakCiphers: weak,
    };
  }
}

/** The certificate as the evidence shows it. */
export function certificateEvidence(h: TlsHandshakeFacts) {
  const c = h.certificate;
  return {
    subject: c.subject,
    issuer: c.issuer,
    validFrom: c.notBefore.toISOString(),
    validTo: c.notAfter.toISOString(),
    altNames: c.altNames,
    serialNumber: c.serialNumber,
    fingerprint256: c.fingerprint256,
    key: `${c.keyType}${c.keyBits ? ` ${c.keyBits}` : ""}`,
    signatureAlgorithm: c.signatureAlgorithm,
    protocol: h.protocol,
    cipher: h.cipher,
    ...(h.verifyError ? { verifyError: h.verifyError } : {}),
  };
}
