// Web servers' own status and information pages, meant for the operator's monitoring only.
import { checks, html, OK, text } from "../../declare.ts";

const STATUS_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/02-Test_Application_Platform_Configuration",
  "https://cwe.mitre.org/data/definitions/200.html",
];

export default checks([
  {
    kind: "http.exposed.server-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache server-status page exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "Apache's mod_status page is public. It shows the client addresses and URLs being served right now (including " +
      "private paths and tokens in query strings), uptime and load.",
    remediation:
      "Allow it only from localhost or the monitoring network (Require local / Require ip), or unload mod_status.",
    references: ["https://httpd.apache.org/docs/2.4/mod/mod_status.html", ...STATUS_REFS],
    cwe: [200],
    product: "Apache HTTP Server",
    http: [
      {
        paths: ["/server-status"],
        match: [OK, { regex: [/Apache Server Status|Server uptime:/i], condition: "or" }],
        extract: [{ name: "version", regex: /Server Version: Apache\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/server-status": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<html><head>\n<title>Apache Status</title>\n' +
              "</head><body>\n<h1>Apache Server Status for localhost (via 127.0.0.1)</h1>\n\n<dl><dt>Server Version: " +
              "Apache/2.4.62 (Debian)</dt>\n<dt>Server MPM: event</dt>\n</dl><hr /><dl>\n<dt>Current Time:" +
              " Monday</dt>\n" +
              "<dt>Server uptime:  3 days 4 hours</dt>\n<dt>Total accesses: 1204</dt></dl>",
          ),
        },
        expect: { extracted: { version: "2.4.62" } },
      },
      clean: {
        server: "apache",
        routes: {
          "/server-status": html(
            '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>403 Forbidden</title>\n</head>' +
              "<body>\n<h1>Forbidden</h1>\n<p>You don't have permission to access this resource.</p>\n</body></html>\n",
            403,
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.server-info",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache server-info page exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "Apache's mod_info page is public. It shows the server's complete configuration: modules, paths, virtual " +
      "hosts and access rules.",
    remediation: "Allow it only from localhost or the monitoring network, or unload mod_info.",
    references: ["https://httpd.apache.org/docs/2.4/mod/mod_info.html", ...STATUS_REFS],
    cwe: [200],
    http: [{ paths: ["/server-info"], match: [OK, { regex: [/Apache Server Information|Server Settings/i] }] }],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/server-info": html(
            '<html><head><title>Server Information</title></head><body><h1 style="text-align: center">Apache Server ' +
              'Information</h1>\n<dl><dt><a name="server"><strong>Server Settings</strong></a></dt>' +
              "<dd><tt>Server Version: Apache/2.4.62 (Debian)</tt></dd></dl></body></html>",
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.nginx-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "nginx stub_status page exposed",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "nginx's stub_status page is public. It shows live connection and request counters, which tell an attacker " +
      "how busy the server is and whether a denial-of-service attempt works.",
    remediation: "Allow it only from localhost or the monitoring network (allow 127.0.0.1; deny all;).",
    references: ["https://nginx.org/en/docs/http/ngx_http_stub_status_module.html", ...STATUS_REFS],
    cwe: [200],
    http: [
      {
        paths: ["/nginx_status", "/status", "/basic_status"],
        // stub_status's exact text: "Active connections: N", then "server accepts handled requests" and three numbers.
        match: [
          OK,
          { regex: [/^Active connections:\s*\d+\s*\n\s*server accepts handled requests\s*\n\s*\d+\s+\d+\s+\d+/m] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/nginx_status": text(
            "Active connections: 2 \nserver accepts handled requests\n 1205 1205 4022 \nReading: 0 Writing: 1" +
              " Waiting: 1 \n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/nginx_status": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.php-fpm-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "PHP-FPM status page exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "PHP-FPM's status page is public. It shows the pool's processes and, in full mode, the URI, script and client " +
      "of every request being served.",
    remediation: "Allow it only from localhost or the monitoring network.",
    references: ["https://www.php.net/manual/en/fpm.status.php", ...STATUS_REFS],
    cwe: [200],
    http: [
      {
        paths: ["/status", "/fpm-status", "/php-fpm-status"],
        match: [OK, { regex: [/^pool:\s+\S+\s*\n\s*process manager:\s+(static|dynamic|ondemand)/m] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/fpm-status": text(
            "pool:                 www\nprocess manager:      dynamic\nstart time:          " +
              " 01/Dec/2026:10:00:00 +0000\n" +
              "accepted conn:        412\nlisten queue:         0\nactive processes:     1\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/fpm-status": { status: 404 } } },
    },
  },
]);
