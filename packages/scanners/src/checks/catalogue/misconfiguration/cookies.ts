// Cookies the home page sets without their protective attributes.
import { checks, cookieList, cookieProblems, html, NOT_REDIRECT, SESSION_COOKIE } from "../../declare.ts";

const COOKIE_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/06-Session_Management_Testing/02-Testing_for_Cookies_Attributes",
  "https://developer.mozilla.org/en-US/docs/Web/HTTP/Cookies#restrict_access_to_cookies",
];
const PAGE = "<!doctype html><html><head><title>Sign in</title></head><body><form></form></body></html>";

export default checks([
  {
    kind: "http.insecure-cookie",
    category: "misconfiguration",
    protocol: "http",
    title: "Cookies without Secure, HttpOnly or SameSite",
    severity: "low",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N",
    description:
      "The HTTPS home page sets cookies without protective attributes. Without Secure a cookie may travel over " +
      "plain HTTP; without HttpOnly any injected script can read it; without SameSite it is sent with cross-site " +
      "requests (CSRF).",
    remediation: 'Set "Secure; HttpOnly; SameSite=Lax" (or Strict) on session and authentication cookies.',
    references: COOKIE_REFS,
    cwe: [614, 1004, 1275],
    http: [
      {
        root: true,
        scheme: "https",
        match: [NOT_REDIRECT, { part: "header:set-cookie", regex: [/=/] }],
        judge: (r) => {
          const problems = cookieProblems(r.headers["set-cookie"], true);
          return problems.length ? { matched: cookieList(problems), details: { cookies: problems } } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        scheme: "https",
        routes: { "/": html(PAGE, 200, { "set-cookie": "connect.sid=s%3Aabc; Path=/" }) },
      },
      clean: {
        server: "express",
        scheme: "https",
        routes: {
          "/": html(PAGE, 200, { "set-cookie": "connect.sid=s%3Aabc; Path=/; Secure; HttpOnly; SameSite=Lax" }),
        },
      },
    },
  },
  {
    kind: "http.insecure-cookie-http",
    category: "misconfiguration",
    protocol: "http",
    title: "Session cookie set over plain HTTP without Secure, HttpOnly or SameSite",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:N/A:N",
    description:
      "The plain-HTTP home page sets a session cookie (by its name: sess, sid, auth, token, login, jwt, csrf…). " +
      "Anyone on the network path (public Wi-Fi, a compromised router) can read the session and take it over; " +
      "without Secure the browser keeps sending it over HTTP. Other cookies over HTTP are not judged.",
    remediation:
      'Serve the site over HTTPS only, redirect HTTP to it, and set "Secure; HttpOnly; SameSite=Lax" on session ' +
      "cookies.",
    references: COOKIE_REFS,
    cwe: [614, 319],
    http: [
      {
        root: true,
        scheme: "http",
        match: [NOT_REDIRECT, { part: "header:set-cookie", regex: [/=/] }],
        judge: (r) => {
          const problems = cookieProblems(r.headers["set-cookie"], true).filter((p) => SESSION_COOKIE.test(p.cookie));
          return problems.length ? { matched: cookieList(problems), details: { cookies: problems } } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: { "/": html(PAGE, 200, { "set-cookie": "PHPSESSID=8f3a; path=/" }) },
      },
      // A preference cookie over HTTP is not a session.
      clean: { server: "apache", routes: { "/": html(PAGE, 200, { "set-cookie": "theme=dark; path=/" }) } },
    },
  },
]);
