// Services that let anyone in over their own binary or text protocols: coordination services, remote desktops,
// databases configured to trust everyone. Each is spoken just far enough to prove access, then left.
/* eslint-disable no-control-regex -- binary protocols (RFB, PostgreSQL) are matched byte by byte */
import { checks } from "../../declare.ts";

const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];
/** A PostgreSQL StartupMessage: protocol 3.0, user "postgres", database "postgres". */
const PG_STARTUP = Buffer.concat([
  Buffer.from([0, 0, 0, 41, 0, 3, 0, 0]),
  Buffer.from("user\0postgres\0database\0postgres\0\0", "latin1"),
]);
/** Authentication request codes: 0 ok, 3 cleartext, 5 MD5, 10 SASL (SCRAM). */
const pgAuth = (code: number) => Buffer.from([0x52, 0, 0, 0, code === 10 ? 23 : 8, 0, 0, 0, code]);

export default checks([
  {
    kind: "service.unauthenticated.zookeeper",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "ZooKeeper answers administrative commands without authentication",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "ZooKeeper answers its four-letter administrative commands to anyone: its version, clients and node counts, " +
      "and its data tree is usually readable too (ACLs are open by default).",
    remediation:
      "Firewall port 2181 to the cluster's clients, restrict 4lw.commands.whitelist, and set ACLs with SASL " +
      "authentication on the znodes.",
    references: ["https://zookeeper.apache.org/doc/current/zookeeperAdmin.html#sc_4lw", ...REFS],
    cwe: [306],
    service: { name: "zookeeper", ports: [2181] },
    product: "ZooKeeper",
    conversation: [
      { send: "srvr\n" },
      {
        read: "close",
        identify: /Zookeeper version:|is not executed because it is not in the whitelist/,
        match: /^Zookeeper version: /m,
        extract: { version: /Zookeeper version: ([\d.]+)/, mode: /^Mode: (\w+)/m, nodes: /^Node count: (\d+)/m },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /srvr\n/,
            send:
              "Zookeeper version: 3.8.4-9316c2a7a97e1666d8f4593f34dd6fc36ecc436c, built on 2024-02-12 22:16 UTC\n" +
              "Latency min/avg/max: 0/0.5/12\nReceived: 1042\nSent: 1041\nConnections: 3\nOutstanding: 0\n" +
              "Zxid: 0x200000041\nMode: leader\nNode count: 187\n",
            close: true,
          },
        ],
        expect: { extracted: { version: "3.8.4", mode: "leader", nodes: "187" } },
      },
      clean: {
        replies: [{ on: /srvr\n/, send: "srvr is not executed because it is not in the whitelist.\n", close: true }],
      },
    },
  },
  {
    kind: "service.unauthenticated.vnc",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "VNC server offers access without a password",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "The VNC server offers the 'None' security type: anyone who connects sees and controls the desktop, with the " +
      "rights of whoever is logged in.",
    remediation: "Require a password (or better, reach VNC only through SSH or a VPN) and firewall ports 5900-5910.",
    references: ["https://www.rfc-editor.org/rfc/rfc6143#section-7.1.2", ...REFS],
    cwe: [306],
    service: { name: "vnc", ports: [5900, 5901, 5902, 5903] },
    product: [{ pattern: /^RFB (\d{3}\.\d{3})/, name: "VNC (RFB)" }],
    conversation: [
      { read: "line", identify: /^RFB \d{3}\.\d{3}\n/, match: /^RFB 003\.00[78]\n/ },
      { send: "RFB 003.008\n" },
      // The security types: a count, then the types; 1 is None.
      { read: "chunk", match: /^[\x01-\x10][\s\S]*?\x01/, notMatch: /^\x00/ },
    ],
    fixtures: {
      vulnerable: { greeting: "RFB 003.008\n", replies: [{ on: /RFB 003\.00[78]\n/, send: { hex: "0201" + "02" } }] },
      clean: { greeting: "RFB 003.008\n", replies: [{ on: /RFB 003\.00[78]\n/, send: { hex: "0102" } }] },
    },
  },
  {
    kind: "service.unauthenticated.postgresql",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "PostgreSQL lets the postgres superuser in without a password",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "PostgreSQL answered a connection as the postgres superuser with AuthenticationOk, asking no password " +
      "(a 'trust' rule in pg_hba.conf reachable from the internet): whoever connects owns the databases and can run " +
      "programs on the server (COPY … PROGRAM).",
    remediation:
      "Replace 'trust' with scram-sha-256 in pg_hba.conf for every non-local rule, listen on private interfaces " +
      "only (listen_addresses), and firewall port 5432.",
    references: ["https://www.postgresql.org/docs/current/auth-trust.html", ...REFS],
    cwe: [306, 287],
    service: { name: "postgresql", ports: [5432] },
    product: "PostgreSQL",
    conversation: [
      { send: PG_STARTUP, show: "StartupMessage user=postgres database=postgres" },
      // 'R' and the request code; an 'E' error (no such database…) is PostgreSQL too.
      { read: "be32+1", identify: /^(R\x00\x00\x00[\x08\x0c\x17]|E)/, match: /^R\x00\x00\x00\x08\x00\x00\x00\x00/ },
      { send: { hex: "5800000004" }, show: "Terminate" },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /user\x00postgres\x00database\x00postgres/, send: pgAuth(0) }],
      },
      clean: {
        replies: [
          {
            on: /user\x00postgres\x00database\x00postgres/,
            send: Buffer.concat([pgAuth(10), Buffer.from("SCRAM-SHA-256\0\0", "latin1")]),
          },
        ],
      },
    },
  },
]);
