// What a port agrees to speak: legacy protocol versions and weak suites.
import { checks } from "../../declare.ts";

const WEAKNESS: Record<string, string> = {
  NULL: "NULL suites do not encrypt at all.",
  EXPORT: "EXPORT suites use 40/56-bit keys that can be broken in minutes (FREAK, Logjam).",
  RC4: "RC4 has statistical biases that leak plaintext (RFC 7465 forbids it).",
  DES: "Single DES keys are brute-forced in hours.",
  "3DES": "3DES has 64-bit blocks, so long connections leak data (Sweet32).",
  anonymous: "Anonymous suites do not authenticate the server, so anyone in the middle can impersonate it.",
};

export default checks([
  {
    kind: "tls.old-protocol",
    category: "tls",
    protocol: "tls",
    title: "Outdated TLS protocol accepted (SSL 3.0, TLS 1.0 or 1.1)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    description:
      "The port still accepts protocol versions deprecated by RFC 8996 because of known weaknesses (POODLE, BEAST, " +
      "weak hashes), refused by current browsers; keeping them only helps downgrade attacks and outdated clients.",
    remediation:
      'Allow TLS 1.2 and 1.3 only (nginx "ssl_protocols TLSv1.2 TLSv1.3;", Apache "SSLProtocol -all +TLSv1.2 ' +
      '+TLSv1.3").',
    references: ["https://www.rfc-editor.org/rfc/rfc8996", "https://cwe.mitre.org/data/definitions/327.html"],
    cwe: [327],
    needs: ["protocols"],
    test: ({ legacyProtocols }) => {
      if (!legacyProtocols.length) return null;
      const versions = legacyProtocols.map((a) => a.version);
      const ssl3 = versions.includes("SSLv3");
      return {
        matched: versions.join(", "),
        severity: ssl3 ? "high" : "medium",
        title: `Outdated TLS protocol accepted (${versions.join(", ")})`,
        description: `It still accepts ${versions.join(" and ")}. These versions were deprecated (RFC 8996) \
because of known weaknesses (${ssl3 ? "POODLE, " : ""}BEAST, weak hashes) and are refused by current browsers; \
keeping them only helps downgrade attacks and outdated clients.`,
        details: { acceptedProtocols: legacyProtocols },
      };
    },
    fixtures: {
      vulnerable: { tls: { minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" } },
      clean: { tls: { minVersion: "TLSv1.2" } },
    },
  },
  {
    kind: "tls.weak-cipher",
    category: "tls",
    protocol: "tls",
    title: "Weak TLS cipher suites accepted",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The port agrees to encrypt with broken or unauthenticated suites (NULL, EXPORT, RC4, DES, 3DES, anonymous). " +
      "An anonymous suite is high: it authenticates nobody, so a man in the middle needs no broken crypto at all.",
    remediation:
      "Offer only AEAD suites with forward secrecy (ECDHE with AES-GCM or ChaCha20-Poly1305), e.g. Mozilla's " +
      '"intermediate" configuration.',
    references: [
      "https://ssl-config.mozilla.org/",
      "https://www.rfc-editor.org/rfc/rfc7465",
      "https://cwe.mitre.org/data/definitions/327.html",
    ],
    cwe: [327],
    needs: ["ciphers"],
    test: ({ weakCiphers: weak }) => {
      if (!weak.length) return null;
      const kinds = [...new Set(weak.map((w) => w.weakness))];
      return {
        matched: weak.map((w) => w.cipher).join(", "),
        severity: kinds.includes("anonymous") ? "high" : "medium",
        title: `Weak TLS cipher suites accepted (${kinds.join(", ")})`,
        description: `It agrees to encrypt with ${weak.map((w) => w.cipher).join(", ")}. \
${kinds.map((k) => WEAKNESS[k] ?? "").join(" ")}`,
        details: { acceptedCiphers: weak },
      };
    },
    fixtures: {
      vulnerable: [
        {
          tls: {
            maxVersion: "TLSv1.2",
            ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-NULL-SHA:@SECLEVEL=0",
          },
        },
        {
          tls: {
            maxVersion: "TLSv1.2",
            ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-NULL-SHA:AECDH-AES128-SHA:@SECLEVEL=0",
          },
          expect: { severity: "high" },
        },
      ],
      clean: { tls: { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256" } },
    },
  },
]);
