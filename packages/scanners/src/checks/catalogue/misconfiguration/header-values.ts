// Headers and pages that are there but say the wrong thing: an X-Frame-Options browsers ignore, a referrer policy
// that leaks full URLs, third-party scripts without integrity, write methods offered or WebDAV answering, IIS
// detailed errors, and a web server still showing its installation page.
import { checks, HTML_PAGE, html, NOT_REDIRECT } from "../../declare.ts";

const PAGE = "<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1></body></html>";
const HEADERS_REFS = [
  "https://owasp.org/www-project-secure-headers/",
  "https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html",
];
/** Public CDNs whose files a site should pin with Subresource Integrity. */
const CDN_HOSTS = [
  "cdnjs.cloudflare.com",
  "cdn.jsdelivr.net",
  "unpkg.com",
  "code.jquery.com",
  "ajax.googleapis.com",
  "ajax.aspnetcdn.com",
  "stackpath.bootstrapcdn.com",
  "maxcdn.bootstrapcdn.com",
  "cdn.rawgit.com",
  "rawcdn.githack.com",
];
const CDN_SCRIPT = new RegExp(
  String.raw`<script\b(?![^>]*\bintegrity\s*=)[^>]*\bsrc\s*=\s*["']?(?:https?:)?\/\/(` +
    CDN_HOSTS.map((h) => h.replace(/\./g, "\\.")).join("|") +
    String.raw`)\/`,
  "i",
);
/** The <title> of web servers' installation pages. */
const DEFAULT_PAGE_TITLES = [
  "Welcome to nginx!",
  "Apache2 (Ubuntu|Debian) Default Page: It works",
  "Test Page for the (Apache HTTP Server|HTTP Server|Nginx HTTP Server) on",
  String.raw`IIS\d* Windows Server`,
  String.raw`Apache Tomcat\/[\d.]+`,
  "Welcome to CentOS",
  "Welcome to Red Hat Enterprise Linux",
];

