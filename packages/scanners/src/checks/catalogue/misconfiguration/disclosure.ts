// What a site tells or allows more than it should: cross-domain policy files open to every site, robots.txt naming
// private areas, private addresses in headers, a Host it takes from the request, and stack traces in error pages.
// Each proven by the content of the answer.
import { checks, html, NOT_HTML, NOT_REDIRECT, text } from "../../declare.ts";

const XML = (body: string) => ({ status: 200, headers: { "content-type": "text/xml" }, body });
const PAGE = "<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1></body></html>";
/** RFC 1918 and carrier-grade NAT addresses, as they appear in headers and URLs. */
const PRIVATE_IP = new RegExp(
  String.raw`(?:^|[\s/@=,;:"'(])(` +
    [
      String.raw`10(?:\.\d{1,3}){3}`,
      String.raw`192\.168(?:\.\d{1,3}){2}`,
      String.raw`172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}`,
    ].join("|") +
    String.raw`)(?![\d.])`,
);
const INJECTED_HOST = "ems-host-check.exposure-monitor.invalid";
/** Error pages of Java, .NET, Python, PHP, Node.js and Ruby with the code's frames in them. */
const STACK_TRACE = new RegExp(
  [
    /\n\s+at (?:java|javax|jakarta|org\.(?:apache|springframework|hibernate)|com\.sun)\.[\w$.]+\([\w$]+\.java:\d+\)/,
    /<b>\s*Stack Trace:\s*<\/b>[\s\S]{0,400}\[\w+Exception/,
    /Traceback \(most recent call last\):\s*\n\s+File "[^"]+", line \d+/,
    /<b>(?:Fatal|Parse) error<\/b>:[^\n]{0,300} in <b>\/[^<]+\.php<\/b> on line <b>\d+/,
    /\n\s+at [\w.<>]+ \((?:\/|[A-Z]:\\)[^)]+\.js:\d+:\d+\)/,
    /\/app\/controllers\/[\w/]+\.rb:\d+:in `/,
  ]
    .map((r) => r.source)
    .join("|"),
);
/** Paths that look private in a robots.txt Disallow line (WordPress's own /wp-admin/ aside). */
const PRIVATE_AREA = `(?:${[
  String.raw`(?<!wp-)admin(?!-ajax)`,
  "administrator",
  "backups?",
  "private",
  "internal",
  "secret",
  "staging",
  "phpmyadmin",
  "console",
  "manager",
  "cpanel",
  String.raw`\.git`,
  "config",
  "db",
  "sql",
  "dump",
].join("|")})`;

export default checks([
  {
    kind: "http.crossdomain-wildcard",
    category: "misconfiguration",
    protocol: "http",
    title: "crossdomain.xml lets any site read this one (Flash / Silverlight)",
    severity: "medium",
    description:
      '/crossdomain.xml allows access from domain="*": clients that honour it (Flash, Silverlight, some PDF and ' +
      "Java plug-ins and thick clients) let any website read this site's responses with the visitor's cookies.",
    remediation:
      "Delete crossdomain.xml if nothing needs it (Flash is dead), or list only your own domains in " +
      "allow-access-from.",
    references: [
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/08-Test_RIA_Cross_Domain_Policy",
      "https://cwe.mitre.org/data/definitions/942.html",
    ],
    cwe: [942],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/crossdomain.xml"],
        match: [{ regex: [/<cross-domain-policy\b/i, /<allow-access-from\b[^>]*\bdomain\s*=\s*["']\*["']/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/crossdomain.xml": XML(
            '<?xml version="1.0"?>\n<cross-domain-policy>\n  <allow-access-from domain="*" ' +
              "/>\n</cross-domain-policy>\n",
          ),
        },
      },
      clean: {
        server: "apache",
        routes: {
          "/crossdomain.xml": XML(
            '<?xml version="1.0"?>\n<cross-domain-policy>\n  <allow-access-from domain="*.fixture.test" ' +
              "/>\n</cross-domain-policy>\n",
          ),
        },
      },
    },
  },
  {
    kind: "http.clientaccesspolicy-wildcard",
    category: "misconfiguration",
    protocol: "http",
    title: "clientaccesspolicy.xml lets any site read this one (Silverlight)",
    severity: "medium",
    description:
      '/clientaccesspolicy.xml grants <domain uri="*"/>: Silverlight and the clients that honour its policy let ' +
      "any website call this site with the visitor's cookies and read the answers.",
    remediation: "Delete clientaccesspolicy.xml if nothing needs it, or allow only your own domains.",
    references: [
      "https://learn.microsoft.com/en-us/previous-versions/windows/silverlight/dotnet-windows-silverlight/cc197955(v=vs.95)",
      "https://cwe.mitre.org/data/definitions/942.html",
    ],
    cwe: [942],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/clientaccesspolicy.xml"],
        match: [{ regex: [/<access-policy\b/i, /<domain\s+uri\s*=\s*["']\*["']/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/clientaccesspolicy.xml": XML(
            '<?xml version="1.0" encoding="utf-8"?>\n<access-policy><cross-domain-access><policy>' +
              '<allow-from http-request-headers="*"><domain uri="*"/></allow-from>' +
              '<grant-to><resource path="/" ' +
              'include-subpaths="true"/></grant-to></policy></cross-domain-access></access-policy>',
          ),
        },
      },
      clean: {
        server: "iis",
        routes: {
          "/clientaccesspolicy.xml": XML(
            '<?xml version="1.0" encoding="utf-8"?>\n<access-policy><cross-domain-access><policy>' +
              '<allow-from><domain uri="https://app.fixture.test"/></allow-from>' +
              '<grant-to><resource path="/api/public" ' +
              'include-subpaths="false"/></grant-to></policy></cross-domain-access></access-policy>',
          ),
        },
      },
    },
  },
  {
    kind: "http.robots-sensitive-paths",
    category: "misconfiguration",
    protocol: "http",
    title: "robots.txt names private areas (admin, backup, internal…)",
    severity: "info",
    confidence: "confirmed",
    description:
      "robots.txt asks search engines to stay out of paths that look private (admin consoles, backups, internal or " +
      "staging areas): anyone reading it gets a map of where to look. robots.txt is not access control.",
    remediation:
      "Protect those paths with authentication (or remove them from the public site) and drop them from " +
      "robots.txt; use noindex headers for pages that must merely stay out of search results.",
    references: ["https://www.rfc-editor.org/rfc/rfc9309#section-3", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N",
    http: [
      {
        paths: ["/robots.txt"],
        match: [
          NOT_HTML,
          { regex: [/^\s*user-agent\s*:/im] },
          {
            regex: [new RegExp(String.raw`^\s*disallow\s*:\s*\/[\w./-]*\b${PRIVATE_AREA}\b`, "im")],
          },
        ],
        extract: [
          {
            name: "paths",
            regex: new RegExp(String.raw`^\s*disallow\s*:\s*(\/[\w./-]*\b${PRIVATE_AREA}\b[\w./-]*)`, "gim"),
            all: true,
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/robots.txt": text("User-agent: *\nDisallow: /search\nDisallow: /backup/\nDisallow: /internal-admin/\n"),
        },
        expect: { extracted: { paths: ["/backup/", "/internal-admin/"] } },
      },
      clean: {
        server: "nginx",
        routes: {
          "/robots.txt": text(
            "User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\nDisallow: /cart\n",
          ),
        },
      },
    },
  },
  {
    kind: "http.private-ip-disclosure",
    category: "misconfiguration",
    protocol: "http",
    title: "Private IP address disclosed in response headers",
    severity: "low",
    description:
      "A response header (Location, Content-Location, Via, X-Backend-Server…) carries an internal address " +
      "(10/8, 172.16/12, 192.168/16): it maps the network behind the site for later attacks.",
    remediation:
      "Configure the server or proxy to use its public name in redirects (IIS: set alternateHostName or a host " +
      "binding; Apache: ServerName and UseCanonicalName On) and strip backend headers at the edge.",
    references: [
      "https://portswigger.net/kb/issues/00600300_private-ip-addresses-disclosed",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        root: true,
        match: [{ part: "headers", regex: [PRIVATE_IP] }],
        extract: [{ name: "address", regex: PRIVATE_IP, part: "headers" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/": html(PAGE, 200, {
            "x-backend-server": "10.20.4.17:8080",
            "content-location": "http://10.20.4.17/Default.htm",
          }),
        },
        expect: { extracted: { address: "10.20.4.17" } },
      },
      clean: {
        server: "iis",
        routes: { "/": html(PAGE, 200, { "content-location": "https://www.fixture.test/Default.htm" }) },
      },
    },
  },
  {
    kind: "http.host-header-injection",
    category: "misconfiguration",
    protocol: "http",
    title: "Site builds its links from a forwarded Host header (host header injection)",
    severity: "medium",
    confidence: "firm",
    description:
      "The site put a host name sent in X-Forwarded-Host into its redirect or the links of its page. Behind a " +
      "shared cache that poisons the page for every visitor, and password-reset mails built the same way send " +
      "reset links to the attacker's host.",
    remediation:
      "Build absolute URLs from a configured canonical host (Django ALLOWED_HOSTS and USE_X_FORWARDED_HOST = False; " +
      "Rails config.hosts; Symfony trusted_hosts) and only trust X-Forwarded-Host from your own proxies.",
    references: [
      "https://portswigger.net/web-security/host-header",
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/17-Testing_for_Host_Header_Injection",
      "https://cwe.mitre.org/data/definitions/644.html",
    ],
    cwe: [644, 20],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    http: [
      {
        paths: ["/"],
        headers: { "x-forwarded-host": INJECTED_HOST },
        match: [
          {
            any: [
              { part: "header:location", regex: [/^https?:\/\/ems-host-check\.exposure-monitor\.invalid\b/i] },
              {
                regex: [
                  /(src|href|action|content)\s*=\s*["']?(https?:)?\/\/ems-host-check\.exposure-monitor\.invalid\b/i,
                ],
              },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/": html(
            '<!doctype html><html><head><link rel="canonical" ' +
              'href="https://{{header.x-forwarded-host}}/"><script ' +
              'src="//{{header.x-forwarded-host}}/static/app.js"></script></head><body>Shop</body></html>',
          ),
        },
      },
      clean: {
        server: "express",
        routes: {
          "/": html(
            '<!doctype html><html><head><link rel="canonical" ' +
              'href="https://www.fixture.test/"></head><body>Shop</body></html>',
          ),
        },
      },
    },
  },
  {
    kind: "http.stack-trace",
    category: "misconfiguration",
    protocol: "http",
    title: "Error page shows a stack trace",
    severity: "low",
    description:
      "An error page of the site shows the application's stack trace (Java, .NET, Python, PHP, Node.js or Ruby): " +
      "file paths, framework and library versions and code structure that help attackers aim, sometimes with " +
      "the values of variables.",
    remediation:
      'Turn detailed errors off in production (ASP.NET customErrors mode="RemoteOnly"; PHP display_errors = Off; ' +
      "Express NODE_ENV=production; Spring server.error.include-stacktrace=never; Tomcat ErrorReportValve " +
      "showReport=false) and log the details instead.",
    references: [
      "https://owasp.org/www-community/Improper_Error_Handling",
      "https://cwe.mitre.org/data/definitions/209.html",
    ],
    cwe: [209, 497],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      // The home page, and a path with a broken percent-escape that many frameworks fail to decode.
      { root: true, match: [NOT_REDIRECT, { regex: [STACK_TRACE] }] },
      { paths: ["/%ems"], match: [{ regex: [STACK_TRACE] }] },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "express",
          routes: {
            "/%ems": html(
              '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta ' +
                'charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
                "<pre>URIError: Failed to decode param &#39;/%ems&#39;<br> &nbsp; &nbsp;at decodeURIComponent " +
                "(&lt;anonymous&gt;)<br>\n" +
                "    at decode_param " +
                "(/srv/app/node_modules/express/lib/router/layer.js:172:12)\n</pre>\n</body>\n</html>\n",
              400,
            ),
          },
        },
        {
          server: "tomcat",
          routes: {
            "/": html(
              "<!doctype html><html><head><title>HTTP Status 500 – Internal Server Error</title></head><body>" +
                "<h1>HTTP Status 500 – Internal Server " +
                "Error</h1><p><b>Exception</b></p><pre>java.lang.NullPointerException\n" +
                "\tat com.acme.shop.HomeController.index(HomeController.java:42)\n" +
                "\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:897)\n" +
                "</pre></body></html>",
              500,
            ),
          },
        },
      ],
      clean: {
        server: "express",
        routes: {
          "/%ems": html(
            '<!DOCTYPE html><html lang="en"><head><title>Error</title></head><body><pre>Bad ' +
              "Request</pre></body></html>",
            400,
          ),
        },
      },
    },
  },
]);
