// Status and administration pages of proxies, load balancers and web servers other than Apache's mod_status and
// nginx's stub_status (server-status.ts): HAProxy, Squid, lighttpd, mod_jk, Apache's balancer manager, Traefik's API,
// Envoy's admin interface.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK, text, CVSS_READ_LOW } from "../../declare.ts";

const STATUS_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/02-Test_Application_Platform_Configuration",
  "https://cwe.mitre.org/data/definitions/200.html",
];

export default checks([
  {
    kind: "http.exposed.haproxy-stats",
    category: "exposed-endpoint",
    protocol: "http",
    title: "HAProxy statistics page exposed",
    severity: "medium",
    description:
      "HAProxy's statistics page is public: every frontend, backend and server with its address, health and " +
      "traffic, and with 'stats admin' anyone can put servers in maintenance.",
    remediation:
      "Serve stats on a listener reachable only from the monitoring network, with 'stats auth <user>:<password>' " +
      "and without 'stats admin if TRUE'.",
    references: ["https://docs.haproxy.org/2.8/configuration.html#4-stats%20enable", ...STATUS_REFS],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "HAProxy",
    http: [
      {
        paths: ["/haproxy?stats", "/stats", "/haproxy-stats", "/haproxy_stats", "/admin?stats"],
        match: [OK, { regex: [/<title>Statistics Report for HAProxy/i] }],
        extract: [{ name: "version", regex: /HAProxy version ([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/haproxy?stats": html(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><html><head><title>Statistics Report for HAProxy' +
              '</title></head><body><h1><a href="http://www.haproxy.org/" style="text-decoration:none;">HAProxy ' +
              "version 2.6.12-1+deb12u1, released 2023/12/16</a></h1><h2>Statistics Report for pid 812</h2>" +
              '<table class="tbl"><tr class="titre"><th class="pxname">app_servers</th></tr><tr><td>web01 ' +
              "10.0.3.11:8080</td></tr></table></body></html>",
          ),
        },
        expect: { extracted: { version: "2.6.12" } },
      },
      clean: { server: "nginx", routes: { "/haproxy?stats": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.squid-cachemgr",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Squid cache manager exposed",
    severity: "medium",
    description:
      "Squid's cache manager answers anyone: the proxy's configuration, its clients' addresses, the URLs in its " +
      "cache and active requests (often internal ones).",
    remediation:
      "Keep the default rules that allow the manager only from localhost (http_access allow localhost manager; " +
      "http_access deny manager) before any broader allow, and set a cachemgr_passwd.",
    references: ["https://wiki.squid-cache.org/Features/CacheManager/Index", ...STATUS_REFS],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    product: "Squid",
    http: [
      {
        paths: ["/squid-internal-mgr/menu"],
        match: [OK, NOT_HTML, { regex: [/^\s*menu\s+Cache Manager Menu\s+(public|protected)/m] }],
        extract: [{ name: "version", part: "header:server", regex: /squid\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/squid-internal-mgr/menu": text(
            " index                  \tCache Manager Interface        \tpublic\n menu                   \tCache " +
              "Manager Menu             \tpublic\n offline_toggle         \tToggle offline_mode setting    \thidden" +
              "\n shutdown               \tShut Down the Squid Process    \thidden\n info                   \tGeneral" +
              " Runtime Information    \tpublic\n",
            { server: "squid/5.7" },
          ),
        },
        expect: { extracted: { version: "5.7" } },
      },
      clean: {
        server: "go",
        routes: {
          "/squid-internal-mgr/menu": html(
            "<html><head><title>ERROR: The requested URL could not be retrieved</title></head><body><h1>ERROR</h1>" +
              "<h2>The requested URL could not be retrieved</h2><p>Access Denied.</p></body></html>",
            403,
            { server: "squid/5.7", "x-squid-error": "ERR_ACCESS_DENIED 0" },
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.lighttpd-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "lighttpd server status page exposed",
    severity: "medium",
    description:
      "lighttpd's mod_status page is public: uptime, traffic and the connections being served with the client " +
      "addresses and the URLs requested.",
    remediation:
      'Serve status.status-url only to localhost or the monitoring network ($HTTP["remoteip"] == "127.0.0.1" ' +
      "{ status.status-url = ... }), or disable mod_status.",
    references: ["https://redmine.lighttpd.net/projects/lighttpd/wiki/Mod_status", ...STATUS_REFS],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    product: "lighttpd",
    http: [
      {
        paths: ["/server-status"],
        match: [OK, { regex: [/<h1>Server-Status \(lighttpd\/[\d.]+\)<\/h1>/] }],
        extract: [{ name: "version", regex: /Server-Status \(lighttpd\/([\d.]+)\)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "lighttpd",
        routes: {
          "/server-status": html(
            '<?xml version="1.0" encoding="iso-8859-1"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">' +
              "\n <head>\n  <title>Status</title>\n </head>\n <body>\n  <h1>Server-Status (lighttpd/1.4.69)</h1>\n" +
              '<table summary="status" class="status">\n   <tr><td>Hostname</td><td class="string">shop.example' +
              '</td></tr>\n   <tr><td>Uptime</td><td class="string">3 days 4 hours</td></tr>\n</table>\n' +
              "<tr><td>203.0.113.7</td><td>/account/reset?token=4f2a9c</td></tr>\n </body>\n</html>\n",
          ),
        },
        expect: { extracted: { version: "1.4.69" } },
      },
      clean: { server: "lighttpd", routes: {} },
    },
  },
  {
    kind: "http.exposed.jk-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache mod_jk status manager exposed",
    severity: "medium",
    description:
      "mod_jk's status worker is public: the Tomcat back ends behind Apache with their addresses and state, and " +
      "unless it is read-only anyone can disable or stop workers.",
    remediation:
      "Restrict the JkMount of the status worker to the management network (Require ip) and set " +
      "worker.status.read_only=true.",
    references: ["https://tomcat.apache.org/connectors-doc/reference/status.html", ...STATUS_REFS],
    cwe: [200, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    product: "mod_jk",
    http: [
      {
        paths: ["/jkstatus", "/jkstatus/", "/jk-status", "/status/jk"],
        match: [OK, { regex: [/<h1>JK Status Manager for /] }],
        extract: [{ name: "version", regex: /mod_jk\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/jkstatus": html(
            "<html><head><title>JK Status Manager</title></head><body><h1>JK Status Manager for shop.example:80</h1>" +
              "<table><tr><th>Server Version:</th><td>Apache/2.4.62 (Debian)</td></tr><tr><th>JK Version:</th><td>" +
              "mod_jk/1.2.48</td></tr></table><h3>[S|E|R] Worker Status for app</h3><table><tr><td>ajp13</td><td>" +
              "10.0.3.21:8009</td></tr></table></body></html>",
          ),
        },
        expect: { extracted: { version: "1.2.48" } },
      },
      clean: { server: "apache", routes: { "/jkstatus": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.balancer-manager",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache balancer manager exposed",
    severity: "high",
    description:
      "Apache's mod_proxy_balancer manager is public: it shows the back ends behind the site, and anyone can " +
      "disable members, change their weights or routes, and with BalancerPersist add members that send the site's " +
      "traffic elsewhere.",
    remediation:
      "Allow the balancer-manager handler only from the management network (Require ip in its <Location>), or " +
      "remove it.",
    references: ["https://httpd.apache.org/docs/2.4/mod/mod_proxy_balancer.html#balancer_manager", ...STATUS_REFS],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:L",
    product: "Apache HTTP Server",
    http: [
      {
        paths: ["/balancer-manager"],
        match: [OK, { regex: [/<h1>Load Balancer Manager for /] }],
        extract: [{ name: "version", regex: /Server Version: Apache\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/balancer-manager": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<html><head><title>Balancer Manager</title>' +
              "</head><body><h1>Load Balancer Manager for shop.example</h1>\n\n<dl><dt>Server Version: Apache/2.4.62" +
              " (Debian)</dt>\n<dt>Server Built: 2024-07-17T18:57:46</dt>\n</dl>\n<hr />\n<h3>LoadBalancer " +
              "Status for " +
              '<a href="/balancer-manager?b=app&amp;nonce=3f1e">balancer://app</a></h3></body></html>',
          ),
        },
        expect: { extracted: { version: "2.4.62" } },
      },
      clean: { server: "apache", routes: { "/balancer-manager": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.traefik-api",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Traefik API and dashboard open (api.insecure)",
    severity: "medium",
    description:
      "Traefik's API and dashboard answer anyone: every router, service and middleware, so the internal back ends " +
      "and their addresses, the rules and the certificates' domains.",
    remediation:
      "Turn api.insecure off and expose the dashboard through a router on the api@internal service with an " +
      "authentication middleware (basicAuth or forwardAuth), reachable only from the management network.",
    references: ["https://doc.traefik.io/traefik/operations/api/#insecure", ...STATUS_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Traefik",
    http: [
      {
        paths: ["/api/version"],
        match: [OK, JSON_TYPE, { json: { Version: /^v?\d+\.\d+/, Codename: "string" } }],
        extract: [{ name: "version", json: "Version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/version": json({ Version: "2.10.7", Codename: "saintmarcelin", startDate: "2026-03-01T08:00:00Z" }),
        },
        expect: { extracted: { version: "2.10.7" } },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.envoy-admin",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Envoy admin interface exposed",
    severity: "high",
    description:
      "Envoy's admin interface is public: its whole configuration (clusters, routes, listeners) and statistics, " +
      "and endpoints that change log levels, reset counters and stop the proxy (POST /quitquitquit).",
    remediation:
      "Bind the admin listener to localhost (admin.address.socket_address: 127.0.0.1) or remove the admin block; " +
      "never route public traffic to it.",
    references: ["https://www.envoyproxy.io/docs/envoy/latest/operations/admin", ...STATUS_REFS],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:H",
    product: "Envoy",
    http: [
      {
        paths: ["/server_info"],
        match: [
          OK,
          JSON_TYPE,
          { json: { state: /^(LIVE|DRAINING|PRE_INITIALIZING|INITIALIZING)$/, command_line_options: "object" } },
        ],
        extract: [{ name: "version", regex: /"version"\s*:\s*"[0-9a-f]+\/(\d+\.\d+\.\d+)\// }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/server_info": json({
            version: "d362e791eb9e4efa8d87f6d878740e72dc8330ac/1.28.0/Clean/RELEASE/BoringSSL",
            state: "LIVE",
            hot_restart_version: "11.104",
            command_line_options: { base_id: "0", concurrency: 2, config_path: "/etc/envoy/envoy.yaml" },
            uptime_current_epoch: "86400s",
          }),
        },
        expect: { extracted: { version: "1.28.0" } },
      },
      clean: { server: "go", routes: {} },
    },
  },
]);
