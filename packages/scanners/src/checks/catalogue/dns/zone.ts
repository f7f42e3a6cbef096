// The domain's own DNS: zone transfers to strangers, certificate authority authorisation, and name servers that
// resolve for anyone.
/* eslint-disable no-control-regex -- DNS messages are matched byte by byte */
import { checks } from "../../declare.ts";

/** A recursive query for example.com A (id 0x4545, RD set). */
const RECURSIVE_QUERY = Buffer.from(
  "4545" + "0100" + "0001" + "0000" + "0000" + "0000" + "076578616d706c6503636f6d00" + "0001" + "0001",
  "hex",
);
/** An answer to it (no answer record when `answers` is 0): RA set, rcode 0, one A record (93.184.215.14). */
const recursiveAnswer = (ra: boolean, rcode: number, answers: number) => {
  const flags = 0x8100 | (ra ? 0x0080 : 0) | rcode;
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0x4545, 0);
  head.writeUInt16BE(flags, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(answers, 6);
  const question = Buffer.from("076578616d706c6503636f6d0000010001", "hex");
  const answer = Buffer.from("c00c00010001000000ff00045db8d70e", "hex");
  return Buffer.concat([head, question, ...(answers ? [answer] : [])]);
};

export default checks([
  {
    kind: "dns.zone-transfer",
    category: "dns",
    protocol: "dns",
    title: "DNS zone transfer (AXFR) allowed to anyone",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "A name server of the domain sends the whole zone to anyone who asks (AXFR): every host name, internal ones " +
      "included, which maps the attack surface for an attacker in one request.",
    remediation:
      "Allow transfers only to the secondary servers (BIND: allow-transfer { <secondaries>; }; or TSIG keys), at " +
      "every name server of the zone.",
    references: ["https://www.rfc-editor.org/rfc/rfc5936#section-6", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    needs: ["axfr"],
    test: (f) => {
      const open = (f.axfr ?? []).filter((a) => a.allowed);
      if (!open.length) return null;
      return {
        matched: open.map((a) => `${a.nameserver} (${a.address}) sent ${a.records} records`).join("; "),
        details: { transfers: open },
      };
    },
    fixtures: {
      vulnerable: {
        records: { "@": { A: ["192.0.2.10"] }, www: { A: ["192.0.2.10"] }, "vpn-internal": { A: ["10.20.0.4"] } },
        axfr: true,
      },
      clean: { records: { "@": { A: ["192.0.2.10"] }, www: { A: ["192.0.2.10"] } } },
    },
  },
  {
    kind: "dns.caa-missing",
    category: "dns",
    protocol: "dns",
    title: "No CAA record: any certificate authority may issue for the domain",
    severity: "info",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:N",
    description:
      "The domain publishes no CAA record, so every public certificate authority may issue certificates for it; " +
      "a CA tricked or compromised into issuing one is not stopped by the domain's own policy.",
    remediation: 'Publish CAA records naming the authorities you use, e.g. "0 issue \\"letsencrypt.org\\"".',
    references: ["https://www.rfc-editor.org/rfc/rfc8659", "https://cwe.mitre.org/data/definitions/295.html"],
    cwe: [295],
    needs: ["caa", "ns"],
    // Judged at zone apexes only (where the domain has its own name servers): CAA is looked up up the tree.
    test: (f) =>
      f.caa !== null && !f.caa.length && (f.ns?.length ?? 0) > 0
        ? { matched: `no CAA record at ${f.domain} (name servers: ${f.ns!.join(", ")})` }
        : null,
    fixtures: {
      vulnerable: { records: { "@": { A: ["192.0.2.10"] } } },
      clean: { records: { "@": { A: ["192.0.2.10"], CAA: [{ tag: "issue", value: "letsencrypt.org" }] } } },
    },
  },
  {
    kind: "service.dns.open-resolver",
    category: "dns",
    // Over UDP, as resolvers are used (and abused for amplification); many answer TCP from their own networks only.
    protocol: "udp",
    title: "DNS server resolves names for anyone (open resolver)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:L",
    description:
      "The host's DNS server answers recursive queries for domains it does not serve, from anywhere: it is used to " +
      "amplify denial-of-service attacks and lets outsiders probe what its users resolve (cache snooping).",
    remediation:
      "Allow recursion only for your own networks (BIND: allow-recursion { <your networks>; }; Unbound: " +
      "access-control), or turn it off on authoritative servers.",
    references: ["https://www.rfc-editor.org/rfc/rfc5358", "https://cwe.mitre.org/data/definitions/406.html"],
    cwe: [406],
    service: { name: "domain", ports: [53] },
    product: "DNS server",
    conversation: [
      { send: RECURSIVE_QUERY, show: "query example.com A, recursion desired" },
      // Same id, a response with recursion available, rcode NOERROR and at least one answer.
      {
        read: "chunk",
        identify: /^EE[\x80-\xff]/,
        match: /^EE[\x80-\xff][\x80\x90\xa0\xb0][\s\S]{2}\x00[\x01-\xff]/,
      },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /example\x03com/, send: recursiveAnswer(true, 0, 1) }] },
      clean: { replies: [{ on: /example\x03com/, send: recursiveAnswer(false, 5, 0) }] },
    },
  },
]);
