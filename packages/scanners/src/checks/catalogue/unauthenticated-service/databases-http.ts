// Databases with an HTTP API that runs with authentication off (by choice or by an insecure start-up flag): a
// graph store, key-value and multi-model stores, a distributed SQL database and a search engine. Each is asked one
// read-only question.
import { checks, json, JSON_TYPE, OK, CVSS_FULL_CONTROL } from "../../declare.ts";

const DATA_WHY =
  "Anyone on the internet can read, change or delete the data; unauthenticated databases are found by automated " +
  "scans within hours and are routinely wiped and held to ransom.";
const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];
const NEO4J_ROOT = {
  bolt_routing: "neo4j://db.internal:7687",
  transaction: "http://db.internal:7474/db/{databaseName}/tx",
  bolt_direct: "bolt://db.internal:7687",
  neo4j_version: "5.12.0",
  neo4j_edition: "community",
};
const CYPHER = '{"statements":[{"statement":"RETURN 1 AS ems_check"}]}';

export default checks([
  {
    kind: "service.unauthenticated.neo4j",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Neo4j runs Cypher queries without authentication",
    severity: "critical",
    description:
      `Neo4j's HTTP API ran a Cypher query (RETURN 1) without credentials: authentication is disabled ` +
      `(dbms.security.auth_enabled=false). ${DATA_WHY} Procedures such as apoc.load.* also read files and URLs.`,
    remediation:
      "Set dbms.security.auth_enabled=true (the default) with a strong neo4j password, bind the HTTP and Bolt " +
      "connectors to a private interface, and firewall ports 7474 and 7687.",
    references: ["https://neo4j.com/docs/operations-manual/current/authentication-authorization/", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "neo4j", ports: [7474] },
    product: "Neo4j",
    detect: {
      paths: ["/"],
      match: [OK, { json: { neo4j_version: "string" } }],
      extract: [{ name: "version", json: "neo4j_version" }],
    },
    http: [
      {
        // Neo4j 4 and 5, then 3.x.
        paths: ["/db/neo4j/tx/commit", "/db/data/transaction/commit"],
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: CYPHER,
        match: [OK, { json: { "results[].columns[]": /^ems_check$/, errors: "array" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": json(NEO4J_ROOT),
          "POST /db/neo4j/tx/commit": json({
            results: [{ columns: ["ems_check"], data: [{ row: [1], meta: [null] }] }],
            errors: [],
            lastBookmarks: ["FB:kcwQ"],
          }),
        },
        expect: { extracted: { version: "5.12.0" } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/": json(NEO4J_ROOT),
          "POST /db/neo4j/tx/commit": json(
            {
              errors: [
                { code: "Neo.ClientError.Security.Unauthorized", message: "No authentication header supplied." },
              ],
            },
            401,
            { "www-authenticate": 'Basic realm="Neo4j"' },
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.riak",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Riak KV lists its buckets without authentication",
    severity: "critical",
    description: `Riak's HTTP API lists its buckets to anyone (Riak security is off by default). ${DATA_WHY}`,
    remediation:
      "Enable Riak security (riak-admin security enable) with users and sources, bind the HTTP listener to a " +
      "private interface (listener.http.internal), and firewall port 8098.",
    references: ["https://docs.riak.com/riak/kv/latest/using/security/basics/index.html", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "riak", ports: [8098] },
    product: "Riak KV",
    http: [
      {
        paths: ["/buckets?buckets=true"],
        match: [OK, { json: { buckets: "array" } }, { part: "header:server", regex: [/MochiWeb|WebMachine/i] }],
        extract: [{ name: "buckets", json: "buckets[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/buckets?buckets=true": json({ buckets: ["users", "sessions"] }, 200, {
            server: "MochiWeb/1.1 WebMachine/1.10.9 (cafe not found)",
          }),
        },
        expect: { extracted: { buckets: ["users", "sessions"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/buckets?buckets=true": {
            status: 401,
            headers: { "content-type": "text/plain", server: "MochiWeb/1.1 WebMachine/1.10.9 (cafe not found)" },
            body: "Security is enabled and you are not authenticated",
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.arangodb",
    category: "unauthenticated-service",
    protocol: "http",
    title: "ArangoDB lists its databases without authentication",
    severity: "critical",
    description:
      `ArangoDB runs with server.authentication=false and lists its databases to anyone. ${DATA_WHY} Its API also ` +
      "runs JavaScript on the server (Foxx, transactions).",
    remediation:
      "Start ArangoDB with --server.authentication true (the default) and a root password, and firewall port 8529.",
    references: ["https://docs.arangodb.com/stable/operations/administration/user-management/", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "arangodb", ports: [8529] },
    product: "ArangoDB",
    http: [
      {
        paths: ["/_db/_system/_api/database"],
        match: [OK, { json: { error: false, code: 200, result: "array" } }],
        extract: [
          { name: "databases", json: "result[]" },
          { name: "version", part: "header:server", regex: /ArangoDB\/?([\d.]*)/ },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/_db/_system/_api/database": json({ error: false, code: 200, result: ["_system", "crm"] }, 200, {
            server: "ArangoDB",
          }),
        },
        expect: { extracted: { databases: ["_system", "crm"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/_db/_system/_api/database": json(
            { code: 401, error: true, errorMessage: "not authorized to execute this request", errorNum: 11 },
            401,
            { server: "ArangoDB", "www-authenticate": 'Bearer token_type="JWT", realm="ArangoDB"' },
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.cockroachdb",
    category: "unauthenticated-service",
    protocol: "http",
    title: "CockroachDB runs in insecure mode (no authentication)",
    severity: "critical",
    description:
      `The CockroachDB cluster was started with --insecure: its admin API lists the databases without a login, and ` +
      `its SQL port accepts any user, root included, without a password. ${DATA_WHY}`,
    remediation:
      "Run the cluster in secure mode (certificates for nodes and clients, --certs-dir), set passwords, and firewall " +
      "ports 26257 and 8080.",
    references: ["https://www.cockroachlabs.com/docs/stable/cockroach-start#security", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "cockroachdb", ports: [8080] },
    product: "CockroachDB",
    http: [
      {
        paths: ["/_admin/v1/databases"],
        match: [OK, JSON_TYPE, { json: { databases: "array", "databases[]": /^(system|defaultdb)$/ } }],
        extract: [{ name: "databases", json: "databases[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: { "/_admin/v1/databases": json({ databases: ["defaultdb", "postgres", "shop", "system"] }) },
        expect: { extracted: { databases: ["defaultdb", "postgres", "shop", "system"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/_admin/v1/databases": json(
            {
              error: "no valid authentication session",
              code: 16,
              message: "no valid authentication session",
              details: [],
            },
            401,
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.meilisearch",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Meilisearch runs without a master key",
    severity: "critical",
    description:
      `Meilisearch was started without a master key, so every route is open: this one listed its indexes to an ` +
      `anonymous request. ${DATA_WHY}`,
    remediation:
      "Start Meilisearch with --master-key (MEILI_MASTER_KEY) and MEILI_ENV=production, give clients scoped API " +
      "keys, and keep port 7700 behind the application.",
    references: ["https://www.meilisearch.com/docs/learn/security/basic_security", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "meilisearch", ports: [7700] },
    product: "Meilisearch",
    detect: {
      paths: ["/health"],
      match: [OK, { json: { status: /^available$/ } }],
    },
    http: [
      {
        paths: ["/indexes"],
        match: [OK, { json: { results: "array", total: "number" } }],
        extract: [{ name: "indexes", json: "results[].uid" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/health": json({ status: "available" }),
          "/indexes": json({
            results: [
              {
                uid: "products",
                createdAt: "2026-01-02T10:00:00Z",
                updatedAt: "2026-01-03T10:00:00Z",
                primaryKey: "id",
              },
            ],
            offset: 0,
            limit: 20,
            total: 1,
          }),
        },
        expect: { extracted: { indexes: ["products"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/health": json({ status: "available" }),
          "/indexes": json(
            {
              message: "The Authorization header is missing. It must use the bearer authorization method.",
              code: "missing_authorization_header",
              type: "auth",
              link: "https://docs.meilisearch.com/errors#missing_authorization_header",
            },
            401,
          ),
        },
      },
    },
  },
]);
