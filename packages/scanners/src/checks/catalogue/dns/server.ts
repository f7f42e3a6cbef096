// What a name server tells strangers about itself: its software and version through the CHAOS class (version.bind),
// asked over UDP as resolvers and scanners ask it.
/* eslint-disable no-control-regex -- DNS messages are matched byte by byte */
import { checks } from "../../declare.ts";

/** Query id 0x4545, no recursion: version.bind TXT in class CHAOS. */
const VERSION_BIND = Buffer.from(
  "4545 0000 0001 0000 0000 0000 0776657273696f6e0462696e6400 0010 0003".replace(/\s/g, ""),
  "hex",
);
/** An authoritative answer to it: one TXT record in class CHAOS holding `text`. */
const versionAnswer = (text: string) => {
  const head = Buffer.from("454584000001000100000000", "hex");
  const rdata = Buffer.concat([Buffer.from([text.length]), Buffer.from(text, "latin1")]);
  const answer = Buffer.concat([Buffer.from("c00c001000030000000000", "hex"), Buffer.from([rdata.length]), rdata]);
  return Buffer.concat([head, VERSION_BIND.subarray(12), answer]);
};

export default checks([
  {
    kind: "service.dns.version-disclosure",
    category: "dns",
    protocol: "udp",
    title: "Name server discloses its software version (version.bind)",
    severity: "low",
    description:
      "The name server answers the CHAOS query version.bind with its software and exact version (BIND, Unbound, " +
      "dnsmasq, PowerDNS…), which tells attackers which of that version's published vulnerabilities to try.",
    remediation:
      'Hide it: BIND options { version "none"; }; Unbound hide-version: yes; PowerDNS version-string=anonymous; ' +
      "dnsmasq --no-ident.",
    references: ["https://kb.isc.org/docs/aa-00359", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "domain", ports: [53] },
    product: "DNS server",
    conversation: [
      { send: VERSION_BIND, show: "version.bind TXT CH" },
      // Our id, a response (QR), rcode 0, at least one answer carrying a version-like string.
      {
        read: "chunk",
        match: [
          /^EE[\x80-\xff][\x00\x10\x20\x30\x80\x90\xa0\xb0]\x00\x01\x00[\x01-\xff]/,
          /\x00\x10\x00\x03[\s\S]{7}[\x20-\x7e]*\d+\.\d+/,
        ],
        // TTL (4 bytes), data length (2) and the string's length (1), then the text.
        extract: { version: /\x00\x10\x00\x03[\s\S]{7}([\x20-\x7e]*\d+\.\d+[\x20-\x7e]*)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /version\x04bind/, send: versionAnswer("9.16.48-Ubuntu") }],
        expect: { extracted: { version: "9.16.48-Ubuntu" } },
      },
      // version "none" is a common answer, and proves nothing; refusing is the other.
      clean: { replies: [{ on: /version\x04bind/, send: versionAnswer("none") }] },
    },
  },
]);
