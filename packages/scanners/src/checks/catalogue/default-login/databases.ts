// Databases and data platforms that accept their vendor-default credentials: MySQL root without a password (in its
// own wire protocol), Elasticsearch's elastic / changeme, Splunk's admin / changeme, CouchDB and Neo4j defaults. Each
// within the login budget, proven by what only a logged-in answer contains.
/* eslint-disable no-control-regex -- the MySQL protocol is matched byte by byte */
import {
  basicAuth,
  basicLoginFixtures,
  checks,
  DEFAULT_LOGIN_REFS,
  json,
  loginFixtures,
  OK,
  CVSS_FULL_CONTROL,
} from "../../declare.ts";

const xml = (body: string, status = 200) => ({ status, headers: { "content-type": "text/xml" }, body });

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
      clean: {
        greeting: greeting("5.5.5-10.11.6-MariaDB-0+deb12u1"),
        replies: [{ on: /root\x00/, send: accessDenied() }],
      },
    },
  },
  {
    kind: "http.default-login.elasticsearch",
    category: "default-login",
    protocol: "http",
    title: "Elasticsearch accepts elastic / changeme",
    severity: "critical",
    description:
      "Elasticsearch security accepted the built-in superuser elastic with changeme, the default password of the " +
      "6.x X-Pack and of many compose files: whoever logs in reads, changes and deletes every index.",
    remediation:
      "Set a strong password (bin/elasticsearch-reset-password -u elastic), and give applications their own " +
      "users or API keys.",
    references: [
      "https://www.elastic.co/guide/en/elasticsearch/reference/current/built-in-users.html",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "elasticsearch", ports: [9200] },
    detect: {
      paths: ["/"],
      match: [
        { status: [401] },
        { part: "header:www-authenticate", regex: [/realm="security"/] },
        { words: ["security_exception"] },
      ],
    },
    login: {
      request: { method: "GET", path: "/", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "elastic", password: "changeme" }],
      success: [OK, { json: { cluster_name: "string", "version.number": /^\d+\./, tagline: /You Know, for Search/ } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "go",
      {},
      "/",
      basicAuth("elastic", "changeme"),
      json({
        name: "es01",
        cluster_name: "docker-cluster",
        version: { number: "6.8.23" },
        tagline: "You Know, for Search",
      }),
      json(
        {
          error: {
            root_cause: [
              { type: "security_exception", reason: "missing authentication credentials for REST request [/]" },
            ],
            type: "security_exception",
          },
          status: 401,
        },
        401,
        { "www-authenticate": 'Basic realm="security" charset="UTF-8"' },
      ),
    ),
  },
  {
    kind: "http.default-login.splunk",
    category: "default-login",
    protocol: "http",
    title: "Splunk management API accepts admin / changeme",
    severity: "critical",
    description:
      "Splunk's management port (8089) issued a session for admin / changeme, the default password before 7.1: " +
      "whoever holds it searches all indexed data and installs apps that run code on the server and its forwarders.",
    remediation: "Change the admin password (splunk edit user admin -password …) and keep port 8089 off the internet.",
    references: [
      "https://docs.splunk.com/Documentation/Splunk/latest/Security/Secureyouradminaccount",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "splunkd", ports: [8089] },
    detect: {
      paths: ["/"],
      match: [OK, { regex: [/<title>splunkd<\/title>/, /<generator build="[^"]+" version="[\d.]+"/] }],
    },
    login: {
      request: {
        method: "POST",
        path: "/services/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "username={{username}}&password={{password}}",
      },
      credentials: [{ username: "admin", password: "changeme" }],
      success: [OK, { regex: [/<sessionKey>[^<]{8,}<\/sessionKey>/] }],
      failure: [{ status: [401] }, { words: ["Login failed"] }],
    },
    fixtures: loginFixtures(
      "go",
      {
        "/": xml(
          '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>splunkd</title>' +
            '<generator build="c8eb2b8d7a4a" version="7.0.3"/></feed>',
        ),
      },
      "POST /services/auth/login",
      {
        when: { body: /username=admin&password=changeme$/ },
        ...xml("<response>\n  <sessionKey>192fd3e46a31246da7ea7f109e7f95fd</sessionKey>\n</response>\n"),
      },
      xml(
        '<response><messages><msg type="WARN" code="incorrect_username_or_password">Login failed</msg></messages>' +
          "</response>",
        401,
      ),
    ),
  },
  {
    kind: "http.default-login.couchdb",
    category: "default-login",
    protocol: "http",
    title: "CouchDB accepts a default administrator password",
    severity: "critical",
    description:
      "CouchDB accepted a well-known server admin pair (admin / admin, admin / password, couchdb / couchdb), as " +
      "docker-compose examples set them: whoever logs in reads and changes every database and the server's config.",
    remediation: "Set a strong admin password in local.ini ([admins]) and keep port 5984 on a private network.",
    references: ["https://docs.couchdb.org/en/stable/intro/security.html", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "couchdb", ports: [5984] },
    detect: { paths: ["/"], match: [OK, { json: { couchdb: /^Welcome$/, version: "string" } }] },
    login: {
      request: { method: "GET", path: "/_session", headers: { authorization: "Basic {{basic}}" } },
      credentials: [
        { username: "admin", password: "admin" },
        { username: "admin", password: "password" },
        { username: "couchdb", password: "couchdb" },
      ],
      success: [OK, { json: { ok: true, "userCtx.name": "string", "userCtx.roles": /_admin/ } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "go",
      { "/": json({ couchdb: "Welcome", version: "3.3.3", vendor: { name: "The Apache Software Foundation" } }) },
      "/_session",
      basicAuth("admin", "password"),
      json({ ok: true, userCtx: { name: "admin", roles: ["_admin"] }, info: { authenticated: "default" } }),
      json({ error: "unauthorized", reason: "Name or password is incorrect." }, 401),
    ),
  },
  {
    kind: "http.default-login.neo4j",
    category: "default-login",
    protocol: "http",
    title: "Neo4j accepts neo4j / neo4j (or neo4j / password)",
    severity: "critical",
    description:
      "Neo4j's HTTP API accepted its default account with a well-known password: with neo4j / neo4j it still " +
      "asks for the password change, which anyone can then make; with neo4j / password the graph is open to read " +
      "and change.",
    remediation:
      "Set a strong password (neo4j-admin dbms set-initial-password, or ALTER CURRENT USER) and bind to a " +
      "private address.",
    references: [
      "https://neo4j.com/docs/operations-manual/current/configuration/set-initial-password/",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "neo4j", ports: [7474] },
    detect: { paths: ["/"], match: [OK, { json: { neo4j_version: /^\d+\./ } }] },
    login: {
      request: {
        method: "POST",
        path: "/db/neo4j/tx/commit",
        headers: { authorization: "Basic {{basic}}", "content-type": "application/json" },
        body: '{"statements":[]}',
      },
      credentials: [
        { username: "neo4j", password: "neo4j" },
        { username: "neo4j", password: "password" },
      ],
      success: [
        { any: [{ json: { results: "array", errors: "array" } }, { words: ["credentials you provided were valid"] }] },
      ],
      failure: [{ status: [401] }],
    },
    fixtures: loginFixtures(
      "jetty",
      {
        "/": json({
          bolt_routing: "neo4j://db:7687",
          transaction: "http://db:7474/db/{databaseName}/tx",
          neo4j_version: "5.15.0",
          neo4j_edition: "community",
        }),
      },
      "POST /db/neo4j/tx/commit",
      {
        when: { headers: { authorization: basicAuth("neo4j", "password") } },
        ...json({ results: [], errors: [] }),
      },
      json(
        { errors: [{ code: "Neo.ClientError.Security.Unauthorized", message: "Invalid username or password." }] },
        401,
      ),
    ),
  },
]);
