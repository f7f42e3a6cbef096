// The certificate a port serves: dates, trust, name, key and signature.
import { checks, type TlsFacts } from "../../declare.ts";

const DAY = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

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

/**
 * The server sends its leaf alone although the leaf names where its issuer's certificate is published (Authority
 * Information Access): a certificate from a CA with intermediates, served without them.
 */
function incompleteChain(f: TlsFacts): boolean {
  const h = f.handshake;
  if (!h || h.authorized || h.certificate.selfSigned || h.certificate.presented !== 1) return false;
  const missingIssuer = ["UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"];
  return missingIssuer.includes(h.verifyError ?? "") && /CA Issuers/i.test(h.certificate.infoAccess);
}

const CERT_REFS = [
  "https://cwe.mitre.org/data/definitions/295.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/09-Testing_for_Weak_Cryptography/01-Testing_for_Weak_Transport_Layer_Security",
];

export default checks([
  {
    kind: "tls.expired-certificate",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate has expired",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L",
    description:
      "The certificate served has expired. Browsers show a full-page warning and most API clients refuse to " +
      "connect; people who click through learn to ignore warnings that may one day be an attack.",
    remediation:
      "Renew the certificate and reload the server, and automate renewal (ACME / Let's Encrypt) with monitoring of " +
      "the expiry date.",
    references: CERT_REFS,
    cwe: [298],
    needs: ["handshake"],
    test: ({ handshake: h, now }) => {
      if (!h || h.certificate.notAfter.getTime() > now.getTime()) return null;
      return {
        matched: `notAfter=${h.certificate.notAfter.toISOString()}`,
        description: `The certificate served expired on ${day(h.certificate.notAfter)}. Browsers show a full-page \
warning and most API clients refuse to connect; people who click through learn to ignore warnings that may one day \
be an attack.`,
      };
    },
    fixtures: {
      vulnerable: { certificate: { startsInDays: -400, validDays: -10 } },
      clean: { certificate: { validDays: 90 } },
    },
  },
  {
    kind: "tls.expiring-certificate",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate expires soon",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:L",
    description:
      "The certificate served expires within the warning period (EMS_TLS_EXPIRY_WARNING_DAYS, 14 days by default). " +
      "When it does, browsers and clients will refuse the site.",
    remediation: "Renew it now and check that automatic renewal works.",
    references: CERT_REFS,
    cwe: [298],
    needs: ["handshake"],
    test: ({ handshake: h, now, expiryWarningDays }) => {
      const left = h ? h.certificate.notAfter.getTime() - now.getTime() : 0;
      if (!h || left <= 0 || left >= expiryWarningDays * DAY) return null;
      const days = Math.floor(left / DAY);
      return {
        matched: `notAfter=${h.certificate.notAfter.toISOString()}`,
        title: `TLS certificate expires in ${days} day${days === 1 ? "" : "s"}`,
        description: `The certificate served expires on ${day(h.certificate.notAfter)}, in less than \
${expiryWarningDays} days. When it does, browsers and clients will refuse the site.`,
      };
    },
    fixtures: {
      vulnerable: { certificate: { validDays: 5 } },
      clean: { certificate: { validDays: 60 } },
    },
  },
  {
    kind: "tls.not-yet-valid-certificate",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate is not valid yet",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L",
    description:
      "The certificate served is only valid from a date in the future; clients reject it until then. The server's " +
      "clock or the certificate's issue date is wrong.",
    remediation: "Check the server's clock and the certificate's issue date, and serve a currently valid certificate.",
    references: CERT_REFS,
    cwe: [298],
    needs: ["handshake"],
    test: ({ handshake: h, now }) =>
      h && h.certificate.notBefore.getTime() > now.getTime()
        ? {
            matched: `notBefore=${h.certificate.notBefore.toISOString()}`,
            description: `The certificate served is only valid from ${h.certificate.notBefore.toISOString()}; \
clients reject it until then.`,
          }
        : null,
    fixtures: {
      vulnerable: { certificate: { startsInDays: 3, validDays: 90 } },
      clean: { certificate: { startsInDays: -3 } },
    },
  },
  {
    kind: "tls.self-signed",
    category: "tls",
    protocol: "tls",
    title: "Self-signed TLS certificate",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    description:
      "The certificate served is signed by its own key, so no client can tell it from an attacker's: browsers " +
      "warn, and people who click through are open to interception.",
    remediation: "Use a certificate from a publicly trusted authority (free and automatic with Let's Encrypt).",
    references: CERT_REFS,
    cwe: [295],
    needs: ["handshake"],
    test: ({ handshake: h }) =>
      h && h.certificate.selfSigned && !h.authorized ? { matched: `issuer=${h.certificate.issuer}` } : null,
    fixtures: {
      vulnerable: { certificate: { selfSigned: true } },
      clean: { certificate: {} },
    },
  },
  {
    kind: "tls.untrusted-certificate",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate chain is not trusted",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    description:
      "The certificate served does not lead to a trusted root: it is issued by a private or unknown authority. " +
      "Clients show warnings or refuse to connect.",
    remediation: "Serve a certificate from a publicly trusted authority, with its full chain (leaf and intermediates).",
    references: CERT_REFS,
    cwe: [295],
    needs: ["handshake"],
    test: (f) => {
      const h = f.handshake;
      if (!h || h.certificate.selfSigned || !h.verifyError || !CHAIN_ERRORS.has(h.verifyError)) return null;
      if (incompleteChain(f)) return null; // tls.incomplete-chain says what is wrong
      return {
        matched: h.verifyError,
        description: `The certificate served does not lead to a trusted root (${h.verifyError}): it is issued by a \
private or unknown authority, or the server does not send the intermediate certificates. Clients show warnings or \
refuse to connect.`,
      };
    },
    fixtures: {
      vulnerable: { certificate: { issuer: "unknown" } },
      clean: { certificate: { issuer: "trusted" } },
    },
  },
  {
    kind: "tls.incomplete-chain",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate chain is incomplete (intermediate missing)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:L",
    description:
      "The server sends its certificate without the intermediate certificate that links it to a trusted root. " +
      "Browsers that have cached or can fetch the intermediate work; many API clients, mobile apps, curl and " +
      "monitoring tools refuse the connection.",
    remediation:
      "Configure the server with the full chain: the leaf followed by the intermediates (nginx ssl_certificate " +
      "with fullchain.pem; Apache SSLCertificateFile with the chain).",
    references: [
      "https://cwe.mitre.org/data/definitions/295.html",
      "https://www.rfc-editor.org/rfc/rfc8446#section-4.4.2",
    ],
    cwe: [295],
    needs: ["handshake"],
    test: (f) =>
      incompleteChain(f)
        ? {
            matched:
              `${f.handshake!.verifyError}; the server sent 1 certificate; ` + f.handshake!.certificate.infoAccess,
          }
        : null,
    fixtures: {
      vulnerable: { certificate: { chain: "leaf-only" } },
      clean: { certificate: { chain: "full" } },
    },
  },
  {
    kind: "tls.hostname-mismatch",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate does not match the host name",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    description:
      "The certificate served is not valid for the asset's name. Browsers show a warning and clients refuse the " +
      "connection.",
    remediation:
      "Serve a certificate that lists the name in its Subject Alternative Names, or the right certificate for this " +
      "name (check SNI configuration).",
    references: CERT_REFS,
    cwe: [297],
    needs: ["handshake"],
    test: ({ handshake: h, hostname }) =>
      h?.hostnameError && hostname
        ? {
            matched: h.hostnameError,
            description: `The certificate served is not valid for ${hostname} (it names: \
${h.certificate.altNames || h.certificate.subject}). Browsers show a warning and clients refuse the connection.`,
          }
        : null,
    fixtures: {
      vulnerable: { certificate: { hostnames: ["other.example.test"] } },
      clean: { certificate: {} },
    },
  },
  {
    kind: "tls.weak-key",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate key is too short",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    description:
      "The certificate's public key is shorter than today's minimum (RSA and DSA under 2048 bits, elliptic " +
      "curves under 224 bits). Such keys are within reach of well-funded attackers, and browsers and CAs reject them.",
    remediation: "Issue a new certificate with an RSA key of 2048 bits or more, or an ECDSA P-256 key.",
    references: [
      "https://cwe.mitre.org/data/definitions/326.html",
      "https://cabforum.org/baseline-requirements-documents/",
    ],
    cwe: [326],
    needs: ["handshake"],
    test: ({ handshake: h }) => {
      const c = h?.certificate;
      if (!c?.keyBits) return null;
      const min = c.keyType === "ec" ? 224 : ["rsa", "rsa-pss", "dsa"].includes(c.keyType) ? 2048 : 0;
      return c.keyBits < min ? { matched: `${c.keyType} ${c.keyBits} bits` } : null;
    },
    fixtures: {
      vulnerable: { certificate: { key: "rsa-1024" } },
      clean: { certificate: { key: "rsa-2048" } },
    },
  },
  {
    kind: "tls.weak-signature",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate signed with SHA-1 or MD5",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    description:
      "The certificate is signed with a broken hash (SHA-1, MD5): colliding certificates have been forged for both, " +
      "and browsers no longer accept them.",
    remediation: "Reissue the certificate with a SHA-256 (or stronger) signature.",
    references: ["https://cwe.mitre.org/data/definitions/328.html", "https://shattered.io/"],
    cwe: [328],
    needs: ["handshake"],
    test: ({ handshake: h }) => {
      const c = h?.certificate;
      return c && !c.selfSigned && ["sha1", "md5", "md2"].includes(c.signatureHash ?? "")
        ? { matched: c.signatureAlgorithm }
        : null;
    },
    fixtures: {
      vulnerable: { certificate: { signature: "sha1" } },
      clean: { certificate: { signature: "sha256" } },
    },
  },
]);
