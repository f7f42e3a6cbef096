// What a TLS connection showed of its certificate, in plain strings.
import type { PeerCertificate, TLSSocket } from "node:tls";
import type { TlsInfo } from "./types.ts";

function dn(x: PeerCertificate["subject"] | undefined): string {
  if (!x) return "";
  return Object.entries(x)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join("+") : String(v)}`)
    .join(", ");
}

const iso = (s: string | undefined) => {
  const d = s ? new Date(s) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : (s ?? "");
};

export function tlsInfoOf(socket: TLSSocket): TlsInfo | undefined {
  const cert = socket.getPeerCertificate(true);
  if (!cert || !Object.keys(cert).length) return undefined;
  const authError = socket.authorizationError
    ? String((socket.authorizationError as Error & { code?: string }).code ?? socket.authorizationError)
    : undefined;
  const issuerCert = (cert as { issuerCertificate?: PeerCertificate }).issuerCertificate;
  const selfSigned =
    authError === "DEPTH_ZERO_SELF_SIGNED_CERT" ||
    (!!issuerCert && issuerCert.fingerprint256 === cert.fingerprint256 && dn(cert.subject) === dn(cert.issuer));
  return {
    protocol: socket.getProtocol() ?? "unknown",
    cipher: socket.getCipher()?.name ?? "unknown",
    subject: dn(cert.subject),
    issuer: dn(cert.issuer),
    validFrom: iso(cert.valid_from),
    validTo: iso(cert.valid_to),
    selfSigned,
    authorized: socket.authorized,
    ...(authError ? { authorizationError: authError } : {}),
    altNames: (cert.subjectaltname ?? "")
      .split(",")
      .map((s) => s.trim().replace(/^(DNS|IP Address|URI|email):/, ""))
      .filter(Boolean),
  };
}
