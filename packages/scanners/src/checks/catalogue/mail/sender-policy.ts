// Whether others can send mail in the domain's name: SPF and DMARC, judged for domains that receive mail (MX).
// A lookup that failed says nothing (no finding); an answer without the record is the finding.
import { checks, type DnsFacts } from "../../declare.ts";

const MAIL_REFS = ["https://www.rfc-editor.org/rfc/rfc7208", "https://www.rfc-editor.org/rfc/rfc7489"];
const spfRecords = (f: DnsFacts) => (f.txt ?? []).filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
const dmarcRecord = (f: DnsFacts) => (f.dmarc ?? []).find((t) => /^v=DMARC1\s*(;|$)/i.test(t.trim()));
const receivesMail = (f: DnsFacts) => (f.mx?.length ?? 0) > 0;
const MX = [{ priority: 10, exchange: "mx1.mail.example.net" }];

export default checks([
  {
    kind: "dns.spf-missing",
    category: "mail",
    protocol: "dns",
    title: "No SPF record for a domain that handles mail",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "The domain receives mail (it has MX records) but publishes no SPF policy: receivers cannot tell its real " +
      "mail servers from anyone sending in its name, which makes spoofing and phishing with it easier.",
    remediation:
      'Publish a TXT record "v=spf1 <your senders> -all" listing the servers and services that send its mail (or ' +
      '"v=spf1 -all" if none do).',
    references: MAIL_REFS,
    cwe: [290],
    needs: ["txt", "mx"],
    test: (f) =>
      receivesMail(f) && f.txt !== null && !spfRecords(f).length
        ? { matched: `MX ${f.mx!.map((m) => m.exchange).join(", ")}; no v=spf1 TXT record`, details: { mx: f.mx } }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { MX, TXT: ["google-site-verification=7nq2x"] } } },
      clean: { records: { "@": { MX, TXT: ["v=spf1 include:_spf.mail.example.net -all"] } } },
    },
  },
  {
    kind: "dns.spf-permissive",
    category: "mail",
    protocol: "dns",
    title: "SPF record allows any sender (+all or ?all)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "The domain's SPF policy ends in +all (anyone may send as the domain) or ?all (no opinion): it protects " +
      "nothing against spoofing. Several SPF records at once make the policy invalid, which is the same.",
    remediation: 'End the SPF record with "-all" (or "~all" while testing), and keep exactly one v=spf1 record.',
    references: ["https://www.rfc-editor.org/rfc/rfc7208#section-5.1", ...MAIL_REFS],
    cwe: [290],
    needs: ["txt"],
    test: (f) => {
      const spf = spfRecords(f);
      if (spf.length > 1) return { matched: spf.join(" | "), title: "Several SPF records (the policy is invalid)" };
      const record = spf[0];
      return record && /(^|\s)[+?]all(\s|$)/i.test(record) ? { matched: record } : null;
    },
    fixtures: {
      vulnerable: [
        { records: { "@": { MX, TXT: ["v=spf1 ip4:192.0.2.0/24 +all"] } } },
        { records: { "@": { TXT: ["v=spf1 include:_spf.mail.example.net -all", "v=spf1 mx ~all"] } } },
      ],
      clean: { records: { "@": { MX, TXT: ["v=spf1 ip4:192.0.2.0/24 -all"] } } },
    },
  },
  {
    kind: "dns.dmarc-missing",
    category: "mail",
    protocol: "dns",
    title: "No DMARC policy for a domain that handles mail",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "The domain receives mail but publishes no DMARC record (_dmarc TXT): receivers get no instruction to reject " +
      "mail that fails SPF and DKIM in its name, and the owner gets no reports of abuse.",
    remediation:
      'Publish "_dmarc TXT v=DMARC1; p=none; rua=mailto:…" to collect reports, then move to p=quarantine and ' +
      "p=reject.",
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.3", ...MAIL_REFS],
    cwe: [290],
    needs: ["dmarc", "mx"],
    test: (f) =>
      receivesMail(f) && f.dmarc !== null && !dmarcRecord(f)
        ? { matched: `MX ${f.mx!.map((m) => m.exchange).join(", ")}; no v=DMARC1 at _dmarc.${f.domain}` }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { MX, TXT: ["v=spf1 -all"] } } },
      clean: { records: { "@": { MX }, _dmarc: { TXT: ["v=DMARC1; p=reject; rua=mailto:dmarc@example.net"] } } },
    },
  },
  {
    kind: "dns.dmarc-not-enforced",
    category: "mail",
    protocol: "dns",
    title: "DMARC policy does not reject spoofed mail (p=none)",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "The domain's DMARC policy is p=none: receivers report mail that fails authentication but still deliver it, " +
      "so spoofed mail in its name reaches inboxes.",
    remediation: "Once the reports show every legitimate sender passing, move to p=quarantine, then p=reject.",
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.3", ...MAIL_REFS],
    cwe: [290],
    needs: ["dmarc"],
    test: (f) => {
      const record = dmarcRecord(f);
      return record && /(^|;)\s*p\s*=\s*none\s*(;|$)/i.test(record) ? { matched: record } : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { MX }, _dmarc: { TXT: ["v=DMARC1; p=none; rua=mailto:dmarc@example.net"] } } },
      clean: { records: { "@": { MX }, _dmarc: { TXT: ["v=DMARC1; p=quarantine; pct=100"] } } },
    },
  },
]);
