// What a certificate and a handshake say about the TLS policy behind a port, beyond outright breakage: wildcard and
// shared certificates, lifetimes longer than browsers accept, suites without forward secrecy or with CBC, no TLS 1.3.
import { checks } from "../../declare.ts";

const DAY = 86_400_000;
/** Browsers refuse publicly trusted certificates issued from 1 September 2020 for more than 398 days. */
const MAX_LIFETIME_DAYS = 398;
const LIFETIME_RULE_FROM = Date.UTC(2020, 8, 1);
/** Suites whose key exchange is ephemeral (TLS 1.3 suites always are). */
const FORWARD_SECRET = /^(ECDHE|DHE|EDH)-|^TLS_/;
const MOZILLA = "https://wiki.mozilla.org/Security/Server_Side_TLS";
const dnsNames = (altNames: string) =>
  altNames
    .split(/,\s*/)
    .filter((n) => n.startsWith("DNS:"))
    .map((n) => n.slice(4));

export default checks([
  {
    kind: "tls.wildcard-certificate",
    category: "tls",
    protocol: "tls",
    title: "Wildcard TLS certificate in use",
    severity: "info",
    confidence: "confirmed",
    description:
      "The port presents a wildcard certificate (*.example.com). Its private key is valid for every host of the " +
      "domain, so it tends to be copied to many servers: one compromised server can impersonate all the others.",
    remediation:
      "Prefer one certificate per service (ACME makes it free); where a wildcard is needed, keep its key on as few " +
      "servers as possible (a TLS-terminating proxy).",
    references: [
      "https://cwe.mitre.org/data/definitions/295.html",
      "https://www.rfc-editor.org/rfc/rfc6125#section-7.2",
    ],
    cwe: [295],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) => {
      const wild = h ? dnsNames(h.certificate.altNames).filter((n) => n.startsWith("*.")) : [];
      return wild.length ? { matched: wild.join(", "), details: { wildcardNames: wild } } : null;
    },
    fixtures: {
      vulnerable: { certificate: { hostnames: ["*.fixture.test"] } },
      clean: { certificate: { hostnames: ["tls.fixture.test"] } },
    },
  },
  {
    kind: "tls.long-validity",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate valid for longer than browsers accept (398 days)",
    severity: "low",
    description:
      "The publicly trusted certificate was issued for more than 398 days. Browsers (Apple, Google, Mozilla) refuse " +
      "such certificates issued since 1 September 2020, so visitors may see an error, and a long-lived key stays " +
      "useful to whoever steals it.",
    remediation:
      "Reissue the certificate for at most 398 days (90 with ACME / Let's Encrypt) and automate its renewal.",
    references: [
      "https://support.apple.com/en-us/102028",
      "https://cabforum.org/baseline-requirements-documents/",
      "https://cwe.mitre.org/data/definitions/324.html",
    ],
    cwe: [324],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) => {
      const c = h?.certificate;
      // Private CAs may issue what they like: only a chain that verifies to a public root is held to the rule.
      if (!h?.authorized || !c || c.selfSigned || c.notBefore.getTime() < LIFETIME_RULE_FROM) return null;
      const days = Math.round((c.notAfter.getTime() - c.notBefore.getTime()) / DAY);
      return days > MAX_LIFETIME_DAYS + 1
        ? { matched: `valid for ${days} days`, details: { notBefore: c.notBefore, notAfter: c.notAfter, days } }
        : null;
    },
    fixtures: {
      vulnerable: { certificate: { validDays: 825 } },
      clean: { certificate: { validDays: 397 } },
    },
  },
  {
    kind: "tls.shared-certificate",
    category: "tls",
    protocol: "tls",
    title: "TLS certificate shared by many host names",
    severity: "info",
    confidence: "confirmed",
    description:
      "The certificate names 50 or more hosts. Its key is on every server that answers for them (often a CDN or " +
      "hosting provider's shared certificate), and its name list discloses the other sites and internal names.",
    remediation:
      "Use a certificate of the service's own (a dedicated certificate at the CDN or host), and keep internal names " +
      "out of public certificates.",
    references: ["https://cwe.mitre.org/data/definitions/200.html", "https://www.rfc-editor.org/rfc/rfc6125"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) => {
      const names = h ? dnsNames(h.certificate.altNames) : [];
      return names.length >= 50
        ? { matched: `${names.length} names`, details: { names: names.length, sample: names.slice(0, 10) } }
        : null;
    },
    fixtures: {
      vulnerable: {
        certificate: {
          hostnames: ["tls.fixture.test", ...Array.from({ length: 59 }, (_, i) => `shop${i + 1}.customer-sites.test`)],
        },
      },
      clean: { certificate: { hostnames: ["tls.fixture.test", "www.fixture.test"] } },
    },
  },
  {
    kind: "tls.no-forward-secrecy",
    category: "tls",
    protocol: "tls",
    title: "TLS without forward secrecy (RSA key exchange preferred)",
    severity: "low",
    description:
      "Offered a modern client's list, the server chose a suite with static RSA key exchange. Whoever records the " +
      "traffic today and obtains the server's private key later (a breach, a court order) decrypts all of it.",
    remediation:
      "Prefer ECDHE suites and drop the static RSA ones (nginx: ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:" +
      "ECDHE-RSA-AES128-GCM-SHA256:…; ssl_prefer_server_ciphers off), and enable TLS 1.3.",
    references: [MOZILLA, "https://cwe.mitre.org/data/definitions/327.html"],
    cwe: [327],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) =>
      h && h.protocol !== "TLSv1.3" && !FORWARD_SECRET.test(h.cipher) ? { matched: `${h.protocol} ${h.cipher}` } : null,
    fixtures: {
      vulnerable: { certificate: { key: "rsa-2048" }, tls: { maxVersion: "TLSv1.2", ciphers: "AES128-GCM-SHA256" } },
      clean: {
        certificate: { key: "rsa-2048" },
        tls: { maxVersion: "TLSv1.2", ciphers: "ECDHE-RSA-AES128-GCM-SHA256:AES128-GCM-SHA256" },
      },
    },
  },
  {
    kind: "tls.cbc-cipher",
    category: "tls",
    protocol: "tls",
    title: "TLS negotiates a CBC-mode suite with modern clients",
    severity: "low",
    description:
      "Offered a modern client's list, the server chose a CBC-mode suite over the AEAD ones (AES-GCM, ChaCha20). " +
      "CBC with TLS's MAC-then-encrypt is the root of padding-oracle and timing attacks (Lucky Thirteen, POODLE " +
      "variants), and such suites are no longer recommended.",
    remediation:
      "Put AEAD suites first (or only): Mozilla's intermediate configuration, ssl_prefer_server_ciphers off, " +
      "and TLS 1.3.",
    references: [
      MOZILLA,
      "https://www.rfc-editor.org/rfc/rfc7525#section-4.2",
      "https://cwe.mitre.org/data/definitions/327.html",
    ],
    cwe: [327],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) =>
      h && h.protocol !== "TLSv1.3" && !/GCM|CHACHA20|CCM/.test(h.cipher) && !/RC4|NULL/.test(h.cipher)
        ? { matched: `${h.protocol} ${h.cipher}` }
        : null,
    fixtures: {
      vulnerable: { tls: { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA" } },
      clean: { tls: { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-SHA256" } },
    },
  },
  {
    kind: "tls.no-tls13",
    category: "tls",
    protocol: "tls",
    title: "TLS 1.3 not supported",
    severity: "info",
    confidence: "confirmed",
    description:
      "The port negotiated TLS 1.2 or older with a client that offered TLS 1.3: it misses 1.3's faster handshake, " +
      "its encrypted certificate exchange and its removal of every legacy suite, which usually means outdated TLS " +
      "software or configuration.",
    remediation:
      'Enable TLS 1.3 (nginx "ssl_protocols TLSv1.2 TLSv1.3;" with OpenSSL 1.1.1 or later; IIS on Windows Server ' +
      "2022), and update the TLS library if it cannot.",
    references: ["https://www.rfc-editor.org/rfc/rfc8446", MOZILLA],
    cwe: [327],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) => (h && h.protocol !== "TLSv1.3" ? { matched: h.protocol } : null),
    fixtures: { vulnerable: { tls: { maxVersion: "TLSv1.2" } }, clean: { tls: { minVersion: "TLSv1.2" } } },
  },
  {
    kind: "tls.no-tls12",
    category: "tls",
    protocol: "tls",
    title: "TLS 1.2 not supported (TLS 1.0 or 1.1 at best)",
    severity: "high",
    description:
      "Offered every version, the port could not do better than TLS 1.0 or 1.1: current browsers and clients " +
      "refuse to connect, and those that still do use protocols with known weaknesses (BEAST, SHA-1/MD5 " +
      "handshake signatures), deprecated by RFC 8996.",
    remediation:
      "Update the TLS library or device firmware and enable TLS 1.2 and 1.3 (IIS: the TLS 1.2 registry keys on " +
      'old Windows; nginx "ssl_protocols TLSv1.2 TLSv1.3;").',
    references: ["https://www.rfc-editor.org/rfc/rfc8996", MOZILLA],
    cwe: [327, 757],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:L/A:N",
    needs: ["handshake"],
    test: ({ handshake: h }) =>
      h && /^(TLSv1|TLSv1\.1|SSLv3)$/.test(h.protocol) ? { matched: `${h.protocol} ${h.cipher}` } : null,
    fixtures: {
      vulnerable: { tls: { minVersion: "TLSv1", maxVersion: "TLSv1.1", ciphers: "DEFAULT:@SECLEVEL=0" } },
      clean: { tls: { minVersion: "TLSv1", maxVersion: "TLSv1.2", ciphers: "DEFAULT:@SECLEVEL=0" } },
    },
  },
]);
