// Security policies that are sent but do not protect: a Content-Security-Policy that still allows injected or
// evaluated script, or any host; an HSTS lifetime too short to matter. And pages that hand secrets to the network:
// active mixed content, password forms and Basic authentication over plain HTTP, forms posting to HTTP.
import { checks, HTML_PAGE, html, NOT_REDIRECT, type HttpFixture, type Matcher } from "../../declare.ts";

const CSP_REFS = [
  "https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP",
  "https://csp.withgoogle.com/docs/strict-csp.html",
  "https://cwe.mitre.org/data/definitions/693.html",
];
const PAGE = "<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1></body></html>";
const XSS_AID = "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N";
/** The directive that governs scripts: script-src, else default-src (its fallback). */
const scriptSources = (csp: string) => {
  const dirs = csp.split(/[;,]/).map((d) => d.trim().split(/\s+/));
  const find = (name: string) => dirs.find((d) => d[0]?.toLowerCase() === name);
  return (find("script-src") ?? find("default-src"))?.slice(1) ?? null;
};
const CSP_HEADER: Matcher = { part: "header:content-security-policy", regex: [/\S/] };
const cspPair = (bad: string, good: string): { vulnerable: HttpFixture; clean: HttpFixture } => ({
  vulnerable: {
    server: "nginx",
    scheme: "https",
    routes: { "/": html(PAGE, 200, { "content-security-policy": bad }) },
  },
  clean: { server: "nginx", scheme: "https", routes: { "/": html(PAGE, 200, { "content-security-policy": good }) } },
});
/** A CSP check: the home page's script sources, judged by `weak` (null: fine). */
function cspProbe(weak: (sources: string[]) => string | null) {
  return [
    {
      root: true as const,
      match: [NOT_REDIRECT, HTML_PAGE, CSP_HEADER],
      judge: (r: { headers: Record<string, string> }) => {
        const sources = scriptSources(r.headers["content-security-policy"] ?? "");
        const why = sources && weak(sources);
        return why ? { matched: `${why} in: ${r.headers["content-security-policy"]}` } : null;
      },
    },
  ];
}

