// Vendor-default credentials on network services, spoken in their own protocol: the same budget as on the web (at
// most 3 pairs per service and port per scan, one connection each, stopped at the first success).
/* eslint-disable no-control-regex -- SNMP answers are BER, matched byte by byte */
import { checks } from "../../declare.ts";

/** An agent's GetResponse for sysDescr.0, echoing the community it was asked with (as net-snmp's snmpd does). */
const snmpSysDescr = (community: string) => {
  const tlv = (tag: number, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    return Buffer.concat([Buffer.from([tag, body.length]), body]);
  };
  const int = (...b: number[]) => tlv(0x02, Buffer.from(b));
  const descr = Buffer.from("Linux edge-rtr01 4.14.180 #1 SMP armv7l");
  const varbind = tlv(0x30, tlv(0x06, Buffer.from("2b06010201010100", "hex")), tlv(0x04, descr));
  const pdu = tlv(0xa2, int(0x45, 0x4d, 0x00, 0x01), int(0), int(0), tlv(0x30, varbind));
  return tlv(0x30, int(0), tlv(0x04, Buffer.from(community)), pdu);
};

const FTP_GREETING = "220 NAS FTP server ready.\r\n";

export default checks([
  {
    kind: "service.default-login.ftp",
    category: "default-login",
    protocol: "tcp",
    title: "FTP accepts a vendor-default login",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "The FTP server accepted a well-known default user and password (admin / admin, root / root, admin / 1234), as " +
      "many NAS boxes, cameras and routers ship them: whoever logs in reads and often writes the device's files.",
    remediation:
      "Change the password (or disable the account) on the device, turn FTP off if nothing needs it, and prefer SFTP.",
    references: [
      "https://cwe.mitre.org/data/definitions/1392.html",
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/04-Authentication_Testing/02-Testing_for_Default_Credentials",
    ],
    cwe: [1392, 798],
    service: { name: "ftp", ports: [21] },
    product: [
      { pattern: /vsFTPd ([\d.]+)/i, name: "vsftpd" },
      { pattern: /ProFTPD ([\d.]+\w*)/i, name: "ProFTPD" },
      { pattern: /^220/, name: "FTP server" },
    ],
    credentials: [
      { username: "admin", password: "admin" },
      { username: "root", password: "root" },
      // Not ftp / ftp: vsftpd and ProFTPD take "ftp" as the anonymous user (service.unauthenticated.ftp says that).
      { username: "admin", password: "1234" },
    ],
    conversation: [
      { read: "reply", identify: /^220/, match: /^220/ },
      { send: "USER {{username}}\r\n" },
      { read: "reply", match: /^331/ },
      { send: "PASS {{password}}\r\n", show: "PASS <the default password>" },
      { read: "reply", match: /^230/ },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: FTP_GREETING,
        replies: [
          { on: /USER \w+\r\n/, send: "331 Password required.\r\n" },
          // root / root, the second pair: the budget reaches it.
          { on: /PASS root\r\n/, send: "230 User logged in.\r\n" },
          { on: /PASS [^\r]*\r\n/, send: "530 Login incorrect.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
      clean: {
        greeting: FTP_GREETING,
        replies: [
          { on: /USER \w+\r\n/, send: "331 Password required.\r\n" },
          { on: /PASS [^\r]*\r\n/, send: "530 Login incorrect.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
    },
  },
  {
    kind: "service.default-login.snmp-community",
    category: "default-login",
    protocol: "udp",
    title: "SNMP agent answers a default community (public / private)",
    severity: "high",
    description:
      "The SNMP agent answered a request made with a factory-default community string (public, or private, which is " +
      "often read-write). SNMP v1/v2c has no other authentication: anyone can read the device's description, " +
      "interfaces, routes, ARP table and running processes (and with a write community, change its configuration), " +
      "and the agent amplifies traffic toward spoofed addresses.",
    remediation:
      'Remove the default communities (net-snmp: delete "rocommunity public" / "rwcommunity private" from ' +
      'snmpd.conf; Cisco: "no snmp-server community public"), move to SNMPv3 with authPriv users, restrict the agent ' +
      "to the management network (an access list), and firewall UDP port 161 from the internet.",
    references: [
      "https://www.cisa.gov/news-events/alerts/2017/06/05/reducing-risk-snmp-abuse",
      "https://www.rfc-editor.org/rfc/rfc3414",
      "https://cwe.mitre.org/data/definitions/1392.html",
    ],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "snmp", ports: [161] },
    product: [{ pattern: /\x2b\x06\x01\x02\x01\x01\x01\x00\x04[\s\S]([\x20-\x7e]{3,40})/, name: "SNMP agent" }],
    // Agents drop a request with a wrong community without a word: each pair costs a time limit at worst.
    credentials: [
      { username: "", password: "public" },
      { username: "", password: "private" },
    ],
    conversation: [
      {
        send: { encode: "snmp-get", doc: { community: "{{password}}", oid: "1.3.6.1.2.1.1.1.0", version: 1 } },
        show: "SNMPv2c GetRequest sysDescr.0 with a default community",
      },
      {
        read: "chunk",
        // A GetResponse (0xa2) with error-status 0 whose value for sysDescr.0 is a string: our own request reflected
        // has 0xa0 and a NULL value.
        match: [
          /^\x30[\s\S]{1,3}\x02\x01[\x00\x01]\x04[\s\S]{1,40}?\xa2[\s\S]{1,3}\x02[\x01-\x04][\s\S]{1,4}?\x02\x01\x00/,
          /\x06\x08\x2b\x06\x01\x02\x01\x01\x01\x00\x04/,
        ],
        extract: { sysDescr: /\x2b\x06\x01\x02\x01\x01\x01\x00\x04\x81?[\s\S]([\x20-\x7e]+)/ },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          replies: [{ on: /\x04\x06public\xa0/, send: snmpSysDescr("public") }],
          expect: { extracted: { sysDescr: "Linux edge-rtr01 4.14.180 #1 SMP armv7l" } },
        },
        // Only the second pair: the budget reaches it past the silence of the first.
        { replies: [{ on: /\x04\x07private\xa0/, send: snmpSysDescr("private") }] },
      ],
      // A hardened agent: SNMPv3 only, v2c requests dropped silently.
      clean: { replies: [] },
    },
  },
]);
