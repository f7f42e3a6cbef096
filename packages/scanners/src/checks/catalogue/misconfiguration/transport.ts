// How the home page is served: over plain HTTP, and what its headers announce about the software.
import { checks, html } from "../../declare.ts";

const PAGE = "<!doctype html><html><head><title>Shop</title></head><body>Welcome</body></html>";
const VERSION = /\d+\.\d+/;

export default checks([
  {
    kind: "http.no-https-redirect",
    category: "misconfiguration",
    protocol: "http",
    title: "HTTP does not redirect to HTTPS",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:N",
    description:
      "The home page is served over plain HTTP instead of redirecting to HTTPS. Visitors who type the address or " +
      "follow old links stay on an unencrypted connection that anyone on the network can read and change.",
    remediation:
      "Redirect every HTTP request to HTTPS (301) and send Strict-Transport-Security; without HTTPS at all, serve " +
      "the site over HTTPS (free certificates from Let's Encrypt) first.",
    references: [
      "https://cwe.mitre.org/data/definitions/319.html",
      "https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html",
    ],
    cwe: [319],
    http: [
      {
        root: true,
        scheme: "http",
        // Not a redirect to HTTPS that we could not follow (to a host the ownership proof does not cover).
        match: [
          {
            any: [
              { status: [301, 302, 303, 307, 308], negative: true },
              { part: "header:location", regex: [/^https:/i], negative: true },
            ],
          },
        ],
        judge: (r, { httpsAvailable }) => ({
          matched: `${r.status} ${r.url}`,
          description: httpsAvailable
            ? "The home page is served over plain HTTP instead of redirecting to HTTPS. Visitors who type the " +
              "address or follow old links stay on an unencrypted connection that anyone on the network can read " +
              "and change."
            : "The home page is served over plain HTTP only and no HTTPS version answered. Everything visitors " +
              "send and receive can be read and changed on the network.",
        }),
      },
    ],
    fixtures: {
      vulnerable: { server: "nginx", routes: { "/": html(PAGE) } },
      clean: {
        server: "nginx",
        routes: { "/": { status: 301, headers: { location: "https://{{header.host}}/" }, body: "" } },
      },
    },
  },
  {
    kind: "http.version-disclosure",
    category: "misconfiguration",
    protocol: "http",
    title: "Software versions disclosed in response headers",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The home page announces its software and version (Server, X-Powered-By, X-AspNet-Version, " +
      "X-AspNetMvc-Version, X-Generator). Attackers match versions against known vulnerabilities without probing " +
      "further.",
    remediation:
      'Hide them (nginx "server_tokens off;", Apache "ServerTokens Prod", PHP "expose_php = Off", remove ' +
      "X-Powered-By / X-AspNet-Version) and keep the software patched anyway.",
    references: [
      "https://cwe.mitre.org/data/definitions/200.html",
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/01-Information_Gathering/02-Fingerprint_Web_Server",
    ],
    cwe: [200],
    confidence: "confirmed",
    http: [
      {
        root: true,
        match: [
          {
            any: ["server", "x-powered-by", "x-aspnet-version", "x-aspnetmvc-version", "x-generator"].map((h) => ({
              part: `header:${h}` as const,
              regex: [VERSION],
            })),
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: { "/": html(PAGE, 200, { "x-powered-by": "PHP/8.1.2" }) },
      },
      clean: { server: "caddy", routes: { "/": html(PAGE) } },
    },
  },
]);
