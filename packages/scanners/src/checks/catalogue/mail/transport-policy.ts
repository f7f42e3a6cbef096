// What a mail domain publishes for its receivers beyond SPF and DMARC: MTA-STS and TLS reporting (so that mail to it
// cannot be downgraded to clear text unnoticed), and its DKIM keys, looked for at the selectors mail services use.
import { checks, DKIM_SELECTORS, type DnsFacts } from "../../declare.ts";

const MX = [{ priority: 10, exchange: "mx1.mail.example.net" }];
const receivesMail = (f: DnsFacts) => (f.mx?.length ?? 0) > 0;
const KEY_1024 =
  "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQCm24NS6yIQVs58Ndf79UcZb3u2JDyBY/D47ytOp4okeWLGv7CHe879SVa5n3GGq9h/d47TdB" +
  "liuUDRQXo92+N+txenYnzmPs3ic3vLsbnarYJZJkJaY9EPjf0EvsTfRpN7q1SGk2jz7i/cbmUeQVit5Vqz1JT03x29W/QJPwywtwIDAQAB";
const KEY_512 =
  "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAKBPF5nd20jZ/l6OLNINZCMUe+pwXamxxoKbGJ2TEStlItF7UIke0ca7yqYoUyZBAunkTddpsK2FEK" +
  "fRg932N00CAwEAAQ==";
const KEY_2048 =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr1iKq5vmSdfy8dFYomhOGOjCHsF1a0wGRghcHz8oIwqHkf2HLFj3CLZIgP1E7MyP47" +
  "8iynWS1/" +
  "FwlyMeMhi5orM281E58yZX4ckyNfs81DnXpPwHF3HtoRaqgNAp9nCYD7OPQQXx8wBL70baZfzoLvgkkVS1KQU/uu36Ew3TBrjkHPKSxkW2AIb6" +
  "8L20Ge7MEdji4xbJEvSmQ" +
  "owemwZiGMs0OKzx6WPyFM+z5SOn2uWij4kZu5A5dxiMDOkVKRHzzMYNlt7ENnP4Fbvyx1RbFlA71TIlvJwGaKaD/jVmTjtiCjBSmXak9vMTX0O" +
  "iSZktpsOqCEk4JanT++92hcZk9QIDAQAB";
/** The DKIM records found, with their tags. */
const dkimKeys = (f: DnsFacts) =>
  (f.dkim ?? []).flatMap(({ selector, records }) =>
    records
      .filter((r) => /(^|;)\s*(v=DKIM1|p=)/i.test(r))
      .map((record) => {
        const tags = Object.fromEntries(
          record.split(";").map((t) => {
            const [k, ...v] = t.split("=");
            return [k!.trim().toLowerCase(), v.join("=").replace(/\s+/g, "")];
          }),
        );
        return { selector, record, tags };
      }),
  );
/** RSA modulus size from the SubjectPublicKeyInfo's length (DER sizes of 512…4096-bit keys). */
const rsaBits = (p: string) => {
  const bytes = Buffer.from(p, "base64").length;
  return bytes < 110 ? 512 : bytes < 140 ? 768 : bytes < 200 ? 1024 : bytes < 330 ? 2048 : 4096;
};
const keyAt = (selector: string, p: string, extra = "") => ({
  records: { "@": { MX }, [`${selector}._domainkey`]: { TXT: [`v=DKIM1; k=rsa;${extra} p=${p}`] } },
});

