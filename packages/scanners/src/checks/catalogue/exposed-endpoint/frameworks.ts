// Management, diagnostics and schema endpoints of common frameworks and application servers, and metrics.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK, text } from "../../declare.ts";

const ENDPOINT_REFS = [
  "https://cwe.mitre.org/data/definitions/200.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces",
];

export default checks([
  {
    kind: "http.exposed.prometheus-metrics",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Prometheus metrics endpoint exposed",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The application's /metrics endpoint is public. It shows internal counters and labels: versions, routes, " +
      "queue names, sometimes hostnames and user identifiers, and how loaded the service is.",
    remediation: "Serve metrics on an internal port or network, or require authentication for them.",
    references: ["https://prometheus.io/docs/instrumenting/exposition_formats/", ...ENDPOINT_REFS],
    cwe: [200],
    http: [
      {
        paths: ["/metrics", "/actuator/prometheus"],
        match: [OK, NOT_HTML, { regex: [/^# HELP \w+ /m, /^# TYPE \w+ (counter|gauge|histogram|summary|untyped)$/m] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/metrics": text(
            "# HELP go_goroutines Number of goroutines that currently exist.\n# TYPE go_goroutines gauge\n" +
              "go_goroutines 42\n# HELP http_requests_total Requests.\n# TYPE http_requests_total counter\n" +
              'http_requests_total{route="/api/admin/users",code="200"} 1027\n',
            { "content-type": "text/plain; version=0.0.4; charset=utf-8" },
          ),
        },
      },
      clean: { server: "go", routes: { "/metrics": { status: 401, ...text("Unauthorized\n") } } },
    },
  },
  {
    kind: "http.exposed.spring-heapdump",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Spring Boot Actuator heap dump downloadable",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "Spring Boot's /actuator/heapdump is public: a dump of the application's memory, with the credentials, tokens, " +
      "session data and keys the application holds in clear.",
    remediation:
      "Expose only health (management.endpoints.web.exposure.include=health), put the rest behind authentication " +
      "or on a management port, and rotate the secrets the application holds.",
    references: ["https://docs.spring.io/spring-boot/reference/actuator/endpoints.html", ...ENDPOINT_REFS],
    cwe: [200, 215],
    http: [
      {
        paths: ["/actuator/heapdump", "/heapdump"],
        method: "GET",
        headers: { range: "bytes=0-63" },
        // HPROF dumps start with "JAVA PROFILE 1.0.x"; HotSpot also serves gzip-compressed ones.
        match: [{ status: [200, 206] }, { any: [{ magic: "4a4156412050524f46494c4520312e30" }, { magic: "1f8b08" }] }],
        matched: "Java heap dump (JAVA PROFILE 1.0 / gzip)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/heapdump": {
            status: 206,
            headers: { "content-type": "application/octet-stream", "content-range": "bytes 0-63/104857600" },
            body: Buffer.concat([Buffer.from("JAVA PROFILE 1.0.2\0", "latin1"), Buffer.alloc(45)]),
          },
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/heapdump": { status: 404 } } },
    },
  },
  {
    kind: "http.exposed.jolokia",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Jolokia JMX bridge exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    description:
      "Jolokia answers over HTTP without authentication: it reads and calls the JVM's management beans, which " +
      "leaks configuration and, through some beans, runs code or writes files.",
    remediation: "Restrict Jolokia to localhost or an authenticated management network, or remove it.",
    references: ["https://jolokia.org/reference/html/manual/security.html", ...ENDPOINT_REFS],
    cwe: [306, 749],
    http: [
      {
        paths: ["/jolokia/version", "/actuator/jolokia/version", "/api/jolokia/version"],
        match: [OK, { json: { "request.type": /^version$/, "value.agent": "string", status: 200 } }],
        extract: [{ name: "version", json: "value.agent" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/jolokia/version": json({
            request: { type: "version" },
            value: { agent: "1.7.2", protocol: "7.2", config: {} },
            timestamp: 1764489600,
            status: 200,
          }),
        },
        expect: { extracted: { version: "1.7.2" } },
      },
      clean: { server: "jetty", routes: { "/jolokia/version": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.graphql-introspection",
    category: "exposed-endpoint",
    protocol: "http",
    title: "GraphQL introspection enabled",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The GraphQL endpoint answers introspection queries: anyone can download the whole schema, hidden and admin " +
      "operations included, which maps the API for an attacker.",
    remediation:
      "Disable introspection in production (most servers have a setting) and rely on authorisation per field, not " +
      "on the schema staying unknown.",
    references: [
      "https://graphql.org/learn/introspection/",
      "https://cheatsheetseries.owasp.org/cheatsheets/GraphQL_Cheat_Sheet.html",
    ],
    cwe: [200],
    http: [
      {
        paths: ["/graphql", "/api/graphql", "/graphql/v1", "/v1/graphql", "/query"],
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"query":"query { __schema { queryType { name } types { name } } }"}',
        match: [OK, JSON_TYPE, { json: { "data.__schema.types": "array", "data.__schema.queryType.name": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "POST /graphql": json({
            data: { __schema: { queryType: { name: "Query" }, types: [{ name: "Query" }, { name: "AdminUser" }] } },
          }),
        },
      },
      clean: {
        server: "express",
        routes: {
          "POST /graphql": json(
            {
              errors: [{ message: "GraphQL introspection is not allowed, but the query contained __schema or __type" }],
            },
            400,
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.symfony-profiler",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Symfony profiler exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The Symfony web profiler is reachable: it shows every recent request with its headers, session, database " +
      "queries and the application's configuration (debug mode is on in production).",
    remediation: "Set APP_ENV=prod and APP_DEBUG=0 in production, and do not install the profiler bundle there.",
    references: ["https://symfony.com/doc/current/profiler.html", ...ENDPOINT_REFS],
    cwe: [215, 489],
    http: [
      {
        paths: ["/_profiler/latest", "/_profiler/", "/app_dev.php/_profiler/latest"],
        match: [OK, { words: ["Symfony Profiler"] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/_profiler/latest": html(
            '<!DOCTYPE html><html><head><title>Symfony Profiler</title></head><body><div id="header"><h1>Symfony ' +
              'Profiler</h1></div><div id="summary">GET /checkout 200</div></body></html>',
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.aspnet-diagnostics",
    category: "exposed-endpoint",
    protocol: "http",
    title: "ASP.NET error log or trace viewer exposed (elmah.axd, trace.axd)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "ASP.NET's ELMAH error log or trace viewer is public: full error reports and traced requests, with cookies, " +
      "session identifiers and form values of other users.",
    remediation: 'Allow ELMAH remotely only to authenticated admins (allowRemoteAccess="false") and turn tracing off.',
    references: ["https://learn.microsoft.com/en-us/previous-versions/aspnet/bb386420(v=vs.100)", ...ENDPOINT_REFS],
    cwe: [215, 532],
    http: [
      { paths: ["/elmah.axd"], match: [OK, { regex: [/Error Log for <span[^>]*>|<title>Error log for /i] }] },
      {
        paths: ["/trace.axd"],
        match: [OK, { words: ["Application Trace"] }, { words: ["Requests to this Application"] }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "iis",
          routes: {
            "/elmah.axd": html(
              "<!DOCTYPE html><html><head><title>Error log for /LM/W3SVC/1/ROOT on WEB01 (Page #1)</title>" +
                "</head><body>" +
                '<h1 id="PageTitle">Error Log for <span id="ApplicationName">/LM/W3SVC/1/ROOT on WEB01</span>' +
                "</h1></body></html>",
            ),
          },
        },
        {
          server: "iis",
          routes: {
            "/trace.axd": html(
              "<html><head><title>Application Trace</title></head><body><h1>Application Trace</h1><h2>Requests" +
                " to this " +
                "Application</h2><table><tr><td>POST</td><td>/login.aspx</td></tr></table></body></html>",
            ),
          },
        },
      ],
      clean: {
        server: "iis",
        routes: { "/trace.axd": html("<html><body><h2>Server Error in '/' Application.</h2></body></html>", 403) },
      },
    },
  },
  {
    kind: "http.exposed.wordpress-users",
    category: "exposed-endpoint",
    protocol: "http",
    title: "WordPress user names listed by the REST API",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "WordPress's REST API lists the site's users with their login slugs to anyone: half of the credentials a " +
      "password-guessing attack needs.",
    remediation:
      "Restrict /wp-json/wp/v2/users to authenticated users (a security plugin or a rest_endpoints filter), and " +
      "enforce strong passwords and two-factor login.",
    references: [
      "https://developer.wordpress.org/rest-api/reference/users/",
      "https://cwe.mitre.org/data/definitions/204.html",
    ],
    cwe: [200, 204],
    http: [
      {
        paths: ["/wp-json/wp/v2/users"],
        match: [OK, JSON_TYPE, { json: { "[].slug": "string", "[].id": "number" } }],
        extract: [{ name: "users", json: "[].slug" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/wp-json/wp/v2/users": json([
            { id: 1, name: "Jane", url: "", description: "", link: "https://shop.example/author/jane/", slug: "jane" },
          ]),
        },
        expect: { extracted: { users: ["jane"] } },
      },
      clean: {
        server: "apache",
        routes: {
          "/wp-json/wp/v2/users": json(
            {
              code: "rest_user_cannot_view",
              message: "Sorry, you are not allowed to list users.",
              data: { status: 401 },
            },
            401,
          ),
        },
      },
    },
  },
]);
