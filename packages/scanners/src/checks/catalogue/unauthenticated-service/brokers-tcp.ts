// Databases and message brokers spoken in their own binary or text protocols, just far enough to see that they
// let an anonymous client in: Cassandra (CQL), Kafka, NATS, MQTT, Redis Sentinel, RethinkDB. Nothing is written.
/* eslint-disable no-control-regex -- binary protocols (CQL, Kafka, MQTT, RethinkDB) are matched byte by byte */
import { checks, CVSS_FULL_CONTROL } from "../../declare.ts";

const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");
const str16 = (s: string) => Buffer.concat([Buffer.from([s.length >> 8, s.length & 0xff]), Buffer.from(s, "latin1")]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** CQL v4: OPTIONS (stream 0), then STARTUP {CQL_VERSION: 3.0.0} (stream 1). */
const CQL_OPTIONS = hex("04 00 0000 05 00000000");
const cqlStartup = Buffer.concat([hex("04 00 0001 01 00000016 0001"), str16("CQL_VERSION"), str16("3.0.0")]);
/** A SUPPORTED answer (opcode 6) as Cassandra 4.1 sends it. */
const cqlSupported = (() => {
  const body = Buffer.concat([
    hex("0003"),
    str16("PROTOCOL_VERSIONS"),
    hex("0003"),
    str16("3/v3"),
    str16("4/v4"),
    str16("5/v5"),
    str16("COMPRESSION"),
    hex("0002"),
    str16("snappy"),
    str16("lz4"),
    str16("CQL_VERSION"),
    hex("0001"),
    str16("3.4.6"),
  ]);
  return Buffer.concat([hex("84 00 0000 06"), int32(body.length), body]);
})();
const cqlAuthenticate = (() => {
  const body = str16("org.apache.cassandra.auth.PasswordAuthenticator");
  return Buffer.concat([hex("84 00 0001 03"), int32(body.length), body]);
})();

/** Kafka Metadata v0 for every topic, correlation id 7, client "ems". */
const KAFKA_METADATA = hex("00000011 0003 0000 00000007 0003 656d73 00000000");
const kafkaMetadataAnswer = (() => {
  const body = Buffer.concat([
    int32(7),
    int32(1), // brokers
    int32(1),
    str16("kafka-1.internal"),
    int32(9092),
    int32(2), // topics
    hex("0000"),
    str16("orders"),
    int32(0),
    hex("0000"),
    str16("payments"),
    int32(0),
  ]);
  return Buffer.concat([int32(body.length), body]);
})();

/** MQTT 3.1.1 CONNECT: clean session, keep-alive 60 s, client id "ems-check", no user name or password. */
const MQTT_CONNECT = hex("10 15 0004 4d515454 04 02 003c 0009 656d732d636865636b");

const NATS_INFO = (auth: boolean) =>
  `INFO {"server_id":"NBXQZ3Q6B7MR7ZKCMFLPVKF6J6NOV2IR6TQPMMZUV5W2TOQ7YJ4BYMRD","server_name":"nats-1",` +
  `"version":"2.10.4","proto":1,"go":"go1.21.3","host":"0.0.0.0","port":4222,"headers":true,` +
  `${auth ? '"auth_required":true,' : ""}"max_payload":1048576,"client_id":12,"client_ip":"192.0.2.55"}\r\n`;

/** RethinkDB's V0_4 handshake with an empty authorization key, JSON protocol. */
const RETHINK_HANDSHAKE = hex("202d0c40 00000000 c770697e");

export default checks([
  {
    kind: "service.unauthenticated.cassandra",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Cassandra accepts CQL connections without authentication",
    severity: "critical",
    description:
      "The Cassandra node answered a CQL STARTUP with READY, asking for no credentials (AllowAllAuthenticator, the " +
      "default): anyone can read, change and drop every keyspace.",
    remediation:
      "Set authenticator: PasswordAuthenticator and authorizer: CassandraAuthorizer in cassandra.yaml, change the " +
      "cassandra superuser's password, enable client encryption, and firewall port 9042.",
    references: ["https://cassandra.apache.org/doc/stable/cassandra/operating/security.html", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "cassandra", ports: [9042] },
    product: "Apache Cassandra",
    conversation: [
      { send: CQL_OPTIONS, show: "OPTIONS" },
      {
        read: "chunk",
        identify: /^\x84\x00\x00\x00\x06/,
        match: /^\x84\x00\x00\x00\x06[\s\S]*CQL_VERSION/,
        extract: { cqlVersion: /CQL_VERSION\x00\x01\x00[\s\S]([\d.]+)/ },
      },
      { send: cqlStartup, show: "STARTUP {CQL_VERSION: 3.0.0}" },
      // READY (opcode 2); AUTHENTICATE (3) asks for a password.
      { read: "chunk", identify: /^\x84\x00\x00\x01\x03/, match: /^\x84\x00\x00\x01\x02/ },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^\x04\x00\x00\x00\x05\x00\x00\x00\x00/, send: cqlSupported },
          { on: /\x04\x00\x00\x01\x01[\s\S]*3\.0\.0/, send: hex("84 00 0001 02 00000000") },
        ],
        expect: { extracted: { cqlVersion: "3.4.6" } },
      },
      clean: {
        replies: [
          { on: /^\x04\x00\x00\x00\x05\x00\x00\x00\x00/, send: cqlSupported },
          { on: /\x04\x00\x00\x01\x01[\s\S]*3\.0\.0/, send: cqlAuthenticate },
        ],
      },
    },
  },
  {
    kind: "service.unauthenticated.kafka",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Kafka broker answers clients without authentication",
    severity: "critical",
    description:
      "The Kafka broker answered a metadata request on a plaintext listener without SASL or TLS client " +
      "authentication: anyone can list the topics, read every message and produce new ones.",
    remediation:
      "Expose only SASL_SSL (or SSL with client certificates) listeners, enable ACLs " +
      "(authorizer.class.name, allow.everyone.if.no.acl.found=false), and firewall port 9092.",
    references: ["https://kafka.apache.org/documentation/#security", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "kafka", ports: [9092, 9093, 29092] },
    product: "Apache Kafka",
    conversation: [
      { send: KAFKA_METADATA, show: "Metadata v0 (all topics)" },
      {
        // Our correlation id, at least one broker, and its host name.
        read: "chunk",
        match: /^[\s\S]{4}\x00\x00\x00\x07\x00\x00\x00[\x01-\x7f][\s\S]{4}\x00[\x01-\xff][\w.-]+/,
        extract: { broker: /^[\s\S]{4}\x00\x00\x00\x07\x00\x00\x00[\x01-\x7f][\s\S]{4}\x00[\x01-\xff]([\w.-]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /\x00\x03\x00\x00\x00\x00\x00\x07\x00\x03ems/, send: kafkaMetadataAnswer }],
        expect: { extracted: { broker: "kafka-1.internal" } },
      },
      // A SASL_SSL listener: the plaintext request is not TLS, and the broker hangs up.
      clean: { replies: [{ on: /\x00\x03ems/, send: "", close: true }] },
    },
  },
  {
    kind: "service.unauthenticated.nats",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "NATS server accepts clients without authentication",
    severity: "high",
    description:
      "The NATS server requires no authentication (its INFO says no auth_required) and accepted an anonymous " +
      'CONNECT: anyone can subscribe to every subject (">") and publish on it, reading and injecting the ' +
      "messages between services.",
    remediation:
      "Configure authorization (users with permissions, nkeys or JWT accounts), enable TLS, and firewall port 4222.",
    references: ["https://docs.nats.io/running-a-nats-service/configuration/securing_nats/auth_intro", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "nats", ports: [4222] },
    product: "NATS",
    conversation: [
      {
        read: "line",
        identify: /^INFO \{/,
        match: /^INFO \{"server_id"/,
        notMatch: /"auth_required"\s*:\s*true/,
        quiet: true,
        extract: { version: /"version"\s*:\s*"([\d.]+)"/ },
      },
      {
        send:
          "CONNECT " +
          '{"verbose":false,"pedantic":false,"name":"ems-check","lang":"ems","version":"1.0","protocol":1}\r\nPING\r\n',
      },
      { read: "line", match: /^PONG\r?\n/ },
    ],
    fixtures: {
      vulnerable: {
        greeting: NATS_INFO(false),
        replies: [{ on: /PING\r\n/, send: "PONG\r\n" }],
        expect: { extracted: { version: "2.10.4" } },
      },
      clean: {
        greeting: NATS_INFO(true),
        replies: [{ on: /CONNECT[^\r]*\r\n/, send: "-ERR 'Authorization Violation'\r\n", close: true }],
      },
    },
  },
  {
    kind: "service.unauthenticated.mqtt",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "MQTT broker accepts anonymous clients",
    severity: "high",
    description:
      'The MQTT broker accepted a CONNECT without user name or password: anyone can subscribe to every topic ("#") ' +
      "and publish, reading sensor data and sending commands to the devices listening.",
    remediation:
      'Disable anonymous access (Mosquitto: "allow_anonymous false" with a password_file; EMQX: authentication ' +
      "enabled), use TLS on 8883, and firewall port 1883.",
    references: ["https://mosquitto.org/man/mosquitto-conf-5.html", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "mqtt", ports: [1883] },
    product: "MQTT broker",
    conversation: [
      { send: MQTT_CONNECT, show: "CONNECT client-id=ems-check (no user name, no password)" },
      // CONNACK, return code 0 (accepted); 4 and 5 are bad credentials and not authorised.
      { read: "chunk", identify: /^\x20\x02[\x00\x01][\x00-\x05]/, match: /^\x20\x02[\x00\x01]\x00/ },
      { send: Buffer.from([0xe0, 0x00]), show: "DISCONNECT" },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x10\x15\x00\x04MQTT/, send: Buffer.from([0x20, 0x02, 0x00, 0x00]) }] },
      clean: { replies: [{ on: /^\x10\x15\x00\x04MQTT/, send: Buffer.from([0x20, 0x02, 0x00, 0x05]), close: true }] },
    },
  },
  {
    kind: "service.unauthenticated.redis-sentinel",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Redis Sentinel answers without a password",
    severity: "high",
    description:
      "Redis Sentinel answered INFO without a password: it names the monitored masters and replicas, and anyone can " +
      "reconfigure it (SENTINEL SET, FAILOVER) to hand the clients a master of their choosing.",
    remediation:
      'Set "requirepass" (and sentinel auth-pass for the masters) in sentinel.conf, keep "protected-mode yes", and ' +
      "firewall port 26379.",
    references: [
      "https://redis.io/docs/latest/operate/oss_and_stack/management/sentinel/#configuring-sentinel-instances-with-authentication",
      ...REFS,
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:H",
    service: { name: "redis-sentinel", ports: [26379] },
    product: "Redis Sentinel",
    conversation: [
      { send: "INFO sentinel\r\n" },
      {
        read: "resp",
        identify: /^-NOAUTH|sentinel_masters:/,
        match: /^\$\d+\r\n# Sentinel\r\n[\s\S]*sentinel_masters:\d+/,
        extract: { master: /master0:name=[^,]+,status=\w+,address=([^,\r\n]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /INFO sentinel\r\n/,
            send: ((s: string) => `$${s.length}\r\n${s}\r\n`)(
              "# Sentinel\r\nsentinel_masters:1\r\nsentinel_tilt:0\r\nsentinel_running_scripts:0\r\n" +
                "master0:name=mymaster,status=ok,address=10.0.0.5:6379,slaves=2,sentinels=3",
            ),
          },
        ],
        expect: { extracted: { master: "10.0.0.5:6379" } },
      },
      clean: { replies: [{ on: /\r\n/, send: "-NOAUTH Authentication required.\r\n" }] },
    },
  },
  {
    kind: "service.unauthenticated.rethinkdb",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "RethinkDB accepts the admin user without a password",
    severity: "critical",
    description:
      "RethinkDB accepted a driver handshake with an empty key: its admin user has no password (the default), so " +
      "anyone can read, change and delete every database.",
    remediation:
      "Set a password for admin (r.db('rethinkdb').table('users').get('admin').update({password: …}) or " +
      "--initial-password), bind the driver port to a private interface, and firewall ports 28015 and 8080.",
    references: ["https://rethinkdb.com/docs/security/", ...REFS],
    cwe: [306, 1392],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "rethinkdb", ports: [28015] },
    product: "RethinkDB",
    conversation: [
      { send: RETHINK_HANDSHAKE, show: "V0_4 handshake, empty authorization key, JSON protocol" },
      { read: { until: /\x00/ }, identify: /^(SUCCESS|ERROR: )/, match: /^SUCCESS\x00/ },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x20\x2d\x0c\x40/, send: "SUCCESS\0" }] },
      clean: { replies: [{ on: /^\x20\x2d\x0c\x40/, send: "ERROR: Incorrect authorization key.\n\0", close: true }] },
    },
  },
]);
