// Web application misconfigurations: directory listings, open redirects, debug modes, source maps, TRACE.
import { checks, HTML_PAGE, html, json, OK, text } from "../../declare.ts";

const LISTING = /<title>\s*(Index of \/|Directory listing for \/)|<h1>\s*(Index of \/|Directory listing for \/)/i;
const REDIRECT_TARGET = "https://open-redirect.exposure-monitor.invalid/";
const REDIRECT_PARAMS = ["next", "url", "redirect", "redirect_uri", "return", "returnTo", "return_to", "dest"];
const PAGE = "<!doctype html><html><head><title>Shop</title></head><body>Welcome</body></html>";

export default checks([
  {
    kind: "http.directory-listing",
    category: "misconfiguration",
    protocol: "http",
    title: "Directory listing enabled",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "A page lists the files of a directory. Anyone can browse and download everything in it, including backups, " +
      "configuration or files never meant to be linked.",
    remediation:
      'Turn listings off (nginx "autoindex off;", Apache "Options -Indexes") and remove files that should not be ' +
      "public.",
    references: [
      "https://cwe.mitre.org/data/definitions/548.html",
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information",
    ],
    cwe: [548],
    // The home page and every page the crawl reaches.
    http: [{ pages: true, match: [OK, { regex: [LISTING] }] }],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/": html(
            "<html>\r\n<head><title>Index of /</title></head>\r\n<body>\r\n<h1>Index of /</h1><hr><pre>" +
              '<a href="../">../</a>\r\n<a href="backup/">backup/</a>     01-Dec-2026 10:00       -\r\n</pre><hr>' +
              "</body>\r\n</html>\r\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/": html(PAGE) } },
    },
  },
  {
    kind: "http.open-redirect",
    category: "misconfiguration",
    protocol: "http",
    title: "Open redirect",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
    description:
      "The site redirects to any address given in a query parameter (next, url, redirect, return…). Phishing mails " +
      "use such links: they show the trusted domain and land on the attacker's page; with OAuth flows they can leak " +
      "tokens.",
    remediation:
      "Redirect only to relative paths or to an allow-list of hosts; reject absolute and protocol-relative (//) " +
      "targets.",
    references: [
      "https://cwe.mitre.org/data/definitions/601.html",
      "https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html",
    ],
    cwe: [601],
    http: [
      {
        paths: [
          ...REDIRECT_PARAMS.map((p) => `/?${p}=${encodeURIComponent(REDIRECT_TARGET)}`),
          `/login?next=${encodeURIComponent(REDIRECT_TARGET)}`,
          `/logout?redirect=${encodeURIComponent(REDIRECT_TARGET)}`,
        ],
        match: [
          { status: [301, 302, 303, 307, 308] },
          { part: "header:location", regex: [/^(https?:)?\/\/open-redirect\.exposure-monitor\.invalid/i] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/login?next=https%3A%2F%2Fopen-redirect.exposure-monitor.invalid%2F": {
            status: 302,
            headers: { location: "{{query.next}}", "content-type": "text/plain" },
            body: "Found. Redirecting to {{query.next}}",
          },
        },
      },
      clean: {
        server: "express",
        routes: {
          "/login": { status: 302, headers: { location: "/", "content-type": "text/plain" }, body: "Found." },
        },
      },
    },
  },
  {
    kind: "http.debug.django",
    category: "misconfiguration",
    protocol: "http",
    title: "Django debug mode enabled",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The site runs Django with DEBUG = True: its error pages list every URL pattern of the application, and a " +
      "server error shows the source, local variables and settings (secrets masked only by name).",
    remediation: "Set DEBUG = False in production settings and configure ALLOWED_HOSTS and an error page.",
    references: [
      "https://docs.djangoproject.com/en/stable/ref/settings/#debug",
      "https://cwe.mitre.org/data/definitions/489.html",
    ],
    cwe: [489, 215],
    http: [
      {
        paths: ["/ems-check-not-found-7f3a2c"],
        match: [{ status: [404] }, { words: ["DEBUG = True", "URLconf"] }],
        extract: [{ name: "version", regex: /Django Version:<\/th>\s*<td>([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/ems-check-not-found-7f3a2c": html(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n  <title>Page not found at' +
              " /ems-check-not-found-7f3a2c</title>" +
              '\n</head>\n<body>\n<div id="summary"><h1>Page not found <span>(404)</span></h1></div>\n<div id="info">' +
              "<p>Using the URLconf defined in <code>shop.urls</code>, Django tried these URL patterns, in this" +
              " order:" +
              '</p><ol><li>admin/</li><li>api/</li></ol></div>\n<div id="explanation"><p>You\'re seeing this error ' +
              "because you have <code>DEBUG = True</code> in your Django settings file.</p></div>\n</body>\n</html>\n",
            404,
          ),
        },
      },
      clean: {
        server: "gunicorn",
        routes: {
          "/ems-check-not-found-7f3a2c": html(
            '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not ' +
              "Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n",
            404,
          ),
        },
      },
    },
  },
  {
    kind: "http.debug.laravel-ignition",
    category: "misconfiguration",
    protocol: "http",
    title: "Laravel debug mode (Ignition) reachable",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "Laravel's Ignition error page is enabled and its endpoints answer: debug mode is on in production. Error " +
      "pages show source and environment values, and old Ignition versions let anyone run code (CVE-2021-3129).",
    remediation: "Set APP_DEBUG=false in production and update facade/ignition (or remove it from production).",
    references: [
      "https://laravel.com/docs/configuration#debug-mode",
      "https://nvd.nist.gov/vuln/detail/CVE-2021-3129",
      "https://cwe.mitre.org/data/definitions/489.html",
    ],
    cwe: [489],
    http: [
      {
        paths: ["/_ignition/health-check"],
        match: [OK, { json: { can_execute_commands: "boolean" } }],
      },
    ],
    fixtures: {
      vulnerable: { server: "nginx", routes: { "/_ignition/health-check": json({ can_execute_commands: true }) } },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.source-map",
    category: "misconfiguration",
    protocol: "http",
    title: "JavaScript source maps exposed",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The home page's scripts have their source maps online. They rebuild the original front-end source, " +
      "comments and internal paths included, which helps attackers find hidden API routes and logic.",
    remediation: "Do not deploy .map files to production (or serve them only to your error tracker).",
    references: [
      "https://cwe.mitre.org/data/definitions/540.html",
      "https://developer.mozilla.org/en-US/docs/Glossary/Source_map",
    ],
    cwe: [540],
    detect: {
      root: true,
      match: [HTML_PAGE, { regex: [/<script[^>]+src=["'][^"']+\.js/i] }],
      extract: [{ name: "script", regex: /<script[^>]+src=["']([^"'?#]+\.js)/i }],
    },
    http: [
      {
        paths: ["{{script}}.map"],
        match: [OK, { json: { version: 3, sources: "array", mappings: "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/": html(
            '<!doctype html><html><head><script src="/assets/app.3f2a.js"></script></head><body></body></html>',
          ),
          "/assets/app.3f2a.js.map": json({
            version: 3,
            file: "app.3f2a.js",
            sources: ["webpack:///src/api/admin.ts"],
            mappings: "AAAA,SAAS",
          }),
        },
      },
      clean: {
        server: "nginx",
        routes: {
          "/": html(
            '<!doctype html><html><head><script src="/assets/app.3f2a.js"></script></head><body></body></html>',
          ),
        },
      },
    },
  },
  {
    kind: "http.trace-enabled",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTP TRACE method enabled",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    description:
      "The server answers TRACE by echoing the request back, headers included. Combined with another flaw it lets a " +
      "script read headers it should not see (cross-site tracing), and it shows what proxies add to requests.",
    remediation: 'Disable TRACE (Apache "TraceEnable off"; most other servers refuse it by default).',
    references: [
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/06-Test_HTTP_Methods",
      "https://cwe.mitre.org/data/definitions/693.html",
    ],
    cwe: [693],
    http: [
      {
        paths: ["/"],
        method: "TRACE",
        match: [OK, { regex: [/^TRACE \/ HTTP\/1\.[01]\r?\n/] }, { contentType: /message\/http|text\/plain/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "TRACE /": {
            headers: { "content-type": "message/http" },
            body: "TRACE / HTTP/1.1\r\nHost: {{header.host}}\r\nUser-Agent: {{header.user-agent}}\r\n\r\n",
          },
        },
      },
      clean: { server: "apache", routes: { "TRACE /": { status: 405, ...text("Method Not Allowed") } } },
    },
  },
]);