export default checks([
  {
    kind: "http.csp-unsafe-inline",
    category: "misconfiguration",
    protocol: "http",
    title: "Content-Security-Policy allows inline scripts ('unsafe-inline')",
    severity: "low",
    description:
      "The page's CSP lets scripts run from 'unsafe-inline' without a nonce or hash to override it: an injected " +
      "<script> or event handler runs as if there were no policy, which removes the CSP's main protection against " +
      "cross-site scripting.",
    remediation:
      "Remove 'unsafe-inline' from script-src; move inline scripts to files or give them a per-response nonce " +
      "(script-src 'nonce-…' 'strict-dynamic').",
    references: CSP_REFS,
    cwe: [693, 79],
    cvss: XSS_AID,
    http: cspProbe((s) =>
      s.includes("'unsafe-inline'") && !s.some((x) => /^'(nonce-|sha(256|384|512)-|strict-dynamic)/.test(x))
        ? "'unsafe-inline'"
        : null,
    ),
    fixtures: cspPair(
      "default-src 'self'; script-src 'self' 'unsafe-inline' https://www.googletagmanager.com; object-src 'none'",
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'nonce-r4nd0m' 'strict-dynamic'; object-src 'none'",
    ),
  },
  {
    kind: "http.csp-unsafe-eval",
    category: "misconfiguration",
    protocol: "http",
    title: "Content-Security-Policy allows eval ('unsafe-eval')",
    severity: "info",
    confidence: "confirmed",
    description:
      "The page's CSP allows 'unsafe-eval' for scripts: strings can be run as code (eval, new Function, " +
      "setTimeout with a string), which turns many DOM injection bugs back into script execution.",
    remediation:
      "Remove 'unsafe-eval' from script-src and replace the code that needs it (old template engines, JSONP).",
    references: CSP_REFS,
    cwe: [693, 95],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: cspProbe((s) => (s.includes("'unsafe-eval'") ? "'unsafe-eval'" : null)),
    fixtures: cspPair("default-src 'self'; script-src 'self' 'unsafe-eval'", "default-src 'self'; script-src 'self'"),
  },
  {
    kind: "http.csp-any-script-host",
    category: "misconfiguration",
    protocol: "http",
    title: "Content-Security-Policy allows scripts from any host (*, https:, data:)",
    severity: "low",
    description:
      "The page's CSP lets scripts load from any host (*, a bare scheme such as https: or http:) or from data: " +
      "URLs: an attacker who can inject a tag loads script from a server of theirs, so the policy stops nothing.",
    remediation:
      "List the script hosts you use (or use nonces with 'strict-dynamic'); never *, https:, http: or data:.",
    references: CSP_REFS,
    cwe: [693, 79],
    cvss: XSS_AID,
    http: cspProbe((s) => {
      const any = s.find((x) => /^(\*|https?:|data:|blob:)$/i.test(x));
      return any && !s.includes("'strict-dynamic'") ? any : null;
    }),
    fixtures: cspPair(
      "default-src 'self'; script-src 'self' https: data:",
      "default-src 'self'; script-src 'self' https://cdn.example.com",
    ),
  },
  {
    kind: "http.hsts-short-max-age",
    category: "misconfiguration",
    protocol: "http",
    title: "HSTS max-age shorter than six months",
    severity: "info",
    confidence: "confirmed",
    description:
      "The site sends Strict-Transport-Security with a max-age under six months: browsers forget the HTTPS-only " +
      "rule soon after a visit, so an infrequent visitor can be downgraded to HTTP again (the HSTS preload list " +
      "requires a year).",
    remediation: 'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" (a year) once HTTPS is stable.',
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Strict-Transport-Security",
      "https://hstspreload.org/",
      "https://cwe.mitre.org/data/definitions/523.html",
    ],
    cwe: [523],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: [
      {
        root: true,
        scheme: "https",
        match: [NOT_REDIRECT, { part: "header:strict-transport-security", regex: [/max-age\s*=\s*"?[1-9]/i] }],
        judge: (r) => {
          const age = Number(/max-age\s*=\s*"?(\d+)/i.exec(r.headers["strict-transport-security"] ?? "")?.[1] ?? 0);
          return age > 0 && age < 15_552_000
            ? { matched: r.headers["strict-transport-security"]!, details: { maxAge: age } }
            : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: { "/": html(PAGE, 200, { "strict-transport-security": "max-age=3600" }) },
      },
      clean: {
        server: "nginx",
        scheme: "https",
        routes: { "/": html(PAGE, 200, { "strict-transport-security": "max-age=31536000; includeSubDomains" }) },
      },
    },
  },
  {
    kind: "http.hsts-without-subdomains",
    category: "misconfiguration",
    protocol: "http",
    title: "HSTS does not cover subdomains (no includeSubDomains)",
    severity: "info",
    confidence: "confirmed",
    description:
      "The site's Strict-Transport-Security lacks includeSubDomains: its subdomains can still be reached over " +
      "plain HTTP, where an attacker on the network can set cookies for the parent domain (cookie tossing) or " +
      "phish under a trusted name; the domain cannot be preloaded either.",
    remediation:
      'Once every subdomain serves HTTPS, send "Strict-Transport-Security: max-age=31536000; includeSubDomains" ' +
      "from the registrable domain.",
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Strict-Transport-Security",
      "https://www.rfc-editor.org/rfc/rfc6797#section-14.4",
    ],
    cwe: [523],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    http: [
      {
        root: true,
        scheme: "https",
        match: [
          NOT_REDIRECT,
          { part: "header:strict-transport-security", regex: [/max-age\s*=\s*"?[1-9]/i] },
          { part: "header:strict-transport-security", regex: [/includesubdomains/i], negative: true },
        ],
        extract: [{ name: "header", regex: /^(.+)$/, part: "header:strict-transport-security" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: { "/": html(PAGE, 200, { "strict-transport-security": "max-age=31536000" }) },
        expect: { extracted: { header: "max-age=31536000" } },
      },
      clean: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/": html(PAGE, 200, { "strict-transport-security": "max-age=31536000; includeSubDomains; preload" }),
        },
      },
    },
  },
  {
    kind: "http.mixed-content",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTPS page loads scripts, styles or frames over plain HTTP (mixed content)",
    severity: "medium",
    description:
      "The HTTPS home page loads active content (a script, stylesheet or frame) from an http:// address: anyone on " +
      "the network path can replace it and take over the page, undoing HTTPS (browsers block it, breaking the page).",
    remediation:
      'Load every resource over https:// (or relative URLs), and send "Content-Security-Policy: ' +
      'upgrade-insecure-requests" while fixing them.',
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/Security/Mixed_content",
      "https://cwe.mitre.org/data/definitions/319.html",
    ],
    cwe: [319, 829],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    http: [
      {
        root: true,
        scheme: "https",
        match: [
          NOT_REDIRECT,
          HTML_PAGE,
          {
            regex: [
              /<(script|iframe)\b[^>]*\ssrc\s*=\s*["']?http:\/\//i,
              /<link\b(?=[^>]*stylesheet)[^>]*\shref\s*=\s*["']?http:\/\//i,
            ],
            condition: "or",
          },
        ],
        extract: [{ name: "resource", regex: /\s(?:src|href)\s*=\s*["']?(http:\/\/[^"'\s>]+)/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: {
          "/": html(
            "<!doctype html><html><head><script " +
              'src="http://cdn.example.net/jquery.min.js"></script></head><body>Shop</body></html>',
          ),
        },
        expect: { extracted: { resource: "http://cdn.example.net/jquery.min.js" } },
      },
      // A plain link to an http:// page is not loaded content.
      clean: {
        server: "apache",
        scheme: "https",
        routes: {
          "/": html(
            "<!doctype html><html><head><script " +
              'src="https://cdn.example.net/jquery.min.js"></script></head><body><a ' +
              'href="http://partner.example.net/">Partner</a></body></html>',
          ),
        },
      },
    },
  },
  {
    kind: "http.password-form-over-http",
    category: "misconfiguration",
    protocol: "http",
    title: "Password form served over plain HTTP",
    severity: "medium",
    description:
      "The plain-HTTP home page (not redirected to HTTPS) contains a password field: the passwords typed into it " +
      "cross the network in clear, and the form itself can be altered in transit to send them elsewhere.",
    remediation: "Serve the site over HTTPS only: redirect every HTTP request to HTTPS and send HSTS.",
    references: [
      "https://owasp.org/www-community/vulnerabilities/Insecure_Transport",
      "https://cwe.mitre.org/data/definitions/319.html",
    ],
    cwe: [319, 523],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:N/A:N",
    http: [
      {
        root: true,
        scheme: "http",
        match: [NOT_REDIRECT, HTML_PAGE, { regex: [/<input\b[^>]*\btype\s*=\s*["']?password\b/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/": html(
            '<!doctype html><html><body><form method="post" action="/login"><input name="user"><input ' +
              'type="password" name="pass"></form></body></html>',
          ),
        },
      },
      clean: {
        server: "apache",
        routes: {
          "/": html('<!doctype html><html><body><form action="/search"><input name="q"></form></body></html>'),
        },
      },
    },
  },
  {
    kind: "http.form-posts-to-http",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTPS page submits a form to a plain HTTP address",
    severity: "medium",
    description:
      "A form on the HTTPS home page posts to an http:// address: what users type into it (logins, searches, " +
      "personal data) leaves the browser unencrypted, whatever the page's padlock says.",
    remediation: "Point the form's action at https:// (or a relative URL).",
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/Security/Mixed_content",
      "https://cwe.mitre.org/data/definitions/319.html",
    ],
    cwe: [319],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:N/A:N",
    http: [
      {
        root: true,
        scheme: "https",
        match: [NOT_REDIRECT, HTML_PAGE, { regex: [/<form\b[^>]*\saction\s*=\s*["']?http:\/\//i] }],
        extract: [{ name: "action", regex: /<form\b[^>]*\saction\s*=\s*["']?(http:\/\/[^"'\s>]+)/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        scheme: "https",
        routes: {
          "/": html(
            '<!doctype html><html><body><form method="post" action="http://www.fixture.test/login.aspx"><input ' +
              'type="password" name="p"></form></body></html>',
          ),
        },
      },
      clean: {
        server: "iis",
        scheme: "https",
        routes: {
          "/": html(
            '<!doctype html><html><body><form method="post" action="https://www.fixture.test/login.aspx"><input ' +
              'type="password" name="p"></form></body></html>',
          ),
        },
      },
    },
  },
  {
    kind: "http.basic-auth-over-http",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTP Basic authentication asked over plain HTTP",
    severity: "medium",
    description:
      "The plain-HTTP site asks for a password with HTTP Basic authentication: browsers then send the user name " +
      "and password, merely base64-encoded, with every request, readable by anyone on the network path.",
    remediation:
      "Serve the protected area over HTTPS only (redirect HTTP to HTTPS before the 401), or use a login form " +
      "over HTTPS.",
    references: ["https://www.rfc-editor.org/rfc/rfc7617#section-4", "https://cwe.mitre.org/data/definitions/319.html"],
    cwe: [319, 523],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:N/A:N",
    http: [
      {
        root: true,
        scheme: "http",
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/^\s*Basic\b/i] }],
        extract: [{ name: "realm", regex: /realm="([^"]*)"/i, part: "header:www-authenticate" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/": {
            status: 401,
            headers: { "www-authenticate": 'Basic realm="Restricted Area"', "content-type": "text/html" },
            body: "<html><body>401 Unauthorized</body></html>",
          },
        },
        expect: { extracted: { realm: "Restricted Area" } },
      },
      // Redirected to HTTPS before any password is asked.
      clean: { server: "apache", routes: { "/": { status: 301, headers: { location: "https://www.fixture.test/" } } } },
    },
  },
]);
