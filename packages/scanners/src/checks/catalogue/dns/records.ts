// What a domain's own records give away or risk: a single name server, internal addresses published in public DNS,
// and localhost.<domain> pointing at the visitor's own machine.
import { checks } from "../../declare.ts";

/** RFC 1918, carrier-grade NAT, IPv4 link-local, IPv6 unique-local and link-local addresses. */
const INTERNAL = new RegExp(
  [
    String.raw`^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|169\.254\.)`,
    "^(f[cd][0-9a-f]{2}|fe[89ab][0-9a-f]):",
  ].join("|"),
  "i",
);
const LOOPBACK = /^(127\.|::1$)/;

export default checks([
  {
    kind: "dns.single-nameserver",
    category: "dns",
    protocol: "dns",
    title: "Domain delegated to a single name server",
    severity: "low",
    description:
      "The domain has one NS record: when that server is down or unreachable, the domain and every service under " +
      "it (web, mail, APIs) stops resolving. RFC 2182 and every registry ask for at least two, on separate networks.",
    remediation:
      "Add at least one more authoritative name server on another network (a secondary DNS service), at the " +
      "registrar too.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc2182#section-5",
      "https://cwe.mitre.org/data/definitions/1176.html",
    ],
    cwe: [654],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:L",
    needs: ["ns"],
    test: (f) => (f.ns?.length === 1 ? { matched: `NS ${f.ns[0]}` } : null),
    fixtures: {
      vulnerable: { records: { "@": { NS: ["ns1.fixture-dns.example.net"], A: ["192.0.2.10"] } } },
      clean: {
        records: { "@": { NS: ["ns1.fixture-dns.example.net", "ns2.other-dns.example.org"], A: ["192.0.2.10"] } },
      },
    },
  },
  {
    kind: "dns.internal-address",
    category: "dns",
    protocol: "dns",
    title: "Public DNS publishes an internal address for the domain",
    severity: "low",
    description:
      "The name resolves, in public DNS, to a private or link-local address (10/8, 172.16/12, 192.168/16, " +
      "100.64/10, fc00::/7…): it discloses internal addressing, and a browser that resolves it reaches whatever " +
      "answers at that address on the visitor's own network.",
    remediation:
      "Publish internal names only in an internal zone (split-horizon DNS) and remove the record from the public zone.",
    references: ["https://www.rfc-editor.org/rfc/rfc1918#section-5", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    needs: ["addresses"],
    test: (f) => {
      const internal = (f.addresses ?? []).filter((a) => INTERNAL.test(a));
      return internal.length
        ? { matched: `${f.domain} → ${internal.join(", ")}`, details: { addresses: internal } }
        : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { A: ["10.20.4.17"] } } },
      clean: { records: { "@": { A: ["192.0.2.10"] } } },
    },
  },
  {
    kind: "dns.localhost-record",
    category: "dns",
    protocol: "dns",
    title: "localhost.<domain> resolves to the loopback address",
    severity: "low",
    description:
      "localhost under the domain points at 127.0.0.1 (or ::1): a page on it is served by whatever runs on the " +
      "visitor's own machine, yet counts as part of the domain, so a local service an attacker can influence gets " +
      "the domain's cookies and same-site trust.",
    remediation: "Delete the localhost record from the public zone (it is usually a leftover of an old zone template).",
    references: [
      "https://www.rfc-editor.org/rfc/rfc6761#section-6.3",
      "https://seclists.org/bugtraq/2008/Jan/270",
      "https://cwe.mitre.org/data/definitions/350.html",
    ],
    cwe: [350],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    needs: ["localhost", "wildcard"],
    // A wildcard zone answers every name alike: only a localhost record of its own is the finding.
    test: (f) => {
      const loop = (f.localhost ?? []).filter((a) => LOOPBACK.test(a));
      return loop.length && f.wildcard !== null && !f.wildcard.length
        ? { matched: `localhost.${f.domain} → ${loop.join(", ")}` }
        : null;
    },
    fixtures: {
      vulnerable: { records: { "@": { A: ["192.0.2.10"] }, localhost: { A: ["127.0.0.1"] } } },
      clean: { records: { "@": { A: ["192.0.2.10"] } } },
    },
  },
]);
