// Data stores and caches that serve anyone who connects, asked in their own protocol and only read from.
import { checks, json } from "../../declare.ts";

const DATASTORE_WHY =
  "Anyone on the internet can read, change or delete the data; unauthenticated data stores are found by automated " +
  "scans within hours and are routinely wiped and held to ransom.";
const bulk = (s: string) => `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
const REDIS_INFO =
  "# Server\r\nredis_version:7.0.15\r\nredis_git_sha1:00000000\r\nredis_mode:standalone\r\n" +
  "os:Linux 6.1.0-28-amd64 x86_64\r\narch_bits:64\r\ntcp_port:6379\r\n";
const MEMCACHED_STATS =
  "STAT pid 1234\r\nSTAT uptime 8812\r\nSTAT version 1.6.18\r\nSTAT libevent 2.1.12-stable\r\n" +
  "STAT curr_connections 2\r\nSTAT curr_items 17\r\nEND\r\n";

export default checks([
  {
    kind: "service.unauthenticated.redis",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Redis answered PING and INFO without a password",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      `Redis answered PING and INFO without a password. ${DATASTORE_WHY} An open Redis is also a path to code ` +
      "execution on the host (CONFIG SET dir/dbfilename, MODULE LOAD, replication to a rogue master).",
    remediation:
      'Bind it to a private interface ("bind 127.0.0.1 ::1"), keep "protected-mode yes", require authentication ' +
      '(ACL users or "requirepass"), and firewall port 6379.',
    references: [
      "https://redis.io/docs/latest/operate/oss_and_stack/management/security/",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    service: { name: "redis", ports: [6379], silent: true },
    product: "Redis",
    conversation: [
      { send: "PING\r\n" },
      // -NOAUTH (a password) and -DENIED (protected mode) name Redis without a finding.
      { read: "line", identify: /^(\+PONG|-NOAUTH|-DENIED|-ERR)/, match: /^\+PONG/ },
      { send: "INFO server\r\n" },
      {
        read: "resp",
        // A bulk string (the INFO text), or an error when INFO was renamed away: a Redis answering commands either way.
        match: /^(\$\d+\r\n|-ERR )/,
        quiet: true,
        extract: { version: /redis_version:([0-9][\w.-]*)/, mode: /redis_mode:(\w+)/, os: /\bos:([^\r\n]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /PING\r\n/, send: "+PONG\r\n" },
          { on: /INFO[^\r\n]*\r\n/, send: bulk(REDIS_INFO) },
        ],
        expect: { extracted: { version: "7.0.15", mode: "standalone" } },
      },
      clean: { replies: [{ on: /\r\n/, send: "-NOAUTH Authentication required.\r\n" }] },
    },
  },
  {
    kind: "service.unauthenticated.memcached",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Memcached answered stats without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      `Memcached answered stats without authentication. ${DATASTORE_WHY} Cached sessions and tokens can be read ` +
      "or forged, and an exposed memcached amplifies denial-of-service attacks (UDP).",
    remediation:
      'Listen on a private interface only ("-l 127.0.0.1", "-U 0"), firewall port 11211, enable SASL or -Y auth.',
    references: [
      "https://github.com/memcached/memcached/wiki/SASLHowto",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    service: { name: "memcached", ports: [11211], silent: true },
    product: "Memcached",
    conversation: [
      { send: "stats\r\n" },
      {
        read: { until: /(^|\r\n)END\r\n$|^(ERROR|CLIENT_ERROR|SERVER_ERROR)[^\n]*\n/ },
        // memcached -Y or SASL-only: "CLIENT_ERROR unauthenticated".
        identify: /^STAT |^(CLIENT_ERROR|ERROR|SERVER_ERROR)[^\n]*auth/i,
        match: /^STAT pid \d+/,
        quiet: true,
        extract: { version: /STAT version ([^\r\n]+)/, currentItems: /STAT curr_items (\d+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /stats\r\n/, send: MEMCACHED_STATS }],
        expect: { extracted: { version: "1.6.18" } },
      },
      clean: { replies: [{ on: /\r\n/, send: "CLIENT_ERROR unauthenticated\r\n" }] },
    },
  },
  {
    kind: "service.unauthenticated.mongodb",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "MongoDB listed its databases without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description: `MongoDB listed its databases without authentication. ${DATASTORE_WHY}`,
    remediation:
      'Enable access control ("security.authorization: enabled"), bind to a private interface ("net.bindIp"), and ' +
      "firewall port 27017.",
    references: [
      "https://www.mongodb.com/docs/manual/administration/security-checklist/",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    service: { name: "mongodb", ports: [27017, 27018], silent: true },
    product: "MongoDB",
    conversation: [
      {
        send: { encode: "mongo-op-msg", doc: { buildInfo: 1, $db: "admin" } },
        show: 'OP_MSG { buildInfo: 1, $db: "admin" }',
      },
      { read: "le32", decode: "mongo-op-msg", identify: /"ok":/, extract: { version: { json: "version" } } },
      {
        send: { encode: "mongo-op-msg", doc: { listDatabases: 1, nameOnly: true, $db: "admin" } },
        show: 'OP_MSG { listDatabases: 1, nameOnly: true, $db: "admin" }',
      },
      {
        read: "le32",
        decode: "mongo-op-msg",
        json: { ok: 1, databases: "array" },
        extract: { databases: { json: "databases[].name" } },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /buildInfo/,
            send: { encode: "mongo-op-msg", doc: { version: "6.0.12", gitVersion: "21e6e8e1", ok: 1 } },
          },
          {
            on: /listDatabases/,
            send: {
              encode: "mongo-op-msg",
              doc: { databases: [{ name: "admin" }, { name: "shop" }], totalSize: 8192, ok: 1 },
            },
          },
        ],
        expect: { extracted: { version: "6.0.12", databases: ["admin", "shop"] } },
      },
      clean: {
        replies: [
          { on: /buildInfo/, send: { encode: "mongo-op-msg", doc: { version: "6.0.12", ok: 1 } } },
          {
            on: /listDatabases/,
            send: {
              encode: "mongo-op-msg",
              doc: {
                ok: 0,
                errmsg: "command listDatabases requires authentication",
                code: 13,
                codeName: "Unauthorized",
              },
            },
          },
        ],
      },
    },
  },
  {
    kind: "service.unauthenticated.elasticsearch",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Elasticsearch listed its indices without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      `Elasticsearch (or OpenSearch) listed its indices without authentication. ${DATASTORE_WHY} Search clusters ` +
      "often hold logs and customer records in bulk.",
    remediation:
      'Enable security ("xpack.security.enabled: true" with passwords or API keys; OpenSearch: the security ' +
      'plugin), bind HTTP to a private interface ("network.host"), and firewall port 9200.',
    references: [
      "https://www.elastic.co/guide/en/elasticsearch/reference/current/security-minimal-setup.html",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    service: { name: "elasticsearch", ports: [9200] },
    product: [
      { pattern: /"distribution"\s*:\s*"opensearch"|The OpenSearch Project/, name: "OpenSearch" },
      { pattern: /You Know, for Search|realm="security"/, name: "Elasticsearch" },
    ],
    // "/" names it (its tagline; 401 with the security realm when security is on), then the index list proves access.
    detect: {
      root: true,
      match: [
        {
          any: [{ words: ["You Know, for Search"] }, { part: "header:www-authenticate", regex: [/realm="security"/i] }],
        },
      ],
      extract: [{ name: "version", json: "version.number" }],
    },
    http: [
      {
        paths: ["/_cat/indices?format=json&h=index,docs.count"],
        match: [{ status: [200] }, { json: { "": "array" } }],
        extract: [{ name: "indices", json: "[].index" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": json({
            name: "node-1",
            cluster_name: "prod",
            version: { number: "7.17.9" },
            tagline: "You Know, for Search",
          }),
          "/_cat/indices?format=json&h=index,docs.count": json([
            { index: "orders", "docs.count": "120" },
            { index: "users", "docs.count": "7" },
          ]),
        },
        expect: { extracted: { version: "7.17.9", indices: ["orders", "users"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/": json({ error: { type: "security_exception" }, status: 401 }, 401, {
            "www-authenticate": 'Basic realm="security" charset="UTF-8"',
          }),
          "/_cat/indices": json({ error: { type: "security_exception" }, status: 401 }, 401, {
            "www-authenticate": 'Basic realm="security" charset="UTF-8"',
          }),
        },
      },
    },
  },
]);
