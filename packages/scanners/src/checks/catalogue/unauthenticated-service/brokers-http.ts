// Messaging, service-discovery and gateway administration APIs over HTTP that answer without credentials: the Kafka
// ecosystem's REST services, Eureka, Kong's admin API, Hazelcast and Apache Ignite. Read-only requests only.
import { checks, json, JSON_TYPE, NOT_HTML, OK, text } from "../../declare.ts";

const API_REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];
const UNAUTHORIZED = { status: 401, ...text("Unauthorized", { "www-authenticate": 'Basic realm="kafka"' }) };

export default checks([
  {
    kind: "service.unauthenticated.kafka-connect",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Kafka Connect REST API answers without authentication",
    severity: "critical",
    description:
      "The Kafka Connect worker's REST API lists its connectors to anyone. The same API creates connectors, which " +
      "read and write arbitrary systems with the worker's credentials and have been turned into code execution " +
      "(JNDI in JDBC and SASL settings, CVE-2023-25194).",
    remediation:
      "Enable authentication on the REST listener (rest.extension.classes with BasicAuthSecurityRestExtension, or " +
      "a proxy with mTLS), restrict connector client config overrides, and keep port 8083 private.",
    references: [
      "https://kafka.apache.org/documentation/#connect_rest",
      "https://nvd.nist.gov/vuln/detail/CVE-2023-25194",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "kafka-connect", ports: [8083] },
    product: "Kafka Connect",
    detect: {
      paths: ["/"],
      match: [OK, { json: { version: "string", commit: "string", kafka_cluster_id: "string" } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/connectors"],
        match: [OK, JSON_TYPE, { json: { "": "array" } }],
        extract: [{ name: "connectors", json: "[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": json({ version: "3.4.0", commit: "2e1947d240607d53", kafka_cluster_id: "Y3p4kF0eQ2OeZ1iV7lQ1Zg" }),
          "/connectors": json(["orders-jdbc-sink", "s3-archive"]),
        },
        expect: { extracted: { version: "3.4.0", connectors: ["orders-jdbc-sink", "s3-archive"] } },
      },
      clean: { server: "jetty", routes: { "/": UNAUTHORIZED, "/connectors": UNAUTHORIZED } },
    },
  },
  {
    kind: "service.unauthenticated.schema-registry",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Confluent Schema Registry answers without authentication",
    severity: "medium",
    description:
      "The Schema Registry lists its subjects to anyone: the names and full schemas of every Kafka topic's records, " +
      "and anyone can register incompatible schemas or delete subjects, breaking producers and consumers.",
    remediation:
      "Enable authentication (authentication.method=BASIC with authentication.roles, or mTLS) and keep port 8081 on " +
      "a private network.",
    references: ["https://docs.confluent.io/platform/current/schema-registry/security/index.html", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    service: { name: "schema-registry", ports: [8081] },
    product: "Schema Registry",
    detect: {
      paths: ["/config"],
      match: [OK, { json: { compatibilityLevel: /^(BACKWARD|FORWARD|FULL|NONE)(_TRANSITIVE)?$/ } }],
    },
    http: [
      {
        paths: ["/subjects"],
        match: [OK, JSON_TYPE, { json: { "": "array" } }],
        extract: [{ name: "subjects", json: "[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/config": json({ compatibilityLevel: "BACKWARD" }, 200, {
            "content-type": "application/vnd.schemaregistry.v1+json",
          }),
          "/subjects": json(["orders-value", "payments-value"], 200, {
            "content-type": "application/vnd.schemaregistry.v1+json",
          }),
        },
        expect: { extracted: { subjects: ["orders-value", "payments-value"] } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/config": json({ error_code: 401, message: "Unauthorized" }, 401),
          "/subjects": json({ error_code: 401, message: "Unauthorized" }, 401),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.kafka-rest",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Kafka REST Proxy answers without authentication",
    severity: "high",
    description:
      "The Kafka REST Proxy lists the cluster's topics to anyone; through it anyone can also consume their messages " +
      "and produce new ones.",
    remediation:
      "Enable authentication on the REST Proxy (authentication.method=BASIC, or mTLS with principal propagation) " +
      "and keep port 8082 on a private network.",
    references: [
      "https://docs.confluent.io/platform/current/kafka-rest/production-deployment/rest-proxy/security.html",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "kafka-rest", ports: [8082] },
    product: "Kafka REST Proxy",
    http: [
      {
        paths: ["/v3/clusters"],
        match: [OK, { json: { kind: /^KafkaClusterList$/, "data[].cluster_id": "string" } }],
        extract: [{ name: "clusters", json: "data[].cluster_id" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/v3/clusters": json({
            kind: "KafkaClusterList",
            metadata: { self: "http://rest-proxy:8082/v3/clusters", next: null },
            data: [{ kind: "KafkaCluster", cluster_id: "Y3p4kF0eQ2OeZ1iV7lQ1Zg" }],
          }),
        },
        expect: { extracted: { clusters: ["Y3p4kF0eQ2OeZ1iV7lQ1Zg"] } },
      },
      clean: { server: "jetty", routes: { "/v3/clusters": json({ error_code: 401, message: "Unauthorized" }, 401) } },
    },
  },
  {
    kind: "service.unauthenticated.eureka",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Eureka service registry lists its applications without authentication",
    severity: "medium",
    description:
      "The Eureka server lists every registered application with its instances' internal addresses and ports, and " +
      "anyone can register or deregister instances: traffic between services can be redirected to an attacker.",
    remediation:
      "Protect the server with Spring Security (HTTP basic for clients and the dashboard), and keep port 8761 on the " +
      "internal network.",
    references: [
      "https://cloud.spring.io/spring-cloud-netflix/reference/html/#securing-the-eureka-server",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    service: { name: "eureka", ports: [8761] },
    product: "Eureka",
    http: [
      {
        paths: ["/eureka/apps"],
        match: [OK, NOT_HTML, { regex: [/<applications>\s*<versions__delta>[\s\S]*<apps__hashcode>/] }],
        extract: [{ name: "applications", regex: /<application>\s*<name>([^<]+)<\/name>/, all: true }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/eureka/apps": text(
            "<applications>\n  <versions__delta>1</versions__delta>\n  <apps__hashcode>UP_2_</apps__hashcode>\n" +
              "  <application>\n    <name>BILLING-SERVICE</name>\n    <instance>\n      " +
              "<hostName>10.0.2.14</hostName>\n" +
              '      <app>BILLING-SERVICE</app>\n      <port enabled="true">8080</port>\n    </instance>\n  ' +
              "</application>\n" +
              "</applications>\n",
            { "content-type": "application/xml" },
          ),
        },
        expect: { extracted: { applications: ["BILLING-SERVICE"] } },
      },
      clean: {
        server: "tomcat",
        routes: {
          "/eureka/apps": json(
            { timestamp: "2026-01-05T10:00:00.000+00:00", status: 401, error: "Unauthorized", path: "/eureka/apps" },
            401,
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.kong-admin",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Kong Admin API answers without authentication",
    severity: "critical",
    description:
      "Kong's Admin API is reachable without credentials: anyone can read its configuration (with the credentials " +
      "of upstreams and plugins) and add routes, services and plugins, which takes over all traffic through the " +
      "gateway and runs code on it (serverless plugins).",
    remediation:
      "Bind the Admin API to localhost (admin_listen = 127.0.0.1:8001), or expose it only through a Kong route " +
      "protected by an authentication plugin; firewall ports 8001 and 8444.",
    references: ["https://docs.konghq.com/gateway/latest/production/running-kong/secure-admin-api/", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "kong-admin", ports: [8001, 8444] },
    product: "Kong",
    http: [
      {
        paths: ["/"],
        match: [OK, { json: { tagline: /^Welcome to kong$/, configuration: "object", version: "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": json(
            {
              tagline: "Welcome to kong",
              version: "3.4.2",
              hostname: "kong-7d9c",
              node_id: "5b3f1a2c-9d8e-4f7a-b6c5-3e2d1f0a9b8c",
              lua_version: "LuaJIT 2.1.0-20230410",
              configuration: { admin_listen: ["0.0.0.0:8001"], database: "postgres", pg_host: "10.0.1.9" },
              plugins: { available_on_server: { "key-auth": { version: "3.4.2", priority: 1250 } } },
            },
            200,
            { server: "kong/3.4.2" },
          ),
        },
        expect: { extracted: { version: "3.4.2" } },
      },
      clean: {
        server: "go",
        routes: {
          "/": json({ message: "No API key found in request" }, 401, {
            server: "kong/3.4.2",
            "www-authenticate": 'Key realm="kong"',
          }),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.hazelcast",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Hazelcast REST API answers without authentication",
    severity: "high",
    description:
      "The Hazelcast member's REST API answers anonymous requests with the cluster's members: the same API reads " +
      "and writes the distributed maps and queues (sessions, caches) and changes the cluster's state.",
    remediation:
      "Disable the REST endpoint groups that are not needed (rest-api enabled=false, the default in 5.x), enable " +
      "client authentication, and keep port 5701 on a private network.",
    references: ["https://docs.hazelcast.com/hazelcast/latest/maintain-cluster/rest-api", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "hazelcast", ports: [5701] },
    product: "Hazelcast",
    http: [
      {
        paths: ["/hazelcast/rest/cluster"],
        match: [OK, NOT_HTML, { regex: [/^Members \{size:\d+, ver:\d+\} \[/m, /Member \[[^\]]+\]:\d+ - /] }],
        extract: [{ name: "members", regex: /Member \[([^\]]+)\]:\d+/, all: true }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/hazelcast/rest/cluster": text(
            "Members {size:2, ver:2} [\n\tMember [10.0.5.21]:5701 - 3f1c9a2e-7b6d-4e5f-8a9b-0c1d2e3f4a5b this\n" +
              "\tMember [10.0.5.22]:5701 - 9b8a7c6d-5e4f-3a2b-1c0d-e9f8a7b6c5d4\n]\n\nConnectionCount: " +
              "1\nAllConnectionCount: 3\n",
          ),
        },
        expect: { extracted: { members: ["10.0.5.21", "10.0.5.22"] } },
      },
      clean: { server: "go", routes: { "/hazelcast/rest/cluster": { status: 403, ...text("Forbidden") } } },
    },
  },
  {
    kind: "service.unauthenticated.ignite",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Ignite REST API answers without authentication",
    severity: "high",
    description:
      "The Ignite node's REST API answers anonymous commands: it lists the cluster's nodes and reads and writes its " +
      "caches, and old versions run code sent to it.",
    remediation:
      "Enable authentication (authenticationEnabled with persistence, or a security plugin), disable the REST " +
      "module (ignite-rest-http) where it is not needed, and keep port 8080 private.",
    references: ["https://ignite.apache.org/docs/latest/restapi", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "ignite", ports: [8080] },
    product: "Apache Ignite",
    detect: {
      paths: ["/ignite?cmd=version"],
      match: [OK, { json: { successStatus: 0, response: /^\d+\.\d+/ } }],
      extract: [{ name: "version", json: "response" }],
    },
    http: [
      {
        paths: ["/ignite?cmd=top&attr=false&mtr=false"],
        match: [OK, { json: { successStatus: 0, "response[].nodeId": "string" } }],
        extract: [{ name: "addresses", json: "response[].tcpAddresses[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/ignite?cmd=version": json({ successStatus: 0, error: null, sessionToken: null, response: "2.15.0" }),
          "/ignite?cmd=top&attr=false&mtr=false": json({
            successStatus: 0,
            error: null,
            sessionToken: null,
            response: [
              { nodeId: "4d3c2b1a-0f9e-8d7c-6b5a-493827161504", consistentId: "node-1", tcpAddresses: ["10.0.6.3"] },
            ],
          }),
        },
        expect: { extracted: { version: "2.15.0", addresses: ["10.0.6.3"] } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/ignite?cmd=version": json({
            successStatus: 2,
            error: "Failed to authenticate remote client (invalid credentials?)",
            sessionToken: null,
            response: null,
          }),
          "/ignite?cmd=top&attr=false&mtr=false": json({
            successStatus: 2,
            error: "Failed to authenticate remote client (invalid credentials?)",
            sessionToken: null,
            response: null,
          }),
        },
      },
    },
  },
]);