export default checks([
  {
    kind: "http.x-frame-options-allow-from",
    category: "misconfiguration",
    protocol: "http",
    title: "Clickjacking protection relies on X-Frame-Options ALLOW-FROM (ignored by browsers)",
    severity: "low",
    description:
      "The page's only framing rule is X-Frame-Options: ALLOW-FROM, which current browsers ignore: any site can " +
      "frame the page and trick visitors into clicking on it (clickjacking).",
    remediation:
      "Replace ALLOW-FROM with \"Content-Security-Policy: frame-ancestors 'self' https://partner.example\" (keep " +
      "X-Frame-Options: SAMEORIGIN for old browsers).",
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Frame-Options#allow-from_origin",
      ...HEADERS_REFS,
    ],
    cwe: [1021],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N",
    http: [
      {
        root: true,
        match: [
          NOT_REDIRECT,
          HTML_PAGE,
          { part: "header:x-frame-options", regex: [/^\s*allow-from\b/i] },
          { part: "header:content-security-policy", regex: [/frame-ancestors/i], negative: true },
        ],
        extract: [{ name: "header", regex: /^(.+)$/, part: "header:x-frame-options" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: { "/": html(PAGE, 200, { "x-frame-options": "ALLOW-FROM https://portal.fixture.test" }) },
      },
      clean: {
        server: "iis",
        routes: {
          "/": html(PAGE, 200, {
            "x-frame-options": "ALLOW-FROM https://portal.fixture.test",
            "content-security-policy": "frame-ancestors 'self' https://portal.fixture.test",
          }),
        },
      },
    },
  },
  {
    kind: "http.referrer-policy-unsafe-url",
    category: "misconfiguration",
    protocol: "http",
    title: "Referrer-Policy sends full URLs everywhere (unsafe-url)",
    severity: "low",
    description:
      "The page sets Referrer-Policy: unsafe-url: browsers send the full address of the page, query string " +
      "included (reset tokens, session ids, search terms), to every other site it links to or loads from, even " +
      "over plain HTTP.",
    remediation: 'Send "Referrer-Policy: strict-origin-when-cross-origin" (the browsers\' default) or stricter.',
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Referrer-Policy",
      "https://cwe.mitre.org/data/definitions/598.html",
    ],
    cwe: [200, 598],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: [
      {
        root: true,
        match: [NOT_REDIRECT, { part: "header:referrer-policy", regex: [/(^|,)\s*unsafe-url\s*$/i] }],
        matched: "Referrer-Policy: unsafe-url",
      },
    ],
    fixtures: {
      vulnerable: { server: "nginx", routes: { "/": html(PAGE, 200, { "referrer-policy": "unsafe-url" }) } },
      // The last policy a browser understands wins: here strict-origin-when-cross-origin.
      clean: {
        server: "nginx",
        routes: { "/": html(PAGE, 200, { "referrer-policy": "unsafe-url, strict-origin-when-cross-origin" }) },
      },
    },
  },
  {
    kind: "http.script-without-integrity",
    category: "misconfiguration",
    protocol: "http",
    title: "Third-party CDN script loaded without Subresource Integrity",
    severity: "low",
    description:
      "The home page loads a script from a public CDN without an integrity hash: if the CDN or the package is " +
      "compromised (as polyfill.io was in 2024), the altered script runs in the site's pages with the visitors' " +
      "sessions.",
    remediation:
      'Add integrity="sha384-…" and crossorigin="anonymous" to the tag (the CDN lists the hashes), or serve the ' +
      "file from your own origin.",
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/Security/Subresource_Integrity",
      "https://cwe.mitre.org/data/definitions/353.html",
    ],
    cwe: [353, 829],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    http: [
      {
        root: true,
        match: [NOT_REDIRECT, HTML_PAGE, { regex: [CDN_SCRIPT] }],
        extract: [{ name: "script", regex: /<script\b(?![^>]*\bintegrity\s*=)[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/": html(
            "<!doctype html><html><head>" +
              '<script src="https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js"></script>' +
              "</head><body>Shop</body></html>",
          ),
        },
        expect: { extracted: { script: "https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js" } },
      },
      clean: {
        server: "nginx",
        routes: {
          "/": html(
            "<!doctype html><html><head><script " +
              'src="https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js" ' +
              'integrity="sha384-1H217gwSVyLSIfaLxHbE7dRb3v4mYCKbpQvzx0cegeju1MVsGrX5xXxAvs/HgeFs" ' +
              'crossorigin="anonymous"></script><script ' +
              'src="/static/app.js"></script></head><body>Shop</body></html>',
          ),
        },
      },
    },
  },
  {
    kind: "http.write-methods-allowed",
    category: "misconfiguration",
    protocol: "http",
    title: "Web server offers PUT or DELETE on its root",
    severity: "low",
    confidence: "firm",
    description:
      "OPTIONS on the site's root lists PUT or DELETE among the allowed methods: if they are really honoured " +
      "(WebDAV, a misconfigured handler, Tomcat's readonly=false), anyone can upload or delete files. Only the " +
      "announcement was observed; nothing was written.",
    remediation:
      "Allow only the methods the site uses (nginx limit_except GET POST; Apache <LimitExcept GET POST HEAD>; IIS " +
      "request filtering verbs; Tomcat DefaultServlet readonly=true).",
    references: [
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/06-Test_HTTP_Methods",
      "https://cwe.mitre.org/data/definitions/749.html",
    ],
    cwe: [749, 650],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:L/A:N",
    http: [
      {
        method: "OPTIONS",
        paths: ["/"],
        match: [
          { status: [200, 204] },
          {
            any: [
              { part: "header:allow", regex: [/\b(PUT|DELETE)\b/] },
              { part: "header:public", regex: [/\b(PUT|DELETE)\b/] },
            ],
          },
        ],
        extract: [{ name: "allow", regex: /^(.+)$/, part: "header:allow" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: { "OPTIONS /": { status: 200, headers: { allow: "GET, HEAD, POST, PUT, DELETE, OPTIONS" }, body: "" } },
        expect: { extracted: { allow: "GET, HEAD, POST, PUT, DELETE, OPTIONS" } },
      },
      clean: {
        server: "tomcat",
        routes: { "OPTIONS /": { status: 200, headers: { allow: "GET, HEAD, POST, OPTIONS" }, body: "" } },
      },
    },
  },
  {
    kind: "http.webdav-enabled",
    category: "misconfiguration",
    protocol: "http",
    title: "WebDAV enabled on the web server",
    severity: "medium",
    description:
      "The web server answers WebDAV's PROPFIND with a multi-status listing: WebDAV lets clients list, and when " +
      "write access is misconfigured upload or overwrite files (a classic path to a web shell), and has a long " +
      "record of vulnerabilities (IIS 6 CVE-2017-7269).",
    remediation:
      "Disable WebDAV where it is not used (IIS: remove the WebDAV Publishing role service; Apache: remove Dav On " +
      "and mod_dav; nginx: drop dav_methods), or require authentication for every DAV method.",
    references: ["https://www.rfc-editor.org/rfc/rfc4918", "https://cwe.mitre.org/data/definitions/650.html"],
    cwe: [650, 749],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        method: "PROPFIND",
        paths: ["/"],
        headers: { depth: "0", "content-type": "application/xml" },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>',
        match: [{ status: [207] }, { regex: [/<([a-z]+:)?multistatus\b[^>]*DAV:/i, /<([a-z]+:)?response\b/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "PROPFIND /": {
            status: 207,
            headers: { "content-type": 'text/xml; charset="utf-8"' },
            body:
              '<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:"><D:response><D:href>/</D:href>' +
              "<D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop>" +
              "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>\n",
          },
        },
      },
      clean: {
        server: "apache",
        routes: { "PROPFIND /": { status: 405, headers: { allow: "GET,HEAD,POST,OPTIONS" }, body: "" } },
      },
    },
  },
  {
    kind: "http.iis-detailed-errors",
    category: "misconfiguration",
    protocol: "http",
    title: "IIS shows detailed error pages to remote visitors",
    severity: "low",
    description:
      "IIS answers a missing page with its detailed error page, which shows the site's physical path on disk, " +
      "the handler and module that ran and the logon method: a map for attackers aiming at the server.",
    remediation:
      'Set <httpErrors errorMode="DetailedLocalOnly" /> (the default) in web.config or applicationHost.config, and ' +
      'customErrors mode="RemoteOnly" for ASP.NET.',
    references: [
      "https://learn.microsoft.com/en-us/iis/configuration/system.webserver/httperrors/",
      "https://cwe.mitre.org/data/definitions/209.html",
    ],
    cwe: [209, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/ems-check-missing-page.aspx"],
        match: [{ regex: [/Detailed Error Information/i, /Physical Path<\/th>\s*<td>(&nbsp;)*\s*[A-Z]:\\/i] }],
        extract: [
          { name: "physicalPath", regex: /Physical Path<\/th>\s*<td>(?:&nbsp;)*\s*([A-Z]:\\[^<]+?)\s*<\/td>/i },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/ems-check-missing-page.aspx": html(
            "<!DOCTYPE html><html><head><title>IIS 10.0 Detailed Error - 404.0 - Not " +
              'Found</title></head><body><div id="content"><h3>HTTP Error 404.0 - Not Found</h3>' +
              "<fieldset><h4>Detailed Error Information:</h4><table>" +
              "<tr><th>Module</th><td>&nbsp;&nbsp;&nbsp;IIS Web Core</td></tr>" +
              "<tr><th>Physical Path</th><td>&nbsp;&nbsp;&nbsp;" +
              "C:\\inetpub\\wwwroot\\shop\\ems-check-missing-page.aspx</td></tr>" +
              "</table></fieldset></div></body></html>",
            404,
          ),
        },
        expect: { extracted: { physicalPath: "C:\\inetpub\\wwwroot\\shop\\ems-check-missing-page.aspx" } },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.default-web-page",
    category: "misconfiguration",
    protocol: "http",
    title: "Web server shows its installation default page",
    severity: "info",
    confidence: "firm",
    description:
      "The site's home page is the web server's own test page (nginx, Apache, IIS, Tomcat): a server left as " +
      "installed, often forgotten, unpatched and unmonitored, or a virtual host that is not configured.",
    remediation:
      "Remove the default site (nginx sites-enabled/default, Apache 000-default, IIS Default Web Site) or shut " +
      "the server down.",
    references: [
      "https://cwe.mitre.org/data/definitions/1188.html",
      "https://owasp.org/Top10/A05_2021-Security_Misconfiguration/",
    ],
    cwe: [1188],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N",
    http: [
      {
        root: true,
        match: [
          HTML_PAGE,
          {
            regex: [new RegExp(`<title>(${DEFAULT_PAGE_TITLES.join("|")})`, "i")],
          },
        ],
        extract: [{ name: "page", regex: /<title>([^<]+)<\/title>/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/": html(
            "<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n</head>\n<body>\n<h1>Welcome to " +
              "nginx!</h1>\n<p>If you see this page, the nginx web server is successfully installed and " +
              "working.</p>\n</body>\n</html>\n",
          ),
        },
        expect: { extracted: { page: "Welcome to nginx!" } },
      },
      clean: { server: "nginx", routes: { "/": html(PAGE) } },
    },
  },
]);
