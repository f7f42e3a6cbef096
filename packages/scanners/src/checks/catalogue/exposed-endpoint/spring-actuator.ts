// Spring Boot Actuator endpoints that leak what the application holds or let anyone change it: each endpoint its own
// kind (env is the built-in template springboot-actuator-env, heapdump and jolokia are in frameworks.ts, prometheus
// in the metrics check). Boot 2 and 3 serve them under /actuator/, Boot 1 at the root (/dump, /trace…).
import { checks, json, JSON_TYPE, NOT_HTML, OK, text } from "../../declare.ts";
import { actuator, actuatorEndpoint, EXPOSE_LESS, hidden } from "../../actuator.ts";

export default checks([
  actuatorEndpoint({
    slug: "threaddump",
    title: "Spring Boot Actuator thread dump exposed",
    severity: "medium",
    description:
      "Spring Boot's threaddump endpoint is public: every thread of the application with its stack, which names the " +
      "classes, libraries, connection pools and the requests in flight, and helps time a denial of service.",
    endpoints: ["threaddump"],
    cwe: [200, 215],
    http: [
      {
        paths: ["/actuator/threaddump", "/dump"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { json: { "threads[].threadName": "string", "threads[].threadState": "string" } },
              { json: { "[].threadName": "string", "[].threadState": "string" } },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "tomcat",
          routes: {
            "/actuator/threaddump": actuator({
              threads: [
                {
                  threadName: "http-nio-8080-exec-1",
                  threadId: 41,
                  blockedTime: -1,
                  blockedCount: 0,
                  waitedTime: -1,
                  waitedCount: 3,
                  daemon: true,
                  inNative: false,
                  suspended: false,
                  threadState: "WAITING",
                  priority: 5,
                  stackTrace: [{ className: "jdk.internal.misc.Unsafe", methodName: "park", nativeMethod: true }],
                },
              ],
            }),
          },
        },
        {
          server: "tomcat",
          routes: { "/dump": json([{ threadName: "main", threadId: 1, threadState: "RUNNABLE", stackTrace: [] }]) },
        },
      ],
      clean: { server: "tomcat", routes: { "/actuator/threaddump": hidden("/actuator/threaddump") } },
    },
  }),
  actuatorEndpoint({
    slug: "httptrace",
    title: "Spring Boot Actuator HTTP trace exposed (recent requests with their headers)",
    severity: "high",
    description:
      "Spring Boot's httptrace (Boot 2), httpexchanges (Boot 3) or trace (Boot 1) endpoint is public: the last " +
      "requests the application served with their headers, by default including cookies, so other users' session " +
      "identifiers can be read and replayed.",
    remediation:
      "Remove httptrace/httpexchanges from the exposed endpoints and do not record request headers " +
      `(management.httpexchanges.recording.include without cookies and authorization). ${EXPOSE_LESS}`,
    endpoints: ["httpexchanges"],
    cwe: [200, 532],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    http: [
      {
        paths: ["/actuator/httptrace", "/actuator/httpexchanges", "/trace"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { json: { "traces[].request.method": "string", "traces[].request.uri": "string" } },
              { json: { "exchanges[].request.method": "string", "exchanges[].request.uri": "string" } },
              { json: { "[].info.method": "string", "[].info.path": "string", "[].timestamp": "number" } },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "tomcat",
          routes: {
            "/actuator/httpexchanges": actuator({
              exchanges: [
                {
                  timestamp: "2026-03-02T09:59:58.101Z",
                  request: {
                    uri: "https://shop.example/api/orders",
                    method: "GET",
                    headers: { cookie: ["SESSION=YzE0ZTc5NzAtNDg3Mi00"], accept: ["application/json"] },
                  },
                  response: { status: 200, headers: {} },
                  timeTaken: "PT0.023S",
                },
              ],
            }),
          },
        },
        {
          server: "tomcat",
          routes: {
            "/actuator/httptrace": actuator({
              traces: [
                {
                  timestamp: "2026-03-02T09:59:58.101Z",
                  principal: null,
                  session: null,
                  request: { method: "POST", uri: "https://shop.example/login", headers: {}, remoteAddress: null },
                  response: { status: 302, headers: {} },
                  timeTaken: 31,
                },
              ],
            }),
          },
        },
      ],
      clean: { server: "tomcat", routes: { "/actuator/httpexchanges": hidden("/actuator/httpexchanges") } },
    },
  }),
  actuatorEndpoint({
    slug: "configprops",
    title: "Spring Boot Actuator configuration properties exposed",
    severity: "medium",
    description:
      "Spring Boot's configprops endpoint is public: every @ConfigurationProperties bean with its values (data " +
      "source URLs and user names, mail and cache hosts, and secrets wherever sanitisation is off).",
    remediation:
      "Remove configprops from the exposed endpoints and keep values masked (management.endpoint.configprops." +
      `show-values=never). ${EXPOSE_LESS}`,
    endpoints: ["configprops"],
    cwe: [200, 215],
    http: [
      {
        paths: ["/actuator/configprops", "/configprops"],
        match: [
          OK,
          JSON_TYPE,
          { regex: [/"prefix"\s*:\s*"(spring|server|management)(\.[\w-]+)*"/, /"properties"\s*:\s*\{/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/configprops": actuator({
            contexts: {
              shop: {
                beans: {
                  "spring.datasource-org.springframework.boot.autoconfigure.jdbc.DataSourceProperties": {
                    prefix: "spring.datasource",
                    properties: {
                      url: "jdbc:postgresql://db.internal:5432/shop",
                      username: "shop",
                      password: "******",
                    },
                    inputs: {},
                  },
                },
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/configprops": hidden("/actuator/configprops") } },
    },
  }),
  actuatorEndpoint({
    slug: "logfile",
    title: "Spring Boot Actuator log file exposed",
    severity: "medium",
    description:
      "Spring Boot's logfile endpoint serves the application's log to anyone: errors with stack traces, internal " +
      "host names, user identifiers and whatever the application logs (tokens and personal data too often).",
    endpoints: ["logfile"],
    cwe: [532, 200],
    http: [
      {
        paths: ["/actuator/logfile", "/logfile"],
        // Spring Boot's log line: date, level, PID, "---", [thread], logger.
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\d{4}-\d\d-\d\d[ T][\d:.]+\S*\s+(TRACE|DEBUG|INFO|WARN|ERROR) +\d+ --- \[/m] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/logfile": text(
            "2026-03-02T09:58:01.512Z  INFO 1 --- [shop] [           main] com.acme.shop.ShopApplication            " +
              ": Started ShopApplication in 6.41 seconds\n2026-03-02T09:59:12.044Z ERROR 1 --- [shop] " +
              "[nio-8080-exec-3] " +
              "o.a.c.c.C.[.[.[/].[dispatcherServlet]    : Servlet.service() threw exception\n",
          ),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/logfile": hidden("/actuator/logfile") } },
    },
  }),
  actuatorEndpoint({
    slug: "auditevents",
    title: "Spring Boot Actuator audit events exposed (logins by user name)",
    severity: "medium",
    description:
      "Spring Boot's auditevents endpoint is public: successful and failed logins with the user names, remote " +
      "addresses and session identifiers, a list of valid accounts to guess passwords for.",
    endpoints: ["auditevents"],
    cwe: [200, 204],
    http: [
      {
        paths: ["/actuator/auditevents", "/auditevents"],
        match: [OK, JSON_TYPE, { json: { "events[].principal": "string", "events[].type": /^AUTH[A-Z_]+$/ } }],
        extract: [{ name: "users", json: "events[].principal" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/auditevents": actuator({
            events: [
              {
                timestamp: "2026-03-02T09:41:07.012Z",
                principal: "ops-admin",
                type: "AUTHENTICATION_SUCCESS",
                data: { details: { remoteAddress: "203.0.113.7", sessionId: null } },
              },
            ],
          }),
        },
        expect: { extracted: { users: ["ops-admin"] } },
      },
      clean: { server: "tomcat", routes: { "/actuator/auditevents": hidden("/actuator/auditevents") } },
    },
  }),
  {
    kind: "http.exposed.spring-gateway-routes",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Spring Cloud Gateway actuator exposed",
    severity: "high",
    description:
      "Spring Cloud Gateway's actuator lists its routes to anyone: the internal services behind the gateway and " +
      "their addresses. The same endpoint accepts new routes by POST, which redirects traffic and, on versions " +
      "before 3.1.1 / 3.0.7, runs code (CVE-2022-22947).",
    remediation:
      "Remove gateway from the exposed endpoints (management.endpoint.gateway.enabled=false) and upgrade Spring " +
      `Cloud Gateway. ${EXPOSE_LESS}`,
    references: [
      "https://docs.spring.io/spring-cloud-gateway/reference/spring-cloud-gateway/actuator-api.html",
      "https://nvd.nist.gov/vuln/detail/CVE-2022-22947",
    ],
    cwe: [200, 749],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:N",
    http: [
      {
        paths: ["/actuator/gateway/routes"],
        match: [OK, JSON_TYPE, { json: { "[].route_id": "string", "[].order": "number" } }],
        extract: [{ name: "routes", json: "[].route_id" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/actuator/gateway/routes": actuator([
            {
              predicate: "Paths: [/orders/**], match trailing slash: true",
              route_id: "orders",
              filters: ["[[StripPrefix parts = 1], order = 1]"],
              uri: "http://orders.internal:8080",
              order: 0,
            },
          ]),
        },
        expect: { extracted: { routes: ["orders"] } },
      },
      clean: { server: "go", routes: { "/actuator/gateway/routes": hidden("/actuator/gateway/routes") } },
    },
  },
  actuatorEndpoint({
    slug: "shutdown",
    title: "Spring Boot Actuator shutdown endpoint exposed",
    severity: "high",
    description:
      "Spring Boot's actuator index lists the shutdown endpoint: one POST from anyone stops the application. Judged " +
      "from the index (read-only); the endpoint itself is never called.",
    remediation:
      "Disable it (management.endpoint.shutdown.enabled=false, or access=none on Boot 3.4+) and expose only health. " +
      EXPOSE_LESS,
    endpoints: ["shutdown"],
    cwe: [749, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H",
    http: [
      {
        paths: ["/actuator"],
        match: [OK, JSON_TYPE, { json: { "_links.shutdown.href": /\/shutdown$/, "_links.self.href": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator": actuator({
            _links: {
              self: { href: "http://shop.example/actuator", templated: false },
              health: { href: "http://shop.example/actuator/health", templated: false },
              shutdown: { href: "http://shop.example/actuator/shutdown", templated: false },
            },
          }),
        },
      },
      clean: {
        server: "tomcat",
        routes: {
          "/actuator": actuator({
            _links: {
              self: { href: "http://shop.example/actuator", templated: false },
              health: { href: "http://shop.example/actuator/health", templated: false },
            },
          }),
        },
      },
    },
  }),
  actuatorEndpoint({
    slug: "loggers",
    title: "Spring Boot Actuator loggers endpoint exposed (log levels readable and settable)",
    severity: "medium",
    description:
      "Spring Boot's loggers endpoint is public: it lists the application's packages, and a POST sets any logger's " +
      "level, so anyone can switch on DEBUG logging of requests and credentials, or flood the disk.",
    endpoints: ["loggers"],
    cwe: [200, 749],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    http: [
      {
        paths: ["/actuator/loggers", "/loggers"],
        match: [OK, JSON_TYPE, { json: { "levels[]": /^(OFF|TRACE)$/, "loggers.ROOT.effectiveLevel": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/loggers": actuator({
            levels: ["OFF", "ERROR", "WARN", "INFO", "DEBUG", "TRACE"],
            loggers: {
              ROOT: { configuredLevel: "INFO", effectiveLevel: "INFO" },
              "com.acme.shop": { effectiveLevel: "INFO" },
            },
            groups: { web: { members: ["org.springframework.web"] } },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/loggers": hidden("/actuator/loggers") } },
    },
  }),
]);
