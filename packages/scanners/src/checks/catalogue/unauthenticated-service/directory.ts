// Directory services that answer strangers: an LDAP server that lets an anonymous client read its directory, and a
// domain controller's connectionless LDAP (CLDAP) answering over UDP. BER messages are built from their parts here
// (the engine's "ldap-search" encoder builds the requests).
/* eslint-disable no-control-regex -- BER messages are matched byte by byte */
import { checks } from "../../declare.ts";

/** A BER element (short or one-byte long length form: enough for these fixtures). */
const ber = (tag: number, ...content: Array<Buffer | string>) => {
  const body = Buffer.concat(content.map((c) => (typeof c === "string" ? Buffer.from(c, "latin1") : c)));
  const len = body.length < 0x80 ? Buffer.from([body.length]) : Buffer.from([0x81, body.length]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
};
const int = (n: number) => ber(0x02, Buffer.from([n]));
const octets = (s: string) => ber(0x04, s);
/** A SearchResultEntry for message `id`: a DN and attributes with their values. */
const entry = (id: number, dn: string, attrs: Record<string, string[]>) =>
  ber(
    0x30,
    int(id),
    ber(
      0x64,
      octets(dn),
      ber(0x30, ...Object.entries(attrs).map(([k, vs]) => ber(0x30, octets(k), ber(0x31, ...vs.map(octets))))),
    ),
  );
/** A SearchResultDone for message `id` with a result code (0 success, 1 operationsError). */
const done = (id: number, code: number, message = "") =>
  ber(0x30, int(id), ber(0x65, ber(0x0a, Buffer.from([code])), octets(""), octets(message)));

const ROOT_DSE = Buffer.concat([
  entry(1, "", { namingContexts: ["dc=example,dc=com"], supportedLDAPVersion: ["3"] }),
  done(1, 0),
]);
const AD_OPERATIONS_ERROR =
  "000004DC: LdapErr: DSID-0C090A5C, comment: In order to perform this operation a successful bind must be " +
  "completed on the connection., data 0, v4563";

/** CLDAP (LDAP over UDP) search of the root DSE, as Active Directory's DC locator asks it. */
const CLDAP_ROOT_DSE = Buffer.from(
  "3025020101632004000a01000a0100020100020100010100870b6f626a656374636c6173733000",
  "hex",
);
const cldapAnswer = Buffer.concat([
  entry(1, "", {
    defaultNamingContext: ["DC=corp,DC=example,DC=com"],
    dnsHostName: ["dc01.corp.example.com"],
    domainFunctionality: ["7"],
  }),
  done(1, 0),
]);

export default checks([
  {
    kind: "service.unauthenticated.ldap",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "LDAP directory readable without authentication",
    severity: "high",
    description:
      "The LDAP server answered an anonymous search below its naming context with directory entries: anyone can " +
      "list its users, groups and hosts (names, e-mail addresses, sometimes password hashes or other sensitive " +
      "attributes), which feeds password spraying and phishing.",
    remediation:
      'Deny anonymous reads (OpenLDAP: "olcAccess: to * by users read by anonymous auth", or olcDisallows: ' +
      "bind_anon), allow only authenticated binds over TLS, and keep ports 389 and 636 off the internet.",
    references: [
      "https://www.openldap.org/doc/admin26/access-control.html",
      "https://www.rfc-editor.org/rfc/rfc4513#section-5.1.1",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "ldap", ports: [389, 3268] },
    product: "LDAP server",
    conversation: [
      {
        send: { encode: "ldap-search", doc: { id: 1, base: "", scope: "base", attributes: ["namingContexts"] } },
        show: "anonymous search of the root DSE for namingContexts",
      },
      {
        // Until the search is done (the entry comes first).
        read: { until: /\x02\x01\x01\x65/ },
        identify: /^\x30[\s\S]{1,4}\x02\x01\x01[\x64\x65]/,
        match: /namingContexts/i,
        extract: { namingContext: /namingContexts1[\s\S]\x04[\s\S]([\w=,. -]+?)(?=\x04|0[\s\S]|$)/i },
      },
      {
        send: {
          encode: "ldap-search",
          doc: { id: 2, base: "{{namingContext}}", scope: "one", attributes: ["1.1"], sizeLimit: 3 },
        },
        show: "anonymous one-level search below {{namingContext}}, 3 entries at most, no attributes",
      },
      // An entry for search 2 (Active Directory answers an operationsError: a bind is required).
      {
        read: { until: /\x02\x01\x02[\x64\x65]/ },
        match: /\x02\x01\x02\x64[\s\S]{1,2}\x04[\s\S]{1,2}[\w=]/,
        extract: { entry: /\x02\x01\x02\x64[\s\S]{1,2}\x04[\s\S]([\w=,. -]+?)(?=0[\s\S]|$)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /\x02\x01\x01\x63/, send: ROOT_DSE },
          {
            on: /\x02\x01\x02\x63[\s\S]*dc=example,dc=com/,
            send: Buffer.concat([
              entry(2, "ou=people,dc=example,dc=com", {}),
              entry(2, "ou=groups,dc=example,dc=com", {}),
              done(2, 0),
            ]),
          },
        ],
        expect: { extracted: { namingContext: "dc=example,dc=com", entry: "ou=people,dc=example,dc=com" } },
      },
      clean: {
        replies: [
          { on: /\x02\x01\x01\x63/, send: ROOT_DSE },
          { on: /\x02\x01\x02\x63/, send: done(2, 1, AD_OPERATIONS_ERROR) },
        ],
      },
    },
  },
  {
    kind: "service.cldap.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "Connectionless LDAP (CLDAP) answers from the internet",
    severity: "medium",
    description:
      "The host answers LDAP searches over UDP (an Active Directory domain controller's locator service): it names " +
      "the domain and the controller, and amplifies traffic toward spoofed addresses about 50 times.",
    remediation: "Firewall UDP (and TCP) port 389 from the internet; domain controllers should never face it.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc1798",
      "https://www.cisa.gov/news-events/alerts/2014/01/17/udp-based-amplification-attacks",
      "https://cwe.mitre.org/data/definitions/406.html",
    ],
    cwe: [406, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:L",
    service: { name: "cldap", ports: [389] },
    product: "LDAP (CLDAP)",
    conversation: [
      { send: CLDAP_ROOT_DSE, show: "search the root DSE (objectClass=*) over UDP" },
      {
        read: "chunk",
        match: [/^\x30[\s\S]{1,4}\x02\x01\x01\x64/, /namingContext|dnsHostName|supportedLDAPVersion/i],
        extract: { domain: /defaultNamingContext1[\s\S]\x04[\s\S]([\w=,. -]+?)(?=\x04|0[\s\S]|$)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^\x30\x25\x02\x01\x01\x63/, send: cldapAnswer }],
        expect: { extracted: { domain: "DC=corp,DC=example,DC=com" } },
      },
      clean: { replies: [] },
    },
  },
]);
