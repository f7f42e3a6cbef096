// Database and broker ports answering the internet at all, whatever their passwords: SQL Server, MySQL/MariaDB,
// PostgreSQL and AMQP brokers. Each is spoken to up to its login request and left there (no credentials are sent);
// the open variants (PostgreSQL trust, MySQL root without a password) have checks of their own.
/* eslint-disable no-control-regex -- TDS, MySQL, PostgreSQL and AMQP frames are matched byte by byte */
import { checks } from "../../declare.ts";

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");
const REFS = [
  "https://www.cisa.gov/news-events/cybersecurity-advisories/aa23-208a",
  "https://cwe.mitre.org/data/definitions/668.html",
];
/** Reachable, so open to password guessing and to the server's unpatched pre-authentication bugs. */
const EXPOSED = "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:L";
const cure = (port: string, bind: string) =>
  `Keep the server off the internet: bind it to a private address (${bind}), firewall port ${port} to the ` +
  "application servers, and reach it from outside through a VPN or bastion only.";

/** TDS PRELOGIN: VERSION, ENCRYPTION, INSTOPT and THREADID options, as a client's first packet. */
const MSSQL_PRELOGIN = hex(
  "12010029 00000100 0000150006 01001b0001 02001c0001 03001d0004 ff 000000000000 00 00 00000000",
);
const mssqlAnswer = hex(
  "0401002b 00000100 00001a0006 0100200001 0200210001 0300220000 0400220001 ff 0f0010a20000 02 00 01",
);
const mysqlGreeting = (version: string) => {
  const body = Buffer.concat([
    Buffer.from([0x0a]),
    Buffer.from(`${version}\0`, "latin1"),
    hex("0b000000 3a2f5b7c1d4e6f21 00 ffff ff 0200 ffdf 15"),
    Buffer.alloc(10),
    hex("5c3e7a1b2d4f6a0e3b5c7d1f00"),
    Buffer.from("caching_sha2_password\0", "latin1"),
  ]);
  return Buffer.concat([Buffer.from([body.length, 0, 0, 0]), body]);
};
/** PostgreSQL StartupMessage: protocol 3.0, user and database "postgres". */
const PG_STARTUP = Buffer.concat([
  hex("00000029 00030000"),
  Buffer.from("user\0postgres\0database\0postgres\0\0", "latin1"),
]);
/** AMQP 0-9-1 protocol header, then the broker's Connection.Start (class 10, method 10). */
const AMQP_HEADER = Buffer.from("AMQP\x00\x00\x09\x01", "latin1");
const amqpStart = (() => {
  const table = Buffer.concat([
    Buffer.from("\x07productS\x00\x00\x00\x08RabbitMQ", "latin1"),
    Buffer.from("\x07versionS\x00\x00\x00\x073.12.13", "latin1"),
  ]);
  const mechanisms = Buffer.from("\x00\x00\x00\x0ePLAIN AMQPLAIN\x00\x00\x00\x05en_US", "latin1");
  const size = Buffer.alloc(4);
  size.writeUInt32BE(table.length);
  const payload = Buffer.concat([hex("000a 000a 00 09"), size, table, mechanisms]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  return Buffer.concat([hex("01 0000"), length, payload, hex("ce")]);
})();

export default checks([
  {
    kind: "service.mssql.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Microsoft SQL Server reachable from the internet",
    severity: "medium",
    description:
      "A SQL Server instance answered a TDS pre-login from the internet: its sa and SQL logins can be guessed from " +
      "anywhere (a favourite of ransomware crews), and any pre-authentication flaw is one packet away.",
    remediation:
      `${cure("1433", "SQL Server Configuration Manager > TCP/IP > IP addresses")} ` +
      "Disable the sa login and mixed-mode authentication where possible.",
    references: [
      "https://learn.microsoft.com/en-us/sql/sql-server/install/configure-the-windows-firewall-to-allow-sql-server-access",
      ...REFS,
    ],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "ms-sql-s", ports: [1433] },
    product: "Microsoft SQL Server",
    conversation: [
      { send: MSSQL_PRELOGIN, show: "TDS PRELOGIN (version, encryption)" },
      // A tabular-result packet (0x04) whose option table starts with VERSION, 6 bytes long.
      {
        read: "chunk",
        identify: /^\x04\x01[\s\S]{6}\x00\x00[\s\S]\x00\x06/,
        match: /^\x04\x01[\s\S]{6}\x00\x00[\s\S]\x00\x06\x01/,
      },
    ],
    fixtures: { vulnerable: { replies: [{ on: /^\x12\x01/, send: mssqlAnswer }] }, clean: { replies: [] } },
  },
  {
    kind: "service.mysql.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "MySQL / MariaDB server reachable from the internet",
    severity: "medium",
    description:
      "A MySQL or MariaDB server greeted a client from the internet, naming its exact version: its accounts can be " +
      "guessed from anywhere, and any pre-authentication flaw of that version is exposed.",
    remediation: cure("3306", 'bind-address = 127.0.0.1 or a private address in my.cnf, and no "user"@"%" accounts'),
    references: ["https://dev.mysql.com/doc/refman/8.0/en/security-guidelines.html", ...REFS],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "mysql", ports: [3306] },
    product: [
      { pattern: /^[\s\S]{4}\x0a5\.5\.5-([\d.]+)-MariaDB/, name: "MariaDB" },
      { pattern: /^[\s\S]{4}\x0a([\d.]+)/, name: "MySQL" },
    ],
    conversation: [
      // The greeting (sequence 0, protocol 10); a server that refuses our address sends an ERR packet (0xff) instead.
      {
        read: "chunk",
        identify: /^[\s\S]{3}\x00(\x0a\d|\xff)/,
        match: /^[\s\S]{3}\x00\x0a\d+\.\d+\.\d+/,
        extract: { version: /^[\s\S]{4}\x0a(?:5\.5\.5-)?(\d+\.\d+\.\d+)/ },
      },
      // Hang up before the login: an empty HandshakeResponse is never sent.
      { send: "", show: "(hang up)" },
    ],
    fixtures: {
      vulnerable: {
        greeting: mysqlGreeting("8.0.36-0ubuntu0.22.04.1"),
        replies: [],
        expect: { extracted: { version: "8.0.36" } },
      },
      clean: {
        greeting: Buffer.concat([
          hex("4400 0000 ff6a04"),
          Buffer.from("Host '203.0.113.7' is not allowed to connect to this MySQL server", "latin1"),
        ]),
        replies: [],
      },
    },
  },
  {
    kind: "service.postgresql.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "PostgreSQL server reachable from the internet",
    severity: "medium",
    description:
      "A PostgreSQL server took a startup message from the internet and asked for a password (or refused by " +
      "pg_hba.conf only after reading it): its roles can be guessed from anywhere and its pre-authentication " +
      "code is exposed.",
    remediation: cure(
      "5432",
      "listen_addresses = 'localhost' or a private address in postgresql.conf, and host rules in pg_hba.conf",
    ),
    references: ["https://www.postgresql.org/docs/current/auth-pg-hba-conf.html", ...REFS],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "postgresql", ports: [5432] },
    product: "PostgreSQL",
    conversation: [
      { send: PG_STARTUP, show: "StartupMessage user=postgres database=postgres" },
      // An authentication request (cleartext 3, MD5 5, SASL 10) or a FATAL from pg_hba.conf; both are PostgreSQL.
      {
        read: "be32+1",
        identify: /^(R\x00\x00\x00[\s\S]\x00\x00\x00[\x00\x03\x05\x0a]|E\x00\x00[\s\S]{2}SFATAL)/,
        match: /^(R\x00\x00\x00[\s\S]\x00\x00\x00[\x03\x05\x0a]|E\x00\x00[\s\S]{2}SFATAL\x00VFATAL\x00C28000)/,
      },
    ],
    fixtures: {
      vulnerable: [
        {
          replies: [
            {
              on: /user\x00postgres/,
              send: Buffer.concat([hex("52 00000017 0000000a"), Buffer.from("SCRAM-SHA-256\0\0", "latin1")]),
            },
          ],
        },
        {
          replies: [
            {
              on: /user\x00postgres/,
              send: (() => {
                const text =
                  'SFATAL\0VFATAL\0C28000\0Mno pg_hba.conf entry for host "203.0.113.7", user "postgres", ' +
                  'database "postgres", no encryption\0\0';
                const len = Buffer.alloc(4);
                len.writeUInt32BE(text.length + 4);
                return Buffer.concat([Buffer.from("E"), len, Buffer.from(text, "latin1")]);
              })(),
            },
          ],
        },
      ],
      clean: { replies: [] },
    },
  },
  {
    kind: "service.amqp.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "AMQP message broker reachable from the internet",
    severity: "medium",
    description:
      "An AMQP 0-9-1 broker (RabbitMQ, Qpid…) answered from the internet with its product and version: its " +
      "accounts (guest / guest on old or misconfigured RabbitMQ) can be tried from anywhere, and the messages " +
      "behind them often carry personal data and credentials.",
    remediation:
      cure("5672", "RabbitMQ: listeners.tcp.default = 127.0.0.1:5672 or a private address") +
      " Prefer AMQPS (5671) with client certificates.",
    references: ["https://www.rabbitmq.com/docs/networking", ...REFS],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "amqp", ports: [5672] },
    product: [
      { pattern: /product[\s\S]{5}RabbitMQ[\s\S]*?version[\s\S]{5}([\d.]+)/, name: "RabbitMQ" },
      { pattern: /^\x01\x00\x00/, name: "AMQP broker" },
    ],
    conversation: [
      { send: AMQP_HEADER, show: "AMQP 0-9-1 protocol header" },
      // A method frame on channel 0: Connection.Start (class 10, method 10), version 0-9.
      {
        read: "chunk",
        identify: /^\x01\x00\x00[\s\S]{4}\x00\x0a\x00\x0a/,
        match: /^\x01\x00\x00[\s\S]{4}\x00\x0a\x00\x0a\x00\x09/,
        extract: { version: /version[\s\S]{5}([\d.]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^AMQP\x00\x00\x09\x01/, send: amqpStart }],
        expect: { extracted: { version: "3.12.13" } },
      },
      clean: { replies: [] },
    },
  },
]);