export default checks([
  {
    kind: "dns.mta-sts-missing",
    category: "mail",
    protocol: "dns",
    title: "No MTA-STS policy for a domain that receives mail",
    severity: "info",
    confidence: "confirmed",
    description:
      "The domain receives mail but publishes no MTA-STS record (_mta-sts TXT): sending servers fall back to clear " +
      "text whenever STARTTLS is stripped or the certificate is wrong, so mail to it can be read and changed in " +
      "transit without anyone noticing.",
    remediation:
      'Publish "_mta-sts TXT v=STSv1; id=<date>" and the policy at https://mta-sts.<domain>/.well-known/mta-sts.txt ' +
      "(mode: testing, then enforce).",
    references: ["https://www.rfc-editor.org/rfc/rfc8461", "https://cwe.mitre.org/data/definitions/757.html"],
    cwe: [757, 319],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    needs: ["mx", "mtaSts"],
    test: (f) =>
      receivesMail(f) && f.mtaSts !== null && !f.mtaSts.some((t) => /^v=STSv1\s*;/i.test(t.trim()))
        ? { matched: `MX ${f.mx!.map((m) => m.exchange).join(", ")}; no v=STSv1 at _mta-sts.${f.domain}` }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { MX } } },
      clean: { records: { "@": { MX }, "_mta-sts": { TXT: ["v=STSv1; id=20261128T080000"] } } },
    },
  },
  {
    kind: "dns.tls-rpt-missing",
    category: "mail",
    protocol: "dns",
    title: "No TLS reporting (TLS-RPT) for a domain that receives mail",
    severity: "info",
    confidence: "confirmed",
    description:
      "The domain receives mail but asks for no SMTP TLS reports (_smtp._tls TXT): when senders fail to reach it " +
      "securely (a stripped STARTTLS, an expired certificate, an MTA-STS mismatch) nobody is told.",
    remediation: 'Publish "_smtp._tls TXT v=TLSRPTv1; rua=mailto:tls-reports@<domain>".',
    references: ["https://www.rfc-editor.org/rfc/rfc8460", "https://cwe.mitre.org/data/definitions/778.html"],
    cwe: [778],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:N",
    needs: ["mx", "tlsRpt"],
    test: (f) =>
      receivesMail(f) && f.tlsRpt !== null && !f.tlsRpt.some((t) => /^v=TLSRPTv1\s*;/i.test(t.trim()))
        ? { matched: `no v=TLSRPTv1 at _smtp._tls.${f.domain}` }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { MX } } },
      clean: { records: { "@": { MX }, "_smtp._tls": { TXT: ["v=TLSRPTv1; rua=mailto:tls-reports@example.net"] } } },
    },
  },
  {
    kind: "dns.dkim-not-found",
    category: "mail",
    protocol: "dns",
    title: "No DKIM key at the common selectors",
    severity: "info",
    confidence: "tentative",
    description:
      "The domain receives mail, yet none of the selectors mail services use by default " +
      `(${DKIM_SELECTORS.join(", ")}) ` +
      "holds a DKIM key. If its mail is not signed at all, DMARC rests on SPF alone and forwarded mail fails; the " +
      "domain may also sign with a selector of its own, which DNS cannot list.",
    remediation:
      "Sign outgoing mail with DKIM (2048-bit RSA or Ed25519): enable it in the mail service (Google Workspace, " +
      "Microsoft 365) or with OpenDKIM/rspamd, and publish <selector>._domainkey TXT v=DKIM1; p=….",
    references: ["https://www.rfc-editor.org/rfc/rfc6376", "https://www.rfc-editor.org/rfc/rfc7489#section-3.1.1"],
    cwe: [290],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    needs: ["mx", "dkim"],
    test: (f) =>
      receivesMail(f) && f.dkim !== null && !dkimKeys(f).length
        ? { matched: `no v=DKIM1 key at ${DKIM_SELECTORS.map((s) => `${s}._domainkey`).join(", ")}` }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { MX, TXT: ["v=spf1 mx -all"] } } },
      clean: keyAt("selector1", KEY_2048),
    },
  },
  {
    kind: "dns.dkim-weak-key",
    category: "mail",
    protocol: "dns",
    title: "DKIM key of 1024 bits or less",
    severity: "low",
    description:
      "A DKIM key of the domain is RSA of 1024 bits or less. Keys under 1024 bits have been factored to forge " +
      "signed mail in the domain's name; 1024 is the minimum RFC 8301 still accepts and is within reach of " +
      "well-funded attackers.",
    remediation:
      "Publish a 2048-bit RSA key (or Ed25519 alongside it) under a new selector, switch signing to it, then " +
      "revoke the old one (p=).",
    references: [
      "https://www.rfc-editor.org/rfc/rfc8301#section-3.2",
      "https://cwe.mitre.org/data/definitions/326.html",
    ],
    cwe: [326],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    needs: ["dkim"],
    test: (f) => {
      const weak = dkimKeys(f)
        .filter((k) => (k.tags.k ?? "rsa").toLowerCase() === "rsa" && k.tags.p)
        .map((k) => ({ selector: k.selector, bits: rsaBits(k.tags.p!) }))
        .filter((k) => k.bits <= 1024);
      if (!weak.length) return null;
      const worst = Math.min(...weak.map((k) => k.bits));
      return {
        matched: weak.map((k) => `${k.selector}._domainkey: RSA ${k.bits} bits`).join(", "),
        ...(worst < 1024 ? { severity: "medium" as const, title: `DKIM key of ${worst} bits (forgeable)` } : {}),
        details: { keys: weak },
      };
    },
    fixtures: {
      vulnerable: [keyAt("google", KEY_1024), { ...keyAt("default", KEY_512), expect: { severity: "medium" } }],
      clean: keyAt("google", KEY_2048),
    },
  },
  {
    kind: "dns.dkim-test-mode",
    category: "mail",
    protocol: "dns",
    title: "DKIM key published in test mode (t=y)",
    severity: "info",
    confidence: "confirmed",
    description:
      "A DKIM key of the domain carries t=y (testing): receivers are asked to treat failed signatures as unsigned " +
      "mail, so the key protects nothing against forged signatures.",
    remediation: "Remove t=y from the key record once signing works.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc6376#section-3.6.1",
      "https://cwe.mitre.org/data/definitions/290.html",
    ],
    cwe: [290],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    needs: ["dkim"],
    test: (f) => {
      const testing = dkimKeys(f).filter((k) => /(^|:)y(:|$)/i.test(k.tags.t ?? ""));
      return testing.length
        ? { matched: testing.map((k) => `${k.selector}._domainkey: ${k.record.slice(0, 60)}…`).join(", ") }
        : null;
    },
    fixtures: {
      vulnerable: keyAt("s1", KEY_2048, " t=y;"),
      clean: keyAt("s1", KEY_2048, " t=s;"),
    },
  },
]);
