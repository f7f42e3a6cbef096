// Security headers missing from the home page (the policies that protect documents are judged on HTML pages only).
import { checks, HTML_PAGE, html, NOT_REDIRECT, type HttpFixture } from "../../declare.ts";

const HEADERS_REFS = [
  "https://owasp.org/www-project-secure-headers/",
  "https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html",
];
const PAGE = "<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome</h1></body></html>";

/** The home page with every protective header but `without`, and its twin with all of them. */
const HARDENED: Record<string, string> = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};
const without = (header: string) => Object.fromEntries(Object.entries(HARDENED).filter(([k]) => k !== header));
function pair(header: string, scheme: "http" | "https" = "https"): { vulnerable: HttpFixture; clean: HttpFixture } {
  return {
    vulnerable: { server: "nginx", scheme, routes: { "/": html(PAGE, 200, without(header)) } },
    clean: { server: "nginx", scheme, routes: { "/": html(PAGE, 200, HARDENED) } },
  };
}

export default checks([
  {
    kind: "http.missing-header.strict-transport-security",
    category: "misconfiguration",
    protocol: "http",
    title: "Strict-Transport-Security header missing",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    description:
      "The HTTPS home page answers without HSTS (or with max-age=0). A browser may still try plain HTTP first (typed " +
      "addresses, old links), where an attacker on the network can strip HTTPS.",
    remediation: 'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on HTTPS responses.',
    references: [
      "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Strict-Transport-Security",
      ...HEADERS_REFS,
    ],
    cwe: [319, 523],
    http: [
      {
        root: true,
        scheme: "https",
        match: [
          NOT_REDIRECT,
          { part: "header:strict-transport-security", regex: [/max-age\s*=\s*"?[1-9]/i], negative: true },
        ],
        matched: "strict-transport-security",
      },
    ],
    fixtures: pair("strict-transport-security"),
  },
  {
    kind: "http.missing-header.content-security-policy",
    category: "misconfiguration",
    protocol: "http",
    title: "Content-Security-Policy header missing",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "The home page answers without a Content Security Policy, which limits where scripts, styles and frames may " +
      "come from and turns many cross-site scripting bugs into harmless ones.",
    remediation:
      "Send a Content-Security-Policy; start with \"default-src 'self'\" (in Report-Only mode to tune it) and " +
      "tighten from there.",
    references: ["https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP", ...HEADERS_REFS],
    cwe: [1021, 693],
    http: [
      {
        root: true,
        match: [NOT_REDIRECT, HTML_PAGE, { part: "header:content-security-policy", regex: [/\S/], negative: true }],
        matched: "content-security-policy",
      },
    ],
    fixtures: pair("content-security-policy"),
  },
  {
    kind: "http.missing-header.x-frame-options",
    category: "misconfiguration",
    protocol: "http",
    title: "Clickjacking protection missing (X-Frame-Options / frame-ancestors)",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "Any site can load the home page in an invisible frame and trick visitors into clicking buttons on it " +
      "(clickjacking).",
    remediation:
      'Send "X-Frame-Options: DENY" (or SAMEORIGIN), or "frame-ancestors \'none\'" in the Content-Security-Policy.',
    references: ["https://owasp.org/www-community/attacks/Clickjacking", ...HEADERS_REFS],
    cwe: [1021],
    http: [
      {
        root: true,
        match: [
          NOT_REDIRECT,
          HTML_PAGE,
          { part: "header:x-frame-options", regex: [/\S/], negative: true },
          { part: "header:content-security-policy", regex: [/frame-ancestors/i], negative: true },
        ],
        matched: "x-frame-options",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/": html(PAGE, 200, { ...without("x-frame-options"), "content-security-policy": "default-src 'self'" }),
        },
      },
      // frame-ancestors in the policy protects as well as the header.
      clean: { server: "nginx", scheme: "https", routes: { "/": html(PAGE, 200, without("x-frame-options")) } },
    },
  },
  {
    kind: "http.missing-header.x-content-type-options",
    category: "misconfiguration",
    protocol: "http",
    title: "X-Content-Type-Options header missing",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:N/I:L/A:N",
    description:
      "Browsers may guess (sniff) the type of a response and run an uploaded text or image file as a script or page.",
    remediation: 'Send "X-Content-Type-Options: nosniff" on every response.',
    references: ["https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Content-Type-Options", ...HEADERS_REFS],
    cwe: [693],
    http: [
      {
        root: true,
        match: [NOT_REDIRECT, { part: "header:x-content-type-options", regex: [/nosniff/i], negative: true }],
        matched: "x-content-type-options",
      },
    ],
    fixtures: pair("x-content-type-options"),
  },
  {
    kind: "http.missing-header.referrer-policy",
    category: "misconfiguration",
    protocol: "http",
    title: "Referrer-Policy header missing",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    description:
      "Without a policy, full URLs of the site's pages (which may carry tokens or private paths) can be sent to " +
      "other sites in the Referer header.",
    remediation: 'Send "Referrer-Policy: strict-origin-when-cross-origin" (or stricter).',
    references: ["https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Referrer-Policy", ...HEADERS_REFS],
    cwe: [200],
    http: [
      {
        root: true,
        match: [NOT_REDIRECT, HTML_PAGE, { part: "header:referrer-policy", regex: [/\S/], negative: true }],
        matched: "referrer-policy",
      },
    ],
    fixtures: pair("referrer-policy"),
  },
]);
