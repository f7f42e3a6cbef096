// Admin consoles and login panels of common products, named by their own pages (with the version where they show
// it). A login page on the internet is attack surface: password guessing, and every pre-authentication flaw.
import { checks, html, json, OK } from "../../declare.ts";

const PANEL_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces",
  "https://cwe.mitre.org/data/definitions/1188.html",
];
const RESTRICT =
  "Reach it through a VPN or an identity-aware proxy, or allow only known addresses; keep it patched and require " +
  "strong passwords with two-factor authentication.";

export default checks([
  {
    kind: "http.panel.grafana",
    category: "exposed-panel",
    protocol: "http",
    title: "Grafana login exposed",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:N/A:N",
    confidence: "firm",
    description:
      "Grafana's login page is reachable from the internet. Its dashboards and data-source credentials are one " +
      "password away, and Grafana has had pre-authentication flaws (path traversal, SSRF).",
    remediation: RESTRICT,
    references: ["https://grafana.com/docs/grafana/latest/setup-grafana/configure-security/", ...PANEL_REFS],
    cwe: [1188],
    product: "Grafana",
    http: [
      {
        paths: ["/login"],
        match: [OK, { regex: [/<title>Grafana<\/title>|"appTitle":"Grafana"|grafanaBootData/] }],
        extract: [{ name: "version", regex: /"buildInfo":\{[^}]*"version":"([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/login": html(
            '<!DOCTYPE html><html lang="en"><head><title>Grafana</title></head><body><script nonce="">window.' +
              'grafanaBootData = {"settings":{"appTitle":"Grafana","buildInfo":{"commit":"d7f0b4f","edition":"Open ' +
              'Source","env":"production","version":"10.4.2"}}};</script></body></html>',
          ),
        },
        expect: { extracted: { version: "10.4.2" } },
      },
      clean: { server: "go", routes: { "/login": { status: 404 } } },
    },
  },
  {
    kind: "http.panel.jenkins",
    category: "exposed-panel",
    protocol: "http",
    title: "Jenkins exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "Jenkins answers from the internet. It holds the build secrets of every project and runs code on its agents; " +
      "its login is a brute-force target and its script console, if reached, runs anything.",
    remediation: RESTRICT,
    references: ["https://www.jenkins.io/doc/book/security/", ...PANEL_REFS],
    cwe: [1188],
    product: "Jenkins",
    http: [
      {
        paths: ["/login"],
        match: [{ status: [200, 403] }, { part: "header:x-jenkins", regex: [/^\d+\.\d+/] }],
        extract: [{ name: "version", part: "header:x-jenkins", regex: /^([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/login": html(
            "<!DOCTYPE html><html><head><title>Sign in [Jenkins]</title></head><body></body></html>",
            200,
            {
              "x-jenkins": "2.440.3",
              "x-hudson": "1.395",
            },
          ),
        },
        expect: { extracted: { version: "2.440.3" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  },
  {
    kind: "http.panel.phpmyadmin",
    category: "exposed-panel",
    protocol: "http",
    title: "phpMyAdmin exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "phpMyAdmin answers from the internet: the database is one password away (often a default or reused one), and " +
      "old versions have pre-authentication flaws.",
    remediation: RESTRICT,
    references: [
      "https://docs.phpmyadmin.net/en/latest/setup.html#securing-your-phpmyadmin-installation",
      ...PANEL_REFS,
    ],
    cwe: [1188],
    product: "phpMyAdmin",
    http: [
      {
        paths: ["/phpmyadmin/", "/phpMyAdmin/", "/pma/"],
        match: [OK, { regex: [/<title>phpMyAdmin<\/title>|name="pma_username"/] }],
        extract: [{ name: "version", regex: /[?&]v=([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/phpmyadmin/": html(
            '<!DOCTYPE HTML><html lang="en" dir="ltr"><head><title>phpMyAdmin</title><link rel="stylesheet" ' +
              'href="./themes/pmahomme/css/theme.css?v=5.2.1"></head><body><form method="post" action="index.php">' +
              '<input type="text" name="pma_username" id="input_username"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "5.2.1" } },
      },
      clean: { server: "apache", routes: { "/phpmyadmin/": { status: 403 } } },
    },
  },
  {
    kind: "http.panel.kibana",
    category: "exposed-panel",
    protocol: "http",
    title: "Kibana exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "Kibana answers from the internet: the Elasticsearch data behind it (often logs with personal data) is one " +
      "login away, or none when security is off.",
    remediation: RESTRICT,
    references: ["https://www.elastic.co/guide/en/kibana/current/using-kibana-with-security.html", ...PANEL_REFS],
    cwe: [1188],
    product: "Kibana",
    http: [
      {
        paths: ["/api/status"],
        match: [
          OK,
          { json: { name: "string", "version.number": "string" } },
          { part: "header:kbn-name", regex: [/\S/] },
        ],
        extract: [{ name: "version", json: "version.number" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/status": json(
            { name: "kibana-prod", uuid: "5b2de169-2785-441b-ae8c-186a1936b17d", version: { number: "8.13.2" } },
            200,
            { "kbn-name": "kibana-prod" },
          ),
        },
        expect: { extracted: { version: "8.13.2" } },
      },
      clean: {
        server: "go",
        routes: { "/api/status": json({ statusCode: 401, error: "Unauthorized", message: "Unauthorized" }, 401) },
      },
    },
  },
  {
    kind: "http.panel.rabbitmq-management",
    category: "exposed-panel",
    protocol: "http",
    title: "RabbitMQ management console exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "RabbitMQ's management console answers from the internet: queues, messages and users are one login away " +
      "(and the default guest account is only refused from remote hosts in recent versions).",
    remediation: RESTRICT,
    references: ["https://www.rabbitmq.com/docs/management#permissions", ...PANEL_REFS],
    cwe: [1188],
    product: "RabbitMQ",
    http: [{ paths: ["/"], match: [OK, { regex: [/<title>RabbitMQ Management<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!DOCTYPE html><html><head><title>RabbitMQ Management</title><script src="js/ejs-1.0.min.js"></script>' +
              '</head><body><div id="outer"></div></body></html>',
          ),
        },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  },
  {
    kind: "http.panel.webmin",
    category: "exposed-panel",
    protocol: "http",
    title: "Webmin exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "Webmin, a root-level server administration panel, answers from the internet: the whole host is one password " +
      "away, and Webmin has had pre-authentication remote code execution flaws.",
    remediation: RESTRICT,
    references: ["https://webmin.com/docs/modules/webmin-configuration/#ip-access-control", ...PANEL_REFS],
    cwe: [1188],
    product: "Webmin",
    http: [
      {
        paths: ["/"],
        match: [{ status: [200] }, { part: "header:server", regex: [/MiniServ\/[\d.]+/] }, { words: ["Webmin"] }],
        extract: [{ name: "version", part: "header:server", regex: /MiniServ\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/": html(
            "<!DOCTYPE html><html><head><title>Login to Webmin</title></head><body><form" +
              ' action="/session_login.cgi"></form></body></html>',
            200,
            {
              server: "MiniServ/2.105",
            },
          ),
        },
        expect: { extracted: { version: "2.105" } },
      },
      clean: { server: "apache", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  },
  {
    kind: "http.panel.tomcat-manager",
    category: "exposed-panel",
    protocol: "http",
    title: "Tomcat Manager exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    confidence: "firm",
    description:
      "Tomcat's Manager application asks for a password from the internet. Whoever logs in deploys a WAR file, " +
      "which runs code on the server; it is a classic target for default and guessed passwords.",
    remediation: "Remove the manager application from production, or allow it only from localhost (RemoteAddrValve).",
    references: ["https://tomcat.apache.org/tomcat-9.0-doc/manager-howto.html", ...PANEL_REFS],
    cwe: [1188],
    product: "Apache Tomcat",
    http: [
      {
        paths: ["/manager/html"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="Tomcat Manager Application"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/manager/html": html("<!doctype html><html><head><title>401 Unauthorized</title></head></html>", 401, {
            "www-authenticate": 'Basic realm="Tomcat Manager Application"',
          }),
        },
      },
      // RemoteAddrValve on: 403 with Tomcat's own page.
      clean: { server: "tomcat", routes: { "/manager/html": { status: 403 } } },
    },
  },
]);
