// Spring Boot Actuator endpoints about the running application's parts: its dependencies (sbom), its start-up
// timeline with the Boot version, its caches, its Quartz jobs and its database migrations. Each its own kind (see
// spring-actuator.ts).
import { checks, JSON_TYPE, OK } from "../../declare.ts";
import { actuator, actuatorEndpoint, hidden } from "../../actuator.ts";

export default checks([
  actuatorEndpoint({
    slug: "sbom",
    title: "Spring Boot Actuator SBOM exposed",
    severity: "low",
    description:
      "Spring Boot's sbom endpoint is public: the application's software bill of materials, every library with its " +
      "exact version, which tells an attacker which published flaws apply.",
    endpoints: ["sbom"],
    http: [
      {
        paths: ["/actuator/sbom/application"],
        match: [OK, JSON_TYPE, { json: { bomFormat: /^CycloneDX$/, "components[].name": "string" } }],
        extract: [{ name: "spec", json: "specVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/sbom/application": {
            status: 200,
            headers: { "content-type": "application/vnd.cyclonedx+json" },
            body: JSON.stringify({
              bomFormat: "CycloneDX",
              specVersion: "1.5",
              version: 1,
              metadata: { component: { name: "shop", version: "1.4.2", type: "application" } },
              components: [
                { type: "library", name: "spring-core", group: "org.springframework", version: "6.1.3" },
                { type: "library", name: "jackson-databind", group: "com.fasterxml.jackson.core", version: "2.15.3" },
              ],
            }),
          },
        },
        expect: { extracted: { spec: "1.5" } },
      },
      clean: { server: "tomcat", routes: { "/actuator/sbom/application": hidden("/actuator/sbom/application") } },
    },
  }),
  actuatorEndpoint({
    slug: "startup",
    title: "Spring Boot Actuator startup timeline exposed",
    severity: "low",
    description:
      "Spring Boot's startup endpoint is public: the Spring Boot version and the start-up steps of every bean " +
      "(class names, configuration classes), a map of the application.",
    endpoints: ["startup"],
    http: [
      {
        paths: ["/actuator/startup"],
        match: [OK, JSON_TYPE, { json: { springBootVersion: /^\d+\.\d+/, "timeline.events": "array" } }],
        extract: [{ name: "version", json: "springBootVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/startup": actuator({
            springBootVersion: "3.2.2",
            timeline: {
              startTime: "2026-11-01T08:00:00.000Z",
              events: [
                {
                  startupStep: {
                    name: "spring.beans.instantiate",
                    id: 3,
                    parentId: 2,
                    tags: [{ key: "beanName", value: "paymentGatewayClient" }],
                  },
                  startTime: "2026-11-01T08:00:01.120Z",
                  endTime: "2026-11-01T08:00:01.180Z",
                  duration: "PT0.06S",
                },
              ],
            },
          }),
        },
        expect: { extracted: { version: "3.2.2" } },
      },
      clean: { server: "tomcat", routes: { "/actuator/startup": hidden("/actuator/startup") } },
    },
  }),
  actuatorEndpoint({
    slug: "caches",
    title: "Spring Boot Actuator caches endpoint exposed",
    severity: "low",
    description:
      "Spring Boot's caches endpoint is public: the application's cache managers and caches, and the same endpoint " +
      "answers DELETE, which evicts them for anyone (load on the database, slower pages).",
    endpoints: ["caches"],
    cwe: [200, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:L",
    http: [
      {
        paths: ["/actuator/caches"],
        match: [OK, JSON_TYPE, { regex: [/^\{"cacheManagers":\{"[^"]+":\{"caches":\{/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/caches": actuator({
            cacheManagers: {
              cacheManager: {
                caches: {
                  customers: { target: "java.util.concurrent.ConcurrentHashMap" },
                  prices: { target: "java.util.concurrent.ConcurrentHashMap" },
                },
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/caches": hidden("/actuator/caches") } },
    },
  }),
  actuatorEndpoint({
    slug: "quartz",
    title: "Spring Boot Actuator Quartz endpoint exposed",
    severity: "low",
    description:
      "Spring Boot's quartz endpoint is public: the application's Quartz job and trigger groups, and under them " +
      "each job's class, schedule and data map.",
    endpoints: ["quartz"],
    http: [
      {
        paths: ["/actuator/quartz"],
        match: [OK, JSON_TYPE, { json: { "jobs.groups": "array", "triggers.groups": "array" } }],
        extract: [{ name: "groups", json: "jobs.groups" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/quartz": actuator({
            jobs: { groups: ["billing", "exports"] },
            triggers: { groups: ["billing", "DEFAULT"] },
          }),
        },
        expect: { extracted: { groups: ["billing", "exports"] } },
      },
      clean: { server: "tomcat", routes: { "/actuator/quartz": hidden("/actuator/quartz") } },
    },
  }),
  actuatorEndpoint({
    slug: "migrations",
    title: "Spring Boot Actuator database migration history exposed (Flyway, Liquibase)",
    severity: "low",
    description:
      "Spring Boot's flyway or liquibase endpoint is public: every schema migration the database went through, " +
      "with script names, descriptions and the database user that ran them.",
    endpoints: ["flyway", "liquibase"],
    http: [
      {
        paths: ["/actuator/flyway", "/actuator/liquibase", "/flyway", "/liquibase"],
        match: [
          OK,
          JSON_TYPE,
          {
            any: [
              { regex: [/"flywayBeans"\s*:\s*\{/, /"migrations"\s*:\s*\[/] },
              { regex: [/"liquibaseBeans"\s*:\s*\{/, /"changeSets"\s*:\s*\[/] },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/actuator/flyway": actuator({
            contexts: {
              shop: {
                flywayBeans: {
                  flyway: {
                    migrations: [
                      {
                        type: "SQL",
                        checksum: 1131276306,
                        version: "3",
                        description: "add card tokens",
                        script: "V3__add_card_tokens.sql",
                        state: "SUCCESS",
                        installedBy: "shop_owner",
                      },
                    ],
                  },
                },
              },
            },
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/actuator/flyway": hidden("/actuator/flyway") } },
    },
  }),
]);
