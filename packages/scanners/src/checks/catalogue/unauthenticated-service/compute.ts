// Data-processing and compute services that run whatever they are given, answering without authentication:
// Hadoop (HDFS and YARN), Spark's submission server, Jupyter, a Selenium grid. Proven by a read-only request.
import { checks, json, JSON_TYPE, OK, CVSS_FULL_CONTROL } from "../../declare.ts";

const API_REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];

export default checks([
  {
    kind: "service.unauthenticated.hdfs",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Hadoop HDFS lists its files over WebHDFS without authentication",
    severity: "critical",
    description:
      "The HDFS NameNode's WebHDFS API listed the file system's root to an anonymous request: Hadoop runs with " +
      "'simple' authentication (anyone may claim any user name), so the data can be read, overwritten and deleted.",
    remediation:
      "Enable Kerberos (hadoop.security.authentication=kerberos) and HTTP SPNEGO authentication, or at least " +
      "firewall the NameNode and DataNode ports (9870, 50070, 9864) to the cluster.",
    references: [
      "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-common/SecureMode.html",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "hdfs-namenode", ports: [9870, 50070, 14000] },
    product: "Hadoop HDFS",
    http: [
      {
        paths: ["/webhdfs/v1/?op=LISTSTATUS"],
        match: [OK, { json: { "FileStatuses.FileStatus": "array" } }],
        extract: [{ name: "paths", json: "FileStatuses.FileStatus[].pathSuffix" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/webhdfs/v1/?op=LISTSTATUS": json({
            FileStatuses: {
              FileStatus: [
                { pathSuffix: "tmp", type: "DIRECTORY", owner: "hdfs", group: "supergroup", permission: "1777" },
                { pathSuffix: "user", type: "DIRECTORY", owner: "hdfs", group: "supergroup", permission: "755" },
              ],
            },
          }),
        },
        expect: { extracted: { paths: ["tmp", "user"] } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/webhdfs/v1/?op=LISTSTATUS": json(
            {
              RemoteException: {
                exception: "SecurityException",
                javaClassName: "java.lang.SecurityException",
                message:
                  "Failed to obtain user group information: " +
                  "org.apache.hadoop.security.authorize.AuthorizationException",
              },
            },
            401,
            { "www-authenticate": "Negotiate" },
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.yarn",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Hadoop YARN ResourceManager API answers without authentication",
    severity: "critical",
    description:
      "The YARN ResourceManager's REST API answers anonymous requests. The same API submits applications, and an " +
      "application is a command run on the cluster: unauthenticated YARN APIs are mass-exploited to plant crypto " +
      "miners.",
    remediation:
      "Enable Kerberos for Hadoop and SPNEGO for the web endpoints (hadoop.http.authentication.type=kerberos), or " +
      "firewall port 8088 to the cluster's users.",
    references: [
      "https://hadoop.apache.org/docs/stable/hadoop-yarn/hadoop-yarn-site/ResourceManagerRest.html",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    // Reading is proven; submitting (what an attacker would do) is not tried.
    confidence: "firm",
    service: { name: "yarn-resourcemanager", ports: [8088] },
    product: "Hadoop YARN",
    http: [
      {
        paths: ["/ws/v1/cluster/info"],
        match: [OK, { json: { "clusterInfo.resourceManagerVersion": "string", "clusterInfo.state": "string" } }],
        extract: [{ name: "version", json: "clusterInfo.resourceManagerVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/ws/v1/cluster/info": json({
            clusterInfo: {
              id: 1717000000000,
              startedOn: 1717000000000,
              state: "STARTED",
              haState: "ACTIVE",
              resourceManagerVersion: "3.3.6",
              hadoopVersion: "3.3.6",
            },
          }),
        },
        expect: { extracted: { version: "3.3.6" } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/ws/v1/cluster/info": {
            status: 401,
            headers: { "content-type": "text/html;charset=iso-8859-1", "www-authenticate": "Negotiate" },
            body: "<html><body><h2>HTTP ERROR 401 Authentication required</h2></body></html>",
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.spark-rest",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Spark REST submission server reachable without authentication",
    severity: "critical",
    description:
      "The Spark standalone master's REST submission server answers anonymous requests; it accepts applications, " +
      "which run any code on the cluster's workers (exploited to plant miners).",
    remediation:
      "Disable the REST server (spark.master.rest.enabled=false, the default since Spark 2.x builds that ship it " +
      "off), enable spark.authenticate, and firewall ports 6066 and 7077.",
    references: ["https://spark.apache.org/docs/latest/security.html", ...API_REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    confidence: "firm",
    service: { name: "spark-rest", ports: [6066] },
    product: "Apache Spark",
    http: [
      {
        paths: ["/v1/submissions/status/ems-check"],
        match: [{ json: { action: /^SubmissionStatusResponse$/, serverSparkVersion: "string" } }, JSON_TYPE],
        extract: [{ name: "version", json: "serverSparkVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/v1/submissions/status/ems-check": json({
            action: "SubmissionStatusResponse",
            serverSparkVersion: "3.1.1",
            submissionId: "ems-check",
            success: false,
          }),
        },
        expect: { extracted: { version: "3.1.1" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  },
  {
    kind: "service.unauthenticated.jupyter",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Jupyter server answers without a token or password",
    severity: "critical",
    description:
      "The Jupyter server's API lists the files of its working directory to an anonymous request: token and " +
      "password are disabled, so anyone can open a terminal or run code in a kernel with the server's rights.",
    remediation:
      "Require a token or password (never start it with --NotebookApp.token='' / --ServerApp.token=''), run it " +
      "behind JupyterHub or an authenticating proxy, and keep port 8888 off the internet.",
    references: ["https://jupyter-server.readthedocs.io/en/latest/operators/security.html", ...API_REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "jupyter", ports: [8888] },
    product: "Jupyter",
    detect: {
      paths: ["/api"],
      match: [OK, { json: { version: "string" } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/api/contents"],
        match: [OK, { json: { type: /^directory$/, content: "array", format: /^json$/ } }],
        extract: [{ name: "files", json: "content[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api": json({ version: "2.10.0" }, 200, { server: "TornadoServer/6.3.3" }),
          "/api/contents": json({
            name: "",
            path: "",
            last_modified: "2026-01-05T09:12:44.000000Z",
            created: "2026-01-05T09:12:44.000000Z",
            content: [{ name: "customers.ipynb", path: "customers.ipynb", type: "notebook" }],
            format: "json",
            mimetype: null,
            size: null,
            writable: true,
            type: "directory",
          }),
        },
        expect: { extracted: { version: "2.10.0", files: ["customers.ipynb"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/api": json({ version: "2.10.0" }, 200, { server: "TornadoServer/6.3.3" }),
          "/api/contents": json({ message: "Forbidden", reason: null }, 403),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.selenium-grid",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Selenium Grid accepts sessions without authentication",
    severity: "high",
    description:
      "The Selenium Grid hub answers anonymous requests and will start browser sessions for anyone: its browsers " +
      "fetch internal addresses for an attacker (SSRF), and browser options have been abused to run commands on " +
      "the nodes (mass-exploited to plant miners).",
    remediation:
      "Enable basic authentication on the Grid router (--username/--password, Grid 4.x), or keep ports 4444 and " +
      "the nodes' ports on a private network.",
    references: ["https://www.selenium.dev/documentation/grid/configuration/cli_options/#router", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:L/A:L",
    service: { name: "selenium-grid", ports: [4444] },
    product: "Selenium Grid",
    http: [
      {
        paths: ["/status", "/wd/hub/status"],
        match: [OK, { json: { "value.ready": "boolean", "value.message": /Selenium Grid|Hub has capacity|ready/i } }],
        extract: [{ name: "version", json: "value.build.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/status": json({
            value: {
              ready: true,
              message: "Selenium Grid ready.",
              nodes: [
                {
                  id: "a1b2",
                  uri: "http://10.0.3.7:5555",
                  availability: "UP",
                  version: "4.16.1 (revision 9b4c83354e)",
                },
              ],
            },
          }),
        },
      },
      clean: {
        server: "jetty",
        routes: {
          "/status": {
            status: 401,
            headers: { "content-type": "text/plain", "www-authenticate": 'Basic realm="selenium-server"' },
            body: "Unauthorized access attempted to /status",
          },
        },
      },
    },
  },
]);
