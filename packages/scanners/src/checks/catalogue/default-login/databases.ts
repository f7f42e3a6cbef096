// Database servers that let in their superuser without a password, spoken in their own wire protocol: one login
// attempt (the empty password), counted against the same budget as every default login.
/* eslint-disable no-control-regex -- the MySQL protocol is matched byte by byte */
import { checks } from "../../declare.ts";

/**
 * MySQL HandshakeResponse41 (sequence 1) for user root with an empty auth response: capabilities LONG_PASSWORD,
 * LONG_FLAG, PROTOCOL_41, SECURE_CONNECTION (0x00008205), max packet 16 MiB, utf8, 23 bytes of filler.
 */
const MYSQL_ROOT_EMPTY = Buffer.concat([
  Buffer.from("26000001" + "05820000" + "00000001" + "21", "hex"),
  Buffer.alloc(23),
  Buffer.from("root\0", "latin1"),
  Buffer.from([0]),
]);
/** A MySQL 8.0 / MariaDB greeting (protocol 10) with its version. */
const greeting = (version: string) => {
  const body = Buffer.concat([
    Buffer.from([0x0a]),
    Buffer.from(`${version}\0`, "latin1"),
    Buffer.from("0b000000" + "3a2f5b7c1d4e6f21" + "00" + "ffff" + "ff" + "0200" + "ffdf" + "15", "hex"),
    Buffer.alloc(10),
    Buffer.from("5c3e7a1b2d4f6a0e3b5c7d1f00", "hex"),
    Buffer.from("mysql_native_password\0", "latin1"),
  ]);
  const head = Buffer.from([body.length & 0xff, body.length >> 8, 0, 0]);
  return Buffer.concat([head, body]);
};
const OK_PACKET = Buffer.from("0700000200000002000000", "hex");
const accessDenied = () => {
  const body = Buffer.concat([
    Buffer.from("ff1504", "hex"),
    Buffer.from("#28000Access denied for user 'root'@'203.0.113.7' (using password: NO)", "latin1"),
  ]);
  return Buffer.concat([Buffer.from([body.length, 0, 0, 2]), body]);
};

export default checks([
  {
    kind: "service.default-login.mysql-root",
    category: "default-login",
    protocol: "tcp",
    title: "MySQL / MariaDB accepts root without a password",
    severity: "critical",
    description:
      "The MySQL or MariaDB server let the root account in from the internet with an empty password (the state " +
      "of many test installs and containers started with MYSQL_ALLOW_EMPTY_PASSWORD): whoever connects reads, " +
      "changes and deletes every database, and can often write files on the server.",
    remediation:
      "Set a root password (ALTER USER 'root'@'%' IDENTIFIED BY '…'; or run mysql_secure_installation), drop " +
      "remote root (DELETE FROM mysql.user WHERE User='root' AND Host NOT IN ('localhost','127.0.0.1','::1')), " +
      "and bind the server to a private address (bind-address) behind a firewall.",
    references: [
      "https://dev.mysql.com/doc/refman/8.0/en/default-privileges.html",
      "https://mariadb.com/kb/en/mysql_secure_installation/",
      "https://cwe.mitre.org/data/definitions/521.html",
    ],
    cwe: [521, 1392],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "mysql", ports: [3306] },
    product: [
      { pattern: /^[\s\S]{4}\x0a[\d.]+-([\d.]+)-MariaDB/, name: "MariaDB" },
      { pattern: /^[\s\S]{4}\x0a([\d.]+)/, name: "MySQL" },
    ],
    // The packet carries root and the empty password itself (no scramble is needed for an empty one).
    credentials: [{ username: "root", password: "" }],
    conversation: [
      {
        read: "chunk",
        identify: /^[\s\S]{3}\x00\x0a\d+\.\d+/,
        match: /^[\s\S]{3}\x00\x0a\d+\.\d+/,
        extract: { version: /^[\s\S]{4}\x0a(?:5\.5\.5-)?(\d+\.\d+\.\d+)/ },
      },
      { send: MYSQL_ROOT_EMPTY, show: "HandshakeResponse41: user root, empty password" },
      // An OK packet (sequence 2, header 0x00); a refusal is an ERR packet (0xff, "Access denied").
      { read: "chunk", match: /^[\s\S]{3}\x02\x00/, notMatch: /^[\s\S]{3}[\s\S]\xff/ },
    ],
    fixtures: {
      vulnerable: {
        greeting: greeting("8.0.36"),
        replies: [{ on: /root\x00\x00$/, send: OK_PACKET }],
        expect: { extracted: { version: "8.0.36" } },
      },
      clean: { greeting: greeting("5.5.5-10.11.6-MariaDB-0+deb12u1"), replies: [{ on: /root\x00/, send: accessDenied() }] },
    },
  },
]);
