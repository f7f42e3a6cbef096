// Spring Boot Actuator endpoints that map the application for an attacker: its routes, beans, auto-configuration,
// scheduled jobs, health details, metrics and build. Each its own kind (see spring-actuator.ts; migrations are in
// spring-actuator-runtime.ts).
import { checks, json, JSON_TYPE, OK } from "../../declare.ts";
import { actuator, actuatorEndpoint, hidden } from "../../actuator.ts";

export default checks([
  actuatorEndpoint({
    slug: "mappings",
    title: "Spring Boot Actuator request mappings exposed",
    severity: "low",
    description:
      "Spring Boot's mappings endpoint is public: every route of the application with its handler method, " +
      "including administrative and undocumented ones.",
    endpoints: ["mappings"],
    http: [
      {
        paths: ["/actuator/mappings", "/mappings"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { regex: [/"dispatcherServlets"\s*:\s*\{/, /"predicate"\s*:\s*"\{/] },
              { regex: [/"\{\[\/[^"]*\](,methods=\[\w+\])?[^"]*\}"\s*:\s*\{\s*"bean"\s*:/] },
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
            "/actuator/mappings": actuator({
              contexts: {
                shop: {
                  mappings: {
                    dispatcherServlets: {
                      dispatcherServlet: [
                        {
                          handler: "com.acme.shop.AdminController#users()",
                          predicate: "{GET [/internal/admin/users]}",
                          details: { handlerMethod: { className: "com.acme.shop.AdminController", name: "users" } },
                        },
                      ],
                    },
                  },
                },
              },
            }),
          },
        },
        {
          server: "tomcat",
          routes: {
            "/mappings": json({
              "{[/internal/admin/users],methods=[GET]}": {
                bean: "requestMappingHandlerMapping",
                method: "public java.util.List com.acme.shop.AdminController.users()",
              },
            }),
          },
        },
      ],
      clean: { server: "tomcat", routes: { "/actuator/mappings": hidden("/actuator/mappings") } },
    },
  }),
  actuatorEndpoint({
    slug: "beans",
    title: "Spring Boot Actuator beans exposed",
    severity: "low",
    description:
      "Spring Boot's beans endpoint is public: every bean of the application context with its class and " +
      "dependencies, which lists the libraries and their versions' classes an exploit would target.",
    endpoints: ["beans"],
    http: [
      {
        paths: ["/actuator/beans", "/beans"],
        match: [
          OK,
          JSON_TYPE,
          { regex: [/"scope"\s*:\s*"(singleton|prototype)"/, /"aliases"\s*:\s*\[/, /"dependencies"\s*:\s*\[/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/beans": actuator({
            contexts: {
              shop: {
                beans: {
                  paymentClient: {
                    aliases: [],
                    scope: "singleton",
                    type: "com.acme.shop.PaymentClient",
                    resource: "class path resource [com/acme/shop/PaymentConfig.class]",
                    dependencies: ["restTemplate"],
                  },
                },
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/beans": hidden("/actuator/beans") } },
    },
  }),
  actuatorEndpoint({
    slug: "conditions",
    title: "Spring Boot Actuator auto-configuration report exposed",
    severity: "low",
    description:
      "Spring Boot's conditions endpoint (autoconfig in Boot 1) is public: which auto-configurations applied and " +
      "why, which names the data stores, caches, security setup and libraries of the application.",
    endpoints: ["conditions"],
    http: [
      {
        paths: ["/actuator/conditions", "/autoconfig"],
        match: [OK, JSON_TYPE, { regex: [/"positiveMatches"\s*:\s*\{/, /"negativeMatches"\s*:\s*\{/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/conditions": actuator({
            contexts: {
              shop: {
                positiveMatches: {
                  DataSourceAutoConfiguration: [
                    { condition: "OnClassCondition", message: "@ConditionalOnClass found required classes" },
                  ],
                },
                negativeMatches: {},
                unconditionalClasses: [],
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/conditions": hidden("/actuator/conditions") } },
    },
  }),
  actuatorEndpoint({
    slug: "scheduledtasks",
    title: "Spring Boot Actuator scheduled tasks exposed",
    severity: "low",
    description:
      "Spring Boot's scheduledtasks endpoint is public: the application's background jobs, their classes and " +
      "schedules (when exports, clean-ups and synchronisations run).",
    endpoints: ["scheduledtasks"],
    http: [
      {
        paths: ["/actuator/scheduledtasks"],
        match: [OK, JSON_TYPE, { json: { cron: "array", fixedDelay: "array", fixedRate: "array" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/scheduledtasks": actuator({
            cron: [{ runnable: { target: "com.acme.shop.Exports.nightlyDump" }, expression: "0 0 2 * * *" }],
            fixedDelay: [],
            fixedRate: [],
            custom: [],
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/scheduledtasks": hidden("/actuator/scheduledtasks") } },
    },
  }),
  actuatorEndpoint({
    slug: "health-details",
    title: "Spring Boot health endpoint shows component details",
    severity: "low",
    description:
      "Spring Boot's health endpoint shows its details to anyone (show-details=always): the database product and " +
      "version, disk paths and sizes, mail, cache and broker hosts the application depends on.",
    remediation:
      "Show details only to authorised users (management.endpoint.health.show-details=when-authorized) or never; " +
      "the status alone is enough for load balancers.",
    endpoints: ["health"],
    http: [
      {
        paths: ["/actuator/health", "/health"],
        match: [
          OK,
          JSON_TYPE,
          { json: { status: /^(UP|DOWN|OUT_OF_SERVICE|UNKNOWN)$/ } },
          {
            any: [
              { regex: [/"details"\s*:\s*\{\s*"(total|database|free|version|path|validationQuery|location)"/] },
              { regex: [/"diskSpace"\s*:\s*\{\s*"status"\s*:\s*"\w+"\s*,\s*"total"\s*:/] },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/health": actuator({
            status: "UP",
            components: {
              db: { status: "UP", details: { database: "PostgreSQL", validationQuery: "isValid()" } },
              diskSpace: {
                status: "UP",
                details: {
                  total: 52710469632,
                  free: 31207526400,
                  threshold: 10485760,
                  path: "/srv/shop/.",
                  exists: true,
                },
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/health": actuator({ status: "UP" }) } },
    },
  }),
  actuatorEndpoint({
    slug: "metrics",
    title: "Spring Boot Actuator metrics exposed",
    severity: "low",
    description:
      "Spring Boot's metrics endpoint is public: the application's meters (JVM memory, connection pools, HTTP " +
      "routes with their request counts), which map the application and show how loaded it is.",
    endpoints: ["metrics"],
    http: [
      {
        paths: ["/actuator/metrics", "/metrics"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { json: { "names[]": /^jvm\.memory\.used$/ } },
              { json: { mem: "number", processors: "number", classes: "number", heap: "number" } },
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
            "/actuator/metrics": actuator({
              names: ["hikaricp.connections.active", "http.server.requests", "jvm.memory.used", "process.uptime"],
            }),
          },
        },
        {
          server: "tomcat",
          routes: {
            "/metrics": json({ mem: 412004, "mem.free": 210020, processors: 2, classes: 13002, heap: 1864192 }),
          },
        },
      ],
      clean: { server: "tomcat", routes: { "/actuator/metrics": hidden("/actuator/metrics") } },
    },
  }),
  actuatorEndpoint({
    slug: "info",
    title: "Spring Boot Actuator info shows build and Git details",
    severity: "low",
    description:
      "Spring Boot's info endpoint is public and shows the build (artifact, version) or the Git commit the " +
      "application was built from: exactly which code, and so which known flaws, it runs.",
    remediation:
      "Leave build and Git details out of info (management.info.git.enabled=false, management.info.build.enabled=" +
      "false) or stop exposing info publicly.",
    endpoints: ["info"],
    http: [
      {
        paths: ["/actuator/info", "/info"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { json: { "git.commit.id": /^[0-9a-f]{7,40}$/ } },
              { json: { "build.artifact": "string", "build.version": "string" } },
            ],
          },
        ],
        extract: [{ name: "version", json: "build.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/info": actuator({
            git: { branch: "release/4.2", commit: { id: "9f3c1e2", time: "2026-02-27T16:03:11Z" } },
            build: { artifact: "shop", name: "shop", version: "4.2.0", group: "com.acme" },
          }),
        },
        expect: { extracted: { version: "4.2.0" } },
      },
      clean: { server: "tomcat", routes: { "/actuator/info": actuator({}) } },
    },
  }),
]);
