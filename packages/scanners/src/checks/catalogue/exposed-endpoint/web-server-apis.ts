// Web servers' own status and administration APIs left reachable: nginx's virtual host traffic status module,
// NGINX Plus's API and Caddy's admin endpoint (which reconfigures the server for whoever reaches it).
import { checks, json, JSON_TYPE, OK, CVSS_READ_LOW } from "../../declare.ts";

export default checks([
  {
    kind: "http.exposed.nginx-vts",
    category: "exposed-endpoint",
    protocol: "http",
    title: "nginx traffic status (VTS) exposed",
    severity: "low",
    description:
      "nginx's virtual host traffic status module answers anyone: the server's host name and nginx version, every " +
      "virtual host and upstream server (internal addresses) with its traffic.",
    remediation: "Allow the vhost_traffic_status_display location only from the monitoring network (allow/deny).",
    references: ["https://github.com/vozlt/nginx-module-vts", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    product: "nginx",
    http: [
      {
        paths: ["/status/format/json", "/vts/format/json"],
        match: [OK, JSON_TYPE, { json: { hostName: "string", nginxVersion: /^\d+\.\d+/, serverZones: "object" } }],
        extract: [{ name: "version", json: "nginxVersion" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/status/format/json": json({
            hostName: "web01",
            moduleVersion: "v0.2.2",
            nginxVersion: "1.25.3",
            loadMsec: 1762070400000,
            nowMsec: 1762074000000,
            connections: { active: 3, reading: 0, writing: 1, waiting: 2, accepted: 1024, handled: 1024 },
            serverZones: { "shop.example": { requestCounter: 1000, inBytes: 512000, outBytes: 9120000 } },
            upstreamZones: { backend: [{ server: "10.0.1.12:8080", requestCounter: 1000 }] },
          }),
        },
        expect: { extracted: { version: "1.25.3" } },
      },
      clean: { server: "nginx", routes: { "/status/format/json": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.nginx-plus-api",
    category: "exposed-endpoint",
    protocol: "http",
    title: "NGINX Plus API exposed",
    severity: "medium",
    description:
      "NGINX Plus's API answers anyone: the release, the upstream servers (internal addresses) and their health; " +
      "when the API is configured with write=on, anyone can also add, drain or remove upstream servers.",
    remediation:
      "Allow the api location only from the management network (allow/deny or auth_basic), and keep write=off " +
      "where changes are not needed.",
    references: [
      "https://nginx.org/en/docs/http/ngx_http_api_module.html",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "NGINX Plus",
    http: [
      {
        paths: ["/api/9/nginx", "/api/8/nginx", "/api/7/nginx", "/api/6/nginx"],
        match: [OK, JSON_TYPE, { json: { build: /^nginx-plus-r\d+/, version: /^\d+\.\d+/, generation: "number" } }],
        extract: [{ name: "version", json: "build" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/api/9/nginx": json({
            version: "1.25.3",
            build: "nginx-plus-r31",
            address: "10.0.0.5",
            generation: 1,
            load_timestamp: "2026-11-02T03:00:00.000Z",
            timestamp: "2026-11-02T04:00:00.000Z",
            pid: 1234,
            ppid: 1233,
          }),
        },
        expect: { extracted: { version: "nginx-plus-r31" } },
      },
      clean: { server: "nginx", routes: { "/api/9/nginx": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.caddy-admin",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Caddy admin API exposed",
    severity: "critical",
    description:
      "Caddy's admin API answers from the network: it serves the running configuration (sites, upstreams, TLS " +
      "settings) and accepts a new one by POST /load, with no authentication, so whoever reaches it controls the " +
      "server (proxy traffic anywhere, serve any file).",
    remediation:
      "Keep the admin endpoint on localhost (the default, admin localhost:2019) or a Unix socket, or turn it off " +
      '("admin off" in the Caddyfile); never bind it to a public address.',
    references: [
      "https://caddyserver.com/docs/api",
      "https://caddyserver.com/docs/caddyfile/options#admin",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    http: [{ paths: ["/config/"], match: [OK, JSON_TYPE, { json: { "apps.http.servers": "object" } }] }],
    fixtures: {
      vulnerable: {
        server: "caddy",
        routes: {
          "/config/": json({
            admin: { listen: "0.0.0.0:2019" },
            apps: {
              http: {
                servers: {
                  srv0: {
                    listen: [":443"],
                    routes: [
                      {
                        match: [{ host: ["shop.example"] }],
                        handle: [{ handler: "reverse_proxy", upstreams: [{ dial: "10.0.1.12:8080" }] }],
                      },
                    ],
                  },
                },
              },
            },
          }),
        },
      },
      clean: { server: "caddy", routes: {} },
    },
  },
]);
