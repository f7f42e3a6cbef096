// Search engines, analytics and time-series databases whose HTTP APIs answer queries without credentials. Each is
// asked one read-only question (a status, a list of cores, databases or data sources).
import { checks, json, JSON_TYPE, OK, text, CVSS_FULL_CONTROL } from "../../declare.ts";

const DATA_WHY =
  "Anyone on the internet can read the data and usually change or delete it; such APIs are found by automated " +
  "scans within hours.";
const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];

export default checks([
  {
    kind: "service.unauthenticated.solr",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Solr lists its cores without authentication",
    severity: "critical",
    description:
      `The Solr admin API lists the search cores to anyone. ${DATA_WHY} Solr's admin API also changes ` +
      "configuration, which several known exploits turn into code execution (VelocityResponseWriter, " +
      "DataImportHandler).",
    remediation:
      "Enable the BasicAuthPlugin (or another authentication plugin) in security.json with rule-based authorization, " +
      "bind Solr to a private interface (SOLR_JETTY_HOST), and firewall port 8983.",
    references: [
      "https://solr.apache.org/guide/solr/latest/deployment-guide/authentication-and-authorization-plugins.html",
      ...REFS,
    ],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "solr", ports: [8983] },
    product: "Apache Solr",
    http: [
      {
        paths: ["/solr/admin/cores?action=STATUS&wt=json"],
        match: [OK, { json: { "responseHeader.status": 0, status: "object" } }],
        extract: [{ name: "cores", regex: /"name"\s*:\s*"([^"]+)"/, all: true }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/solr/admin/cores?action=STATUS&wt=json": json({
            responseHeader: { status: 0, QTime: 3 },
            initFailures: {},
            status: {
              products: { name: "products", instanceDir: "/var/solr/data/products", startTime: "2026-01-04T10:00:00Z" },
            },
          }),
        },
        expect: { extracted: { cores: ["products"] } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/solr/admin/cores?action=STATUS&wt=json": {
            status: 401,
            headers: { "content-type": "text/html;charset=iso-8859-1", "www-authenticate": 'Basic realm="solr"' },
            body: "<html><body><h2>HTTP ERROR 401 require authentication</h2></body></html>",
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.druid",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Druid lists its data sources without authentication",
    severity: "critical",
    description:
      `Apache Druid's API lists its data sources to anyone (its default: no authenticator). ${DATA_WHY} The same ` +
      "API submits ingestion tasks, and old versions run JavaScript sent in a query (CVE-2021-25646).",
    remediation:
      "Configure the druid-basic-security extension (druid.auth.authenticatorChain, an authorizer) on every " +
      "process, and keep the router and coordinator (ports 8888, 8081) off the internet.",
    references: ["https://druid.apache.org/docs/latest/operations/security-overview", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "druid", ports: [8888, 8081, 8082] },
    product: "Apache Druid",
    detect: {
      paths: ["/status"],
      match: [OK, { json: { version: "string", modules: "array", memory: "object" } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/druid/coordinator/v1/datasources"],
        match: [OK, JSON_TYPE, { json: { "": "array" } }],
        extract: [{ name: "datasources", json: "[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/status": json({ version: "25.0.0", modules: [], memory: { maxMemory: 1073741824 } }),
          "/druid/coordinator/v1/datasources": json(["wikipedia", "billing-events"]),
        },
        expect: { extracted: { version: "25.0.0", datasources: ["wikipedia", "billing-events"] } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/status": json({ error: "Unauthorized" }, 401),
          "/druid/coordinator/v1/datasources": json({ error: "Unauthorized" }, 401),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.clickhouse",
    category: "unauthenticated-service",
    protocol: "http",
    title: "ClickHouse answers SQL queries without a password",
    severity: "critical",
    description:
      `ClickHouse's HTTP interface runs queries as its default user, which has no password out of the box. ` +
      `${DATA_WHY} The default user may also read files and reach other hosts through table functions.`,
    remediation:
      "Set a password for the default user (users.d: <password_sha256_hex>), restrict it to local networks " +
      "(<networks><ip>::1</ip></networks>), and firewall ports 8123 and 9000.",
    references: ["https://clickhouse.com/docs/en/operations/access-rights", ...REFS],
    cwe: [306, 1392],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "clickhouse", ports: [8123] },
    product: "ClickHouse",
    http: [
      {
        paths: ["/?query=SELECT%20version()"],
        // The answer is the version alone, with the headers only ClickHouse sends.
        match: [
          OK,
          { regex: [/^\d+\.\d+\.\d+(\.\d+)?\s*$/] },
          { part: "headers", regex: [/^x-clickhouse-(summary|query-id):/m] },
        ],
        extract: [{ name: "version", regex: /^(\d+\.\d+\.\d+(?:\.\d+)?)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/?query=SELECT%20version()": text("23.8.2.7\n", {
            "content-type": "text/tab-separated-values; charset=UTF-8",
            "x-clickhouse-server-display-name": "ch-01",
            "x-clickhouse-query-id": "5c0e5b8e-3c4f-4f4e-9a3e-1d2f3a4b5c6d",
            "x-clickhouse-format": "TabSeparated",
            "x-clickhouse-summary": '{"read_rows":"1","read_bytes":"1","written_rows":"0"}',
          }),
        },
        expect: { extracted: { version: "23.8.2.7" } },
      },
      clean: {
        server: "go",
        routes: {
          "/": {
            status: 401,
            headers: { "content-type": "text/plain; charset=UTF-8", "x-clickhouse-exception-code": "516" },
            body:
              "Code: 516. DB::Exception: default: Authentication failed: password is incorrect, or there is no " +
              "user with such name. (AUTHENTICATION_FAILED) (version 23.8.2.7 (official build))\n",
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.influxdb",
    category: "unauthenticated-service",
    protocol: "http",
    title: "InfluxDB lists its databases without authentication",
    severity: "critical",
    description:
      `InfluxDB 1.x runs with authentication off by default, and this one answered SHOW DATABASES to an anonymous ` +
      `query. ${DATA_WHY}`,
    remediation:
      'Create an admin user and set "auth-enabled = true" in the [http] section of influxdb.conf, and firewall port ' +
      "8086.",
    references: ["https://docs.influxdata.com/influxdb/v1/administration/authentication_and_authorization/", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "influxdb", ports: [8086] },
    product: "InfluxDB",
    http: [
      {
        paths: ["/query?q=SHOW%20DATABASES"],
        match: [OK, { json: { "results[].series[].name": /^databases$/ } }],
        extract: [
          { name: "databases", json: "results[].series[].values[][0]" },
          { name: "version", part: "header:x-influxdb-version", regex: /^v?([\d.]+)/ },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/query?q=SHOW%20DATABASES": json(
            {
              results: [
                {
                  statement_id: 0,
                  series: [{ name: "databases", columns: ["name"], values: [["_internal"], ["telegraf"]] }],
                },
              ],
            },
            200,
            { "x-influxdb-version": "1.8.10", "x-influxdb-build": "OSS" },
          ),
        },
        expect: { extracted: { databases: ["_internal", "telegraf"], version: "1.8.10" } },
      },
      clean: {
        server: "go",
        routes: {
          "/query?q=SHOW%20DATABASES": json({ error: "unable to parse authentication credentials" }, 401, {
            "x-influxdb-version": "1.8.10",
            "www-authenticate": 'Basic realm="InfluxDB"',
          }),
        },
      },
    },
  },
  {
    kind: "service.influxdb.setup-open",
    category: "unauthenticated-service",
    protocol: "http",
    title: "InfluxDB 2 is not set up: anyone can claim it",
    severity: "critical",
    description:
      "The InfluxDB 2 instance has never been set up (GET /api/v2/setup answers allowed: true): whoever calls the " +
      "setup endpoint first creates the owner account and an all-access token, and owns every bucket written later.",
    remediation:
      "Run the initial setup now (influx setup, or the UI) with a strong password, and keep port 8086 off the " +
      "internet until an instance is set up.",
    references: ["https://docs.influxdata.com/influxdb/v2/get-started/setup/", ...REFS],
    cwe: [306, 1188],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "influxdb", ports: [8086] },
    product: "InfluxDB",
    http: [
      {
        paths: ["/api/v2/setup"],
        match: [OK, JSON_TYPE, { json: { allowed: true } }],
        extract: [{ name: "version", part: "header:x-influxdb-version", regex: /^v?([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/v2/setup": json({ allowed: true }, 200, { "x-influxdb-version": "v2.7.4", "x-influxdb-build": "OSS" }),
        },
        expect: { extracted: { version: "2.7.4" } },
      },
      clean: {
        server: "go",
        routes: {
          "/api/v2/setup": json({ allowed: false }, 200, { "x-influxdb-version": "v2.7.4", "x-influxdb-build": "OSS" }),
        },
      },
    },
  },
]);
