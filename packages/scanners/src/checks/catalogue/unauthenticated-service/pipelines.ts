// Stream, workflow and task-queue services whose APIs run or reroute work, answering anonymous requests: Flink,
// NiFi, Zeppelin, Airflow, Celery Flower, NSQ, Storm, and Traefik's API. Each proven by a read-only request.
import { checks, json, OK, CVSS_FULL_CONTROL } from "../../declare.ts";

const API_REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];
const DENIED = {
  status: 401,
  headers: { "www-authenticate": 'Basic realm="Restricted"', "content-type": "text/html" },
  body: "<html><body><h1>401 Authorization Required</h1></body></html>",
};

export default checks([
  {
    kind: "service.unauthenticated.flink",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Flink dashboard and REST API open to anyone",
    severity: "critical",
    description:
      "Flink's JobManager REST API answers anonymous requests; with web submission on, anyone uploads a jar and " +
      "runs it on the cluster (mass-exploited for crypto miners), and the API reads files of the JobManager on " +
      "old versions (CVE-2020-17519).",
    remediation:
      "Put the Flink REST endpoint behind an authenticating proxy or mutual TLS (security.ssl.rest.*), set " +
      "web.submit.enable: false, and firewall port 8081.",
    references: [
      "https://nightlies.apache.org/flink/flink-docs-stable/docs/deployment/security/security-ssl/",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "flink", ports: [8081] },
    product: "Apache Flink",
    http: [
      {
        paths: ["/config"],
        match: [OK, { json: { "flink-version": /^\d+\.\d+/, "refresh-interval": "number" } }],
        extract: [
          { name: "version", json: "flink-version" },
          { name: "webSubmit", json: "features.web-submit" },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/config": json({
            "refresh-interval": 3000,
            "timezone-name": "Coordinated Universal Time",
            "timezone-offset": 0,
            "flink-version": "1.17.1",
            "flink-revision": "2750d5c @ 2023-05-19T10:45:46+02:00",
            features: { "web-submit": true, "web-cancel": false },
          }),
        },
        expect: { extracted: { version: "1.17.1" } },
      },
      clean: { server: "nginx", routes: { "/config": DENIED } },
    },
  },
  {
    kind: "service.unauthenticated.nifi",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache NiFi runs unsecured (anonymous user has full access)",
    severity: "critical",
    description:
      "NiFi answers as the anonymous user with full rights: an unsecured NiFi lets anyone build a flow, and its " +
      "ExecuteProcess and scripting processors run commands on the server.",
    remediation:
      "Run NiFi secured (HTTPS with nifi.security.user.login.identity.provider or OIDC, the default since 1.14), " +
      "never nifi.web.http.port on a reachable address, and firewall it.",
    references: [
      "https://nifi.apache.org/docs/nifi-docs/html/administration-guide.html#security_configuration",
      ...API_REFS,
    ],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "nifi", ports: [8080, 8443] },
    product: "Apache NiFi",
    http: [
      {
        paths: ["/nifi-api/flow/current-user"],
        match: [OK, { json: { identity: "string", anonymous: true } }],
        extract: [{ name: "identity", json: "identity" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/nifi-api/flow/current-user": json({
            identity: "anonymous",
            anonymous: true,
            canVersionFlows: false,
            controllerPermissions: { canRead: true, canWrite: true },
          }),
        },
        expect: { extracted: { identity: "anonymous" } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/nifi-api/flow/current-user": {
            status: 401,
            headers: { "content-type": "text/plain" },
            body: "Authentication credentials are required to access this resource.",
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.zeppelin",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Zeppelin notebooks open to anonymous users",
    severity: "critical",
    description:
      "Zeppelin lists its notebooks to an anonymous request (its default without Shiro authentication): anyone " +
      "reads them and runs paragraphs through the shell, Python or Spark interpreters on the server.",
    remediation:
      "Enable Shiro authentication (conf/shiro.ini, zeppelin.anonymous.allowed=false) and firewall port 8080.",
    references: ["https://zeppelin.apache.org/docs/latest/setup/security/shiro_authentication.html", ...API_REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "zeppelin", ports: [8080] },
    product: "Apache Zeppelin",
    http: [
      {
        paths: ["/api/notebook"],
        match: [OK, { json: { status: /^OK$/, body: "array" } }],
        extract: [{ name: "notebooks", json: "body[].path" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/api/notebook": json({
            status: "OK",
            message: "",
            body: [
              { id: "2A94M5J1Z", path: "/Zeppelin Tutorial/Basic Features (Spark)" },
              { id: "2JQ8A3B7K", path: "/finance/quarterly" },
            ],
          }),
        },
        expect: { extracted: { notebooks: ["/Zeppelin Tutorial/Basic Features (Spark)", "/finance/quarterly"] } },
      },
      clean: { server: "jetty", routes: { "/api/notebook": json({ status: "UNAUTHORIZED", message: "" }, 401) } },
    },
  },
  {
    kind: "service.unauthenticated.airflow-api",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Airflow REST API answers without authentication",
    severity: "critical",
    description:
      "Airflow's stable REST API lists DAGs to an anonymous request (auth_backends set to the 'default' backend, " +
      "which allows everyone): anyone triggers DAGs, reads connections with their passwords and variables.",
    remediation:
      "Set [api] auth_backends = airflow.api.auth.backend.session (or basic_auth behind TLS), never " +
      "airflow.api.auth.backend.default, and keep the webserver off the internet.",
    references: ["https://airflow.apache.org/docs/apache-airflow/stable/security/api.html", ...API_REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "airflow", ports: [8080] },
    product: "Apache Airflow",
    http: [
      {
        paths: ["/api/v1/dags?limit=5"],
        match: [OK, { json: { dags: "array", total_entries: "number" } }],
        extract: [{ name: "dags", json: "dags[].dag_id" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/api/v1/dags?limit=5": json({
            dags: [{ dag_id: "etl_customers", is_paused: false, owners: ["data"] }],
            total_entries: 1,
          }),
        },
        expect: { extracted: { dags: ["etl_customers"] } },
      },
      clean: {
        server: "gunicorn",
        routes: {
          "/api/v1/dags?limit=5": {
            status: 401,
            headers: { "content-type": "application/problem+json" },
            body:
              '{"detail":null,"status":401,"title":"Unauthorized","type":"https://airflow.apache.org/docs/apache-ai' +
              'rflow/2.8.1/stable-rest-api-ref.html#section/Errors/Unauthenticated"}',
          },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.flower",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Celery Flower dashboard open to anyone",
    severity: "high",
    description:
      "Flower, the Celery monitoring tool, answers anonymous API requests (it has no authentication unless " +
      "configured): anyone sees every task with its arguments (often personal data and tokens), and can revoke or " +
      "terminate tasks and shut workers down.",
    remediation: "Start Flower with --basic-auth or --auth (OAuth), behind TLS, or bind it to localhost.",
    references: ["https://flower.readthedocs.io/en/latest/auth.html", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:H",
    service: { name: "flower", ports: [5555] },
    product: "Celery Flower",
    http: [
      {
        paths: ["/api/workers?refresh=false"],
        match: [OK, { regex: [/^\s*\{\s*"[^"]+@[^"]+"\s*:\s*\{/, /"(stats|registered|active_queues)"\s*:/] }],
        extract: [{ name: "workers", regex: /"([^"]+@[^"]+)"\s*:\s*\{/g, all: true }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/workers?refresh=false": json({
            "celery@worker-1": {
              stats: { pid: 7, pool: { "max-concurrency": 4 } },
              registered: ["app.tasks.send_invoice"],
              active_queues: [{ name: "celery" }],
            },
          }),
        },
        expect: { extracted: { workers: ["celery@worker-1"] } },
      },
      clean: { server: "go", routes: { "/api/workers?refresh=false": DENIED } },
    },
  },
  {
    kind: "service.unauthenticated.nsq",
    category: "unauthenticated-service",
    protocol: "http",
    title: "NSQ daemon HTTP API open to anyone",
    severity: "high",
    description:
      "nsqd's HTTP API answers anonymous requests: anyone lists topics and channels, publishes messages that " +
      "consumers will act on, and empties or deletes topics.",
    remediation:
      "Bind nsqd's HTTP port to a private address (--http-address), use --auth-http-address, and firewall 4151.",
    references: ["https://nsq.io/components/nsqd.html", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:H",
    service: { name: "nsqd", ports: [4151] },
    product: "NSQ",
    http: [
      {
        paths: ["/stats?format=json"],
        match: [OK, { json: { version: /^\d+\.\d+/, health: "string", topics: "array" } }],
        extract: [
          { name: "version", json: "version" },
          { name: "topics", json: "topics[].topic_name" },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/stats?format=json": json({
            version: "1.2.1",
            health: "OK",
            start_time: 1732780800,
            topics: [{ topic_name: "orders", channels: [{ channel_name: "billing", depth: 0 }] }],
            memory: {},
            producers: [],
          }),
        },
        expect: { extracted: { version: "1.2.1", topics: ["orders"] } },
      },
      clean: { server: "nginx", routes: { "/stats?format=json": DENIED } },
    },
  },
  {
    kind: "service.unauthenticated.storm",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Storm UI and REST API open to anyone",
    severity: "high",
    description:
      "Storm's UI REST API answers anonymous requests: anyone sees the cluster's topologies and their settings, " +
      "and can kill, rebalance or deactivate them.",
    remediation: "Enable UI authentication (ui.filter with Kerberos/SPNEGO or a proxy) and firewall the UI port.",
    references: ["https://storm.apache.org/releases/current/SECURITY.html", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:H",
    service: { name: "storm-ui", ports: [8080, 8744] },
    product: "Apache Storm",
    http: [
      {
        paths: ["/api/v1/cluster/summary"],
        match: [OK, { json: { stormVersion: /^\d+\.\d+/, supervisors: "number" } }],
        extract: [{ name: "version", json: "stormVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/api/v1/cluster/summary": json({
            stormVersion: "2.4.0",
            supervisors: 3,
            topologies: 2,
            slotsTotal: 12,
            slotsUsed: 4,
          }),
        },
        expect: { extracted: { version: "2.4.0" } },
      },
      clean: { server: "jetty", routes: { "/api/v1/cluster/summary": DENIED } },
    },
  },
  {
    kind: "service.unauthenticated.traefik-api",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Traefik API and dashboard exposed without authentication (api.insecure)",
    severity: "high",
    description:
      "Traefik's API answers anonymous requests (api.insecure=true on the entry point): anyone reads every " +
      "router, service and middleware, with internal host names, addresses and sometimes credentials in labels.",
    remediation:
      "Turn api.insecure off and expose the dashboard through a router with an authentication middleware " +
      "(basicAuth, forwardAuth) on a private entry point.",
    references: ["https://doc.traefik.io/traefik/operations/api/#insecure", ...API_REFS],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "traefik", ports: [8080] },
    product: "Traefik",
    http: [
      {
        paths: ["/api/rawdata"],
        match: [OK, { json: { routers: "object", services: "object" } }],
        extract: [
          {
            name: "routers",
            regex: /"([\w.-]+@(?:docker|file|kubernetes\w*|internal))"\s*:\s*\{"entryPoints/g,
            all: true,
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/rawdata": json({
            routers: { "shop@docker": { entryPoints: ["web"], service: "shop", rule: "Host(`shop.internal`)" } },
            services: { "shop@docker": { loadBalancer: { servers: [{ url: "http://172.18.0.4:80" }] } } },
            middlewares: {},
          }),
        },
        expect: { extracted: { routers: ["shop@docker"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/api/rawdata": { status: 404, headers: { "content-type": "text/plain" }, body: "404 page not found\n" },
        },
      },
    },
  },
]);
