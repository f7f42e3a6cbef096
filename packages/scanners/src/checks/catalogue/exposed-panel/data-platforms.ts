// Big-data platforms whose web consoles and REST APIs have no authentication by default (Hadoop YARN and HDFS,
// Spark, Flink, Druid, NiFi), and Trino's coordinator: open, each runs code or reads the data it holds.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const KERBEROS = "Turn on Kerberos (hadoop.security.authentication=kerberos) and SPNEGO for the web UIs";

export default checks([
  openConsole({
    slug: "hadoop-yarn",
    product: "Apache Hadoop YARN",
    title: "Hadoop YARN ResourceManager API opens without authentication",
    description:
      "The YARN ResourceManager's REST API answers anyone (simple authentication, the default): a caller submits " +
      "an application whose container runs any command on the cluster's nodes, a route crypto-mining botnets use.",
    fix: `${KERBEROS} (hadoop.http.authentication.type=kerberos), and keep port 8088 on the cluster's network.`,
    docs: "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-common/HttpAuthentication.html",
    http: [
      {
        paths: ["/ws/v1/cluster/info"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "clusterInfo.state": /^STARTED$/, "clusterInfo.resourceManagerVersion": "string" } },
        ],
        extract: [{ name: "version", json: "clusterInfo.hadoopVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/ws/v1/cluster/info": json({
            clusterInfo: {
              id: 1772445600000,
              startedOn: 1772445600000,
              state: "STARTED",
              haState: "ACTIVE",
              resourceManagerVersion: "3.3.6",
              hadoopVersion: "3.3.6",
            },
          }),
        },
        expect: { extracted: { version: "3.3.6" } },
      },
      clean: { server: "jetty", routes: { "/ws/v1/cluster/info": { status: 401 } } },
    },
  }),
  openConsole({
    slug: "hadoop-hdfs",
    product: "Apache Hadoop HDFS",
    title: "HDFS NameNode web interface opens without authentication",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "The HDFS NameNode's web interface answers anyone: the file system's directories and data nodes, and through " +
      "WebHDFS (with simple authentication, the default) any file can be read or written as any user.",
    fix:
      `${KERBEROS}, disable WebHDFS where unused (dfs.webhdfs.enabled=false), and keep port 9870 on the ` +
      "cluster's network.",
    docs: "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-hdfs/WebHDFS.html#Authentication",
    http: [
      {
        paths: ["/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "beans[].name": /service=NameNode,name=NameNodeInfo/, "beans[].Version": "string" } },
        ],
        extract: [{ name: "version", regex: /"Version"\s*:\s*"([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo": json({
            beans: [
              {
                name: "Hadoop:service=NameNode,name=NameNodeInfo",
                modelerType: "org.apache.hadoop.hdfs.server.namenode.FSNamesystem",
                Version: "3.3.6, r1be78238728da9266a4f88195058f08fd012bf9c",
                ClusterId: "CID-7e1c2f3a",
              },
            ],
          }),
        },
        expect: { extracted: { version: "3.3.6" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  openConsole({
    slug: "spark-master",
    product: "Apache Spark",
    title: "Apache Spark master UI opens without authentication",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    description:
      "A Spark standalone master's web UI answers anyone: its workers and applications with their environments, " +
      "and buttons that kill them; such masters usually also accept jobs (code) on their submission ports.",
    fix:
      "Enable authentication (spark.authenticate=true, a UI filter with spark.ui.filters, spark.acls.enable) and " +
      "keep the master's ports on the cluster's network.",
    docs: "https://spark.apache.org/docs/latest/security.html",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>Spark Master at spark:\/\//] }],
        extract: [{ name: "version", regex: /<span class="version"[^>]*>([\d.]+)<\/span>/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": html(
            "<!DOCTYPE html><html><head><title>Spark Master at spark://10.0.4.5:7077</title></head><body><div class=" +
              '"container-fluid"><h3 style="vertical-align: middle; display: inline-block;"><a href="/"><img src="' +
              '/static/spark-logo-77x50px-hd.png"><span class="version" style="margin-right: 15px;">3.5.0</span></a>' +
              "Spark Master at spark://10.0.4.5:7077</h3><ul><li><strong>Alive Workers:</strong> 4</li></ul></div>" +
              "</body></html>",
          ),
        },
        expect: { extracted: { version: "3.5.0" } },
      },
      clean: { server: "jetty", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  openConsole({
    slug: "flink",
    product: "Apache Flink",
    title: "Apache Flink dashboard opens without authentication",
    description:
      "Flink's web dashboard and REST API answer anyone (Flink has no authentication of its own): jobs can be " +
      "cancelled, and with web submission on (reported as critical) anyone uploads a jar that runs on the cluster.",
    fix:
      "Disable web submission (web.submit.enable: false, web.cancel.enable: false), put the REST endpoint behind " +
      "an authenticating proxy, and bind it to the internal network (rest.bind-address).",
    docs: "https://nightlies.apache.org/flink/flink-docs-stable/docs/deployment/security/security-ssl/",
    http: [
      {
        paths: ["/config"],
        match: [OK, JSON_TYPE, { json: { "flink-version": "string", "features.web-submit": true } }],
        extract: [{ name: "version", json: "flink-version" }],
      },
      {
        paths: ["/config"],
        match: [OK, JSON_TYPE, { json: { "flink-version": "string", "features.web-submit": false } }],
        extract: [{ name: "version", json: "flink-version" }],
        severity: "high",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "go",
          routes: {
            "/config": json({
              "refresh-interval": 3000,
              "timezone-name": "Coordinated Universal Time",
              "flink-version": "1.18.0",
              "flink-revision": "a5a9f46 @ 2023-10-19T13:02:54+02:00",
              features: { "web-submit": true, "web-cancel": true },
            }),
          },
          expect: { extracted: { version: "1.18.0" } },
        },
        {
          server: "go",
          routes: {
            "/config": json({ "flink-version": "1.17.2", features: { "web-submit": false, "web-cancel": false } }),
          },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "go", routes: { "/config": { status: 401 } } },
    },
  }),
  openConsole({
    slug: "druid",
    product: "Apache Druid",
    title: "Apache Druid console opens without authentication",
    description:
      "Druid answers without authentication (its default): anyone runs SQL over every datasource, submits " +
      "ingestion tasks, and on versions with JavaScript enabled runs code (CVE-2021-25646).",
    fix:
      "Load druid-basic-security and set druid.auth.authenticatorChain (and an authorizer), and keep Druid's ports " +
      "on the internal network.",
    docs: "https://druid.apache.org/docs/latest/operations/security-overview",
    http: [
      {
        paths: ["/status"],
        match: [OK, JSON_TYPE, { json: { version: /^\d+\.\d+/, modules: "array", "memory.maxMemory": "number" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/status": json({
            version: "28.0.0",
            modules: [
              { name: "org.apache.druid.query.aggregation.datasketches.theta.SketchModule", version: "28.0.0" },
            ],
            memory: { maxMemory: 4294967296, totalMemory: 1073741824, freeMemory: 536870912 },
          }),
        },
        expect: { extracted: { version: "28.0.0" } },
      },
      clean: { server: "jetty", routes: { "/status": { status: 401 } } },
    },
  }),
  openConsole({
    slug: "nifi",
    product: "Apache NiFi",
    title: "Apache NiFi opens without authentication (anonymous user)",
    description:
      "NiFi runs unsecured (HTTP, no login provider): every visitor is the anonymous user with full rights, and " +
      "can build a flow whose processors run commands on the server (ExecuteProcess, ExecuteScript).",
    fix:
      "Run NiFi over HTTPS with a login identity provider or client certificates " +
      "(nifi.security.user.login.identity.provider) and policies; NiFi 1.14+ does so by default.",
    docs: "https://nifi.apache.org/docs/nifi-docs/html/administration-guide.html#security_configuration",
    http: [
      {
        paths: ["/nifi-api/flow/current-user"],
        match: [OK, JSON_TYPE, { json: { identity: /^anonymous$/, anonymous: true } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/nifi-api/flow/current-user": json({
            identity: "anonymous",
            anonymous: true,
            provenancePermissions: { canRead: true, canWrite: true },
            controllerPermissions: { canRead: true, canWrite: true },
          }),
        },
      },
      clean: {
        server: "jetty",
        routes: {
          "/nifi-api/flow/current-user": html(
            "Unable to perform the desired action due to insufficient permissions.",
            401,
          ),
        },
      },
    },
  }),
  panel({
    slug: "trino",
    product: "Trino",
    description:
      "A Trino (or Presto) coordinator answers from the internet: every catalog it connects (databases, data " +
      "lakes) is queryable by whoever passes its authentication, and without authentication by anyone naming a user.",
    fix:
      "Enable authentication (http-server.authentication.type=PASSWORD or OAUTH2) with access control, and serve " +
      "the coordinator on the internal network.",
    docs: "https://trino.io/docs/current/security/overview.html",
    http: [
      {
        paths: ["/v1/info"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "nodeVersion.version": "string", coordinator: "boolean", environment: "string" } },
        ],
        extract: [{ name: "version", json: "nodeVersion.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/v1/info": json({
            nodeVersion: { version: "435" },
            environment: "production",
            coordinator: true,
            starting: false,
            uptime: "2.00d",
          }),
        },
        expect: { extracted: { version: "435" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
]);
