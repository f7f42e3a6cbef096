// Cross-origin resource sharing that lets other sites read answers with the visitor's cookies.
import { checks, html, type HttpFixture, type Matcher } from "../../declare.ts";

const ANY_ORIGIN = "https://cors-check.exposure-monitor.invalid";
const CORS_REFS = [
  "https://portswigger.net/web-security/cors",
  "https://developer.mozilla.org/en-US/docs/Web/HTTP/CORS",
  "https://cwe.mitre.org/data/definitions/942.html",
];
const PAGE = "<!doctype html><html><head><title>Account</title></head><body>{}</body></html>";
const WITH_CREDENTIALS: Matcher = { part: "header:access-control-allow-credentials", regex: [/^\s*true\s*$/i] };
/** Precondition of the narrower variants: an arbitrary origin is not reflected (else http.cors-credentials says it). */
const ARBITRARY_NOT_REFLECTED = {
  paths: ["/"],
  headers: { origin: ANY_ORIGIN },
  match: [{ part: "header:access-control-allow-origin", words: [ANY_ORIGIN], negative: true } satisfies Matcher],
};

/** A site that allows origins `allowed` accepts, with credentials; the clean twin allows only its own origin. */
function site(allowed: string): { vulnerable: HttpFixture; clean: HttpFixture } {
  const reflect = {
    when: { headers: { origin: new RegExp(allowed) } },
    ...html(PAGE, 200, {
      "access-control-allow-origin": "{{header.origin}}",
      "access-control-allow-credentials": "true",
      vary: "Origin",
    }),
  };
  return {
    vulnerable: { server: "express", routes: { "/": [reflect, html(PAGE)] } },
    clean: {
      server: "express",
      routes: {
        "/": html(PAGE, 200, { "access-control-allow-origin": "https://app.example.com", vary: "Origin" }),
      },
    },
  };
}

export default checks([
  {
    kind: "http.cors-credentials",
    category: "misconfiguration",
    protocol: "http",
    title: "CORS allows any origin with credentials",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:L/A:N",
    description:
      "The site copies any Origin into Access-Control-Allow-Origin and sends Access-Control-Allow-Credentials: true. " +
      "Any website a logged-in user visits can then read this site's responses with the user's cookies: their " +
      "data, CSRF tokens, API answers.",
    remediation:
      "Answer only origins from an explicit allow-list, and never combine a reflected origin with credentials.",
    references: CORS_REFS,
    cwe: [942, 346],
    http: [
      {
        paths: ["/"],
        headers: { origin: ANY_ORIGIN },
        match: [{ part: "header:access-control-allow-origin", words: [ANY_ORIGIN] }, WITH_CREDENTIALS],
      },
    ],
    fixtures: site("."),
  },
  {
    kind: "http.cors-null-origin",
    category: "misconfiguration",
    protocol: "http",
    title: "CORS trusts the null origin with credentials",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:L/A:N",
    description:
      "The site answers Origin: null with Access-Control-Allow-Origin: null and credentials. Sandboxed iframes, " +
      "data: URLs and local files send that origin, so any page can read this site's responses with the visitor's " +
      "cookies.",
    remediation: 'Never allow the "null" origin; answer only origins from an explicit allow-list.',
    references: CORS_REFS,
    cwe: [942, 346],
    detect: ARBITRARY_NOT_REFLECTED,
    http: [
      {
        paths: ["/"],
        headers: { origin: "null" },
        match: [{ part: "header:access-control-allow-origin", regex: [/^null$/] }, WITH_CREDENTIALS],
      },
    ],
    fixtures: site("^null$"),
  },
  {
    kind: "http.cors-origin-prefix",
    category: "misconfiguration",
    protocol: "http",
    title: "CORS trusts origins that merely start with the site's name",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:L/A:N",
    description:
      "The site allows, with credentials, an origin that only begins with its own host name (" +
      "https://<host>.attacker.example). Whoever registers such a domain can read the site's responses with the " +
      "visitor's cookies: the allow-list is checked with a prefix or a loose pattern.",
    remediation: "Compare the Origin with an exact list of allowed origins (scheme, host and port), never a prefix.",
    references: CORS_REFS,
    cwe: [942, 346],
    detect: ARBITRARY_NOT_REFLECTED,
    http: [
      {
        paths: ["/"],
        headers: { origin: "https://{{host}}.cors-check.exposure-monitor.invalid" },
        match: [
          { part: "header:access-control-allow-origin", regex: [/\.cors-check\.exposure-monitor\.invalid$/] },
          WITH_CREDENTIALS,
        ],
      },
    ],
    // Fixture hosts are <id>.<role>.fixture.test: the flawed twin allows any origin starting with one.
    fixtures: site("^https://[^/]*\\.fixture\\.test\\."),
  },
  {
    kind: "http.cors-any-subdomain",
    category: "misconfiguration",
    protocol: "http",
    title: "CORS trusts every subdomain with credentials",
    severity: "low",
    description:
      "The site allows, with credentials, any origin under its own name (https://anything.<host>). A cross-site " +
      "scripting bug or a subdomain takeover anywhere under it then reads this site's responses with the " +
      "visitor's cookies.",
    remediation:
      "Allow the exact origins that need access (https://app.example.com), not a pattern matching every subdomain.",
    references: CORS_REFS,
    cwe: [942, 346],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    detect: ARBITRARY_NOT_REFLECTED,
    http: [
      {
        paths: ["/"],
        headers: { origin: "https://ems-cors-check.{{host}}" },
        match: [
          { part: "header:access-control-allow-origin", regex: [/^https:\/\/ems-cors-check\./] },
          WITH_CREDENTIALS,
        ],
      },
    ],
    fixtures: site("^https://[^/]+\\.fixture\\.test$"),
  },
  {
    kind: "http.cors-http-origin",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTPS site trusts its plain-HTTP origin with credentials (CORS)",
    severity: "medium",
    description:
      "The HTTPS site allows, with credentials, the origin http://<host>. Anyone able to tamper with plain HTTP " +
      "traffic (public Wi-Fi) injects script into the HTTP origin and reads the HTTPS site's responses with the " +
      "visitor's cookies, undoing HTTPS.",
    remediation: "Allow only https:// origins in Access-Control-Allow-Origin, and redirect HTTP to HTTPS with HSTS.",
    references: CORS_REFS,
    cwe: [942, 319],
    cvss: "CVSS:3.1/AV:A/AC:H/PR:N/UI:R/S:U/C:H/I:N/A:N",
    detect: ARBITRARY_NOT_REFLECTED,
    http: [
      {
        paths: ["/"],
        scheme: "https",
        headers: { origin: "http://{{host}}" },
        match: [{ part: "header:access-control-allow-origin", regex: [/^http:\/\//] }, WITH_CREDENTIALS],
      },
    ],
    fixtures: (() => {
      const { vulnerable, clean } = site("^https?://[^/]+\\.fixture\\.test$");
      return { vulnerable: { ...vulnerable, scheme: "https" as const }, clean: { ...clean, scheme: "https" as const } };
    })(),
  },
]);
