// SPF and DMARC records that exist but do not do their job: no closing "all", too many DNS lookups, deprecated ptr,
// several DMARC records, a policy that is missing, partial or waived for subdomains, and no reports.
import { checks, type DnsFacts } from "../../declare.ts";

const SPF_REFS = ["https://www.rfc-editor.org/rfc/rfc7208", "https://cwe.mitre.org/data/definitions/290.html"];
const DMARC_REFS = ["https://www.rfc-editor.org/rfc/rfc7489", "https://cwe.mitre.org/data/definitions/290.html"];
const SPOOFING = "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N";
const MX = [{ priority: 10, exchange: "mx1.mail.example.net" }];
/** The one SPF record (null when there is none or several: dns.spf-missing and dns.spf-permissive say those). */
const spf = (f: DnsFacts) => {
  const all = (f.txt ?? []).filter((t) => /^v=spf1(\s|$)/i.test(t.trim()));
  return all.length === 1 ? all[0]!.trim() : null;
};
const dmarcRecords = (f: DnsFacts) => (f.dmarc ?? []).filter((t) => /^v=DMARC1\s*(;|$)/i.test(t.trim()));
/** The tags of the one DMARC record, lower-cased names. */
const dmarcTags = (f: DnsFacts) => {
  const records = dmarcRecords(f);
  if (records.length !== 1) return null;
  const tags: Record<string, string> = {};
  for (const part of records[0]!.split(";")) {
    const [k, ...v] = part.split("=");
    if (k?.trim()) tags[k.trim().toLowerCase()] = v.join("=").trim();
  }
  return { record: records[0]!, tags };
};
const ENFORCING = /^(quarantine|reject)$/i;
/** The DNS lookups an SPF record's own terms cost (RFC 7208 §4.6.4 allows 10 for the whole evaluation). */
const lookups = (record: string) =>
  record.split(/\s+/).filter((t) => /^[+~?-]?(include:|a(:|\/|$)|mx(:|\/|$)|ptr(:|$)|exists:|redirect=)/i.test(t))
    .length;
const dmarcAt = (txt: string) => ({ records: { "@": { MX }, _dmarc: { TXT: [txt] } } });

export default checks([
  {
    kind: "dns.spf-no-all",
    category: "mail",
    protocol: "dns",
    title: "SPF record without a closing all (no verdict for other senders)",
    severity: "low",
    description:
      "The domain's SPF record lists its senders but ends without an all mechanism or a redirect, so every other " +
      "sender gets a neutral result: the record does not tell receivers to distrust mail from anyone else.",
    remediation: 'End the record with "-all" (or "~all" while testing): "v=spf1 include:_spf.example.net -all".',
    references: ["https://www.rfc-editor.org/rfc/rfc7208#section-4.7", ...SPF_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["txt"],
    test: (f) => {
      const r = spf(f);
      return r && !/(^|\s)[+~?-]?all(\s|$)/i.test(r) && !/(^|\s)redirect=/i.test(r) ? { matched: r } : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { MX, TXT: ["v=spf1 ip4:192.0.2.0/24 include:_spf.mail.example.net"] } } },
      clean: { records: { "@": { MX, TXT: ["v=spf1 ip4:192.0.2.0/24 include:_spf.mail.example.net -all"] } } },
    },
  },
  {
    kind: "dns.spf-too-many-lookups",
    category: "mail",
    protocol: "dns",
    title: "SPF record needs more than 10 DNS lookups (permanent error)",
    severity: "medium",
    description:
      "The domain's SPF record alone has more than ten terms that cost a DNS lookup (include, a, mx, ptr, exists, " +
      "redirect), before counting what its includes add. RFC 7208 makes that a permanent error: receivers treat " +
      "the domain as having no valid SPF, and DMARC fails for its legitimate mail.",
    remediation:
      "Flatten the record: replace includes with the ip4/ip6 ranges they stand for, drop unused services and " +
      "mechanisms (a, mx, ptr), or delegate parts to subdomains.",
    references: ["https://www.rfc-editor.org/rfc/rfc7208#section-4.6.4", ...SPF_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["txt"],
    test: (f) => {
      const r = spf(f);
      const n = r ? lookups(r) : 0;
      return n > 10 ? { matched: `${n} lookups: ${r}`, details: { lookups: n } } : null;
    },
    fixtures: {
      vulnerable: {
        records: {
          "@": {
            MX,
            TXT: [
              "v=spf1 a mx include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net " +
                "include:mailgun.org include:servers.mcsv.net include:_spf.salesforce.com include:mail.zendesk.com " +
                "include:spf.mandrillapp.com include:amazonses.com -all",
            ],
          },
        },
      },
      clean: {
        records: { "@": { MX, TXT: ["v=spf1 mx include:_spf.google.com include:sendgrid.net ip4:192.0.2.0/24 -all"] } },
      },
    },
  },
  {
    kind: "dns.spf-ptr",
    category: "mail",
    protocol: "dns",
    title: "SPF record uses the deprecated ptr mechanism",
    severity: "info",
    confidence: "confirmed",
    description:
      "The domain's SPF record uses ptr, which RFC 7208 says not to use: it is slow and unreliable (receivers may " +
      "skip it, failing legitimate mail) and trusts whoever controls the reverse DNS of an address.",
    remediation: "Replace ptr with the ip4/ip6 ranges or a/mx mechanisms of the real senders.",
    references: ["https://www.rfc-editor.org/rfc/rfc7208#section-5.5", ...SPF_REFS],
    cwe: [290],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    needs: ["txt"],
    test: (f) => {
      const r = spf(f);
      return r && /(^|\s)[+~?-]?ptr(:|\s|$)/i.test(r) ? { matched: r } : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { MX, TXT: ["v=spf1 ptr:mail.example.net mx -all"] } } },
      clean: { records: { "@": { MX, TXT: ["v=spf1 mx ip4:192.0.2.25 -all"] } } },
    },
  },
  {
    kind: "dns.dmarc-multiple",
    category: "mail",
    protocol: "dns",
    title: "Several DMARC records (receivers ignore them all)",
    severity: "medium",
    description:
      "_dmarc holds more than one v=DMARC1 record. RFC 7489 tells receivers to apply no DMARC policy at all then, " +
      "so the domain is as unprotected against spoofing as without one.",
    remediation: "Keep exactly one v=DMARC1 TXT record at _dmarc.<domain>, merging the tags you need into it.",
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.6.3", ...DMARC_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["dmarc"],
    test: (f) => {
      const r = dmarcRecords(f);
      return r.length > 1 ? { matched: r.join(" | ") } : null;
    },
    fixtures: {
      vulnerable: {
        records: { "@": { MX }, _dmarc: { TXT: ["v=DMARC1; p=reject", "v=DMARC1; p=none; rua=mailto:d@example.net"] } },
      },
      clean: dmarcAt("v=DMARC1; p=reject; rua=mailto:d@example.net"),
    },
  },
  {
    kind: "dns.dmarc-invalid-policy",
    category: "mail",
    protocol: "dns",
    title: "DMARC record without a valid policy (p=)",
    severity: "medium",
    description:
      "The domain's DMARC record has no p= tag, or one that is not none, quarantine or reject. Receivers discard " +
      "such a record (or treat it as p=none), so mail spoofing the domain is delivered.",
    remediation: 'Fix the record: "v=DMARC1; p=reject; rua=mailto:dmarc-reports@<domain>" (p right after v).',
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.3", ...DMARC_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["dmarc"],
    test: (f) => {
      const d = dmarcTags(f);
      return d && !/^(none|quarantine|reject)$/i.test(d.tags.p ?? "") ? { matched: d.record } : null;
    },
    fixtures: {
      vulnerable: [dmarcAt("v=DMARC1; rua=mailto:d@example.net"), dmarcAt("v=DMARC1; p=rejected")],
      clean: dmarcAt("v=DMARC1; p=reject; rua=mailto:d@example.net"),
    },
  },
  {
    kind: "dns.dmarc-partial",
    category: "mail",
    protocol: "dns",
    title: "DMARC policy applied to part of the mail only (pct < 100)",
    severity: "low",
    description:
      "The domain's DMARC policy quarantines or rejects, but pct= applies it to a fraction of failing mail: the " +
      "rest of the spoofed mail is delivered as if the policy were p=none.",
    remediation: "Remove pct (it defaults to 100) once reports show legitimate senders pass.",
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.3", ...DMARC_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["dmarc"],
    test: (f) => {
      const d = dmarcTags(f);
      const pct = d?.tags.pct === undefined ? 100 : Number(d.tags.pct);
      return d && ENFORCING.test(d.tags.p ?? "") && pct < 100 ? { matched: d.record, details: { pct } } : null;
    },
    fixtures: {
      vulnerable: dmarcAt("v=DMARC1; p=quarantine; pct=10; rua=mailto:d@example.net"),
      clean: dmarcAt("v=DMARC1; p=quarantine; pct=100; rua=mailto:d@example.net"),
    },
  },
  {
    kind: "dns.dmarc-subdomains-none",
    category: "mail",
    protocol: "dns",
    title: "DMARC waives its policy for subdomains (sp=none)",
    severity: "low",
    description:
      "The domain's DMARC policy rejects or quarantines, but sp=none exempts every subdomain: mail from " +
      "invented subdomains (billing.<domain>) is delivered, which phishers use.",
    remediation: "Remove sp= (subdomains then inherit p=) or set sp=reject; publish own records for real subdomains.",
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-6.3", ...DMARC_REFS],
    cwe: [290],
    cvss: SPOOFING,
    needs: ["dmarc"],
    test: (f) => {
      const d = dmarcTags(f);
      return d && ENFORCING.test(d.tags.p ?? "") && /^none$/i.test(d.tags.sp ?? "") ? { matched: d.record } : null;
    },
    fixtures: {
      vulnerable: dmarcAt("v=DMARC1; p=reject; sp=none; rua=mailto:d@example.net"),
      clean: dmarcAt("v=DMARC1; p=reject; sp=reject; rua=mailto:d@example.net"),
    },
  },
  {
    kind: "dns.dmarc-no-reports",
    category: "mail",
    protocol: "dns",
    title: "DMARC record asks for no aggregate reports (no rua)",
    severity: "info",
    confidence: "confirmed",
    description:
      "The domain's DMARC record has no rua= address: receivers send no reports, so the owner never learns who " +
      "sends mail in its name (spoofing campaigns, forgotten legitimate senders).",
    remediation: 'Add "rua=mailto:dmarc-reports@<domain>" (or a DMARC reporting service\'s address) to the record.',
    references: ["https://www.rfc-editor.org/rfc/rfc7489#section-7.2", ...DMARC_REFS],
    cwe: [778],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:N/A:N",
    needs: ["dmarc"],
    test: (f) => {
      const d = dmarcTags(f);
      return d && !/mailto:/i.test(d.tags.rua ?? "") ? { matched: d.record } : null;
    },
    fixtures: {
      vulnerable: dmarcAt("v=DMARC1; p=reject"),
      clean: dmarcAt("v=DMARC1; p=reject; rua=mailto:d@example.net"),
    },
  },
  {
    kind: "dns.mx-ip-literal",
    category: "mail",
    protocol: "dns",
    title: "MX record names an IP address instead of a host name",
    severity: "low",
    description:
      "An MX record of the domain holds an IP address where a host name is required (RFC 5321, RFC 7505): many " +
      "senders then look up a host literally named like the address, fail, and bounce or delay mail to the domain.",
    remediation: "Point the MX at a host name (mx1.<domain>) that has the address as its A/AAAA record.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc5321#section-5.1",
      "https://cwe.mitre.org/data/definitions/1188.html",
    ],
    cwe: [1188],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:L",
    needs: ["mx"],
    test: (f) => {
      const literal = (f.mx ?? []).filter((m) =>
        /^\d{1,3}(\.\d{1,3}){3}$|^\[?[0-9a-f:]+:[0-9a-f:]*\]?$/i.test(m.exchange),
      );
      return literal.length ? { matched: literal.map((m) => `MX ${m.priority} ${m.exchange}`).join(", ") } : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { MX: [{ priority: 10, exchange: "192.0.2.25" }] } } },
      clean: { records: { "@": { MX } } },
    },
  },
]);
