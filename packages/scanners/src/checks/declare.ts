// What a declaration file imports: the types, and the matchers and helpers
// many checks share. A catalogue file is
//
//   import { checks, OK, NOT_HTML } from "../../declare.ts";
//   export default checks([ { kind: "http.exposed.…", … } ]);
//
// (packages/scanners/README.md, "Adding a check", says the rest.)
import type { CheckDeclaration, HttpFixture, Matcher } from "./format/index.ts";

export type {
  CheckDeclaration,
  DnsFacts,
  HttpFixture,
  Matcher,
  TcpFixture,
  TlsFacts,
  TlsFixture,
  Verdict,
} from "./format/index.ts";
export {
  cookieList,
  cookieProblems,
  hasSecrets,
  realSecret,
  secretsIn,
  secretsRaise,
  SESSION_COOKIE,
} from "./judges.ts";
export { DKIM_SELECTORS } from "./format/index.ts";

/** A file's declarations (typed, so that the editor and tsc check each field as it is written). */
export const checks = (list: CheckDeclaration[]): CheckDeclaration[] => list;

/** Status 200: the usual necessary condition (never enough alone). */
export const OK: Matcher = { status: [200] };
/** 200 or 206 (a server answering a range). */
export const OK_OR_PARTIAL: Matcher = { status: [200, 206] };
/** The body is not an HTML page (soft-404 and catch-all pages are). */
export const NOT_HTML: Matcher = { regex: [/<!doctype|<html|<head|<body|<script/i], negative: true };
/** Not served as HTML. */
export const NOT_HTML_TYPE: Matcher = { contentType: /html/i, negative: true };
/** Served as JSON. */
export const JSON_TYPE: Matcher = { contentType: /json/i };
/** An HTML page (by type, or by its start when untyped). */
export const HTML_PAGE: Matcher = { any: [{ contentType: /html/i }, { regex: [/^\s*</] }] };
/** Not a redirect. */
export const NOT_REDIRECT: Matcher = { status: [301, 302, 303, 307, 308], negative: true };

/** The CWE entry's page. */
export const cwe = (n: number) => `https://cwe.mitre.org/data/definitions/${n}.html`;
/** OWASP's testing guide on old, backup and unreferenced files. */
export const OWASP_FILES =
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/" +
  "02-Configuration_and_Deployment_Management_Testing/" +
  "04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information";

/** CVSS v3.1 base vectors of files read by anyone: secrets or source (C:H), information that helps (C:L). */
export const CVSS_READ_HIGH = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N";
export const CVSS_READ_LOW = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N";
/** Credentials that log anyone straight into the system they open (cloud, cluster, shell, database). */
export const CVSS_CREDENTIALS = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H";
/** Whoever reaches it controls the product or its data: reads, changes and stops it (logins, open datastores, code). */
export const CVSS_FULL_CONTROL = CVSS_CREDENTIALS;
/** Secrets that must be cracked first (an encrypted key store, a vault file, password hashes). */
export const CVSS_CRACK = "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N";

/** A fixture answer with a text content type. */
export const text = (body: string, headers: Record<string, string> = {}) => ({
  headers: { "content-type": "text/plain", ...headers },
  body,
});
/** A fixture answer with a JSON body. */
export const json = (value: unknown, status = 200, headers: Record<string, string> = {}) => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(value),
});
/** A fixture answer with binary content. */
export const binary = (body: Buffer, type = "application/octet-stream") => ({
  headers: { "content-type": type },
  body,
});
/** A fixture answer with an HTML body. */
export const html = (body: string, status = 200, headers: Record<string, string> = {}) => ({
  status,
  headers: { "content-type": "text/html; charset=utf-8", ...headers },
  body,
});

/** Where a default-login check's references start: the weakness and OWASP's test for it. */
export const DEFAULT_LOGIN_REFS = [
  "https://cwe.mitre.org/data/definitions/1392.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/04-Authentication_Testing/02-Testing_for_Default_Credentials",
];

/** A fixture condition: an Authorization header carrying exactly this Basic pair. */
export const basicAuth = (user: string, password: string) =>
  new RegExp(`^Basic ${Buffer.from(`${user}:${password}`).toString("base64").replace(/[+/=]/g, "\\$&")}$`);

type Answer = HttpFixture["routes"][string];
/**
 * A login's fixtures: on the stand-in, `route` serves `granted` (a response with its `when`: the good pair) and
 * `refused` otherwise; on the clean twin it always refuses. `common`: the other routes (what detect finds).
 */
export function loginFixtures(
  server: HttpFixture["server"],
  common: HttpFixture["routes"],
  route: string,
  granted: Answer,
  refused: Answer,
): { vulnerable: HttpFixture; clean: HttpFixture } {
  return {
    vulnerable: { server, routes: { ...common, [route]: [granted, refused].flat() as Answer } },
    clean: { server, routes: { ...common, [route]: refused } },
  };
}

/** loginFixtures for a Basic-auth login: `ok` is served to an Authorization header matching `good`. */
export const basicLoginFixtures = (
  server: HttpFixture["server"],
  common: HttpFixture["routes"],
  path: string,
  good: RegExp,
  ok: Answer,
  refused: Answer,
) =>
  loginFixtures(
    server,
    common,
    path,
    { when: { headers: { authorization: good } }, ...(ok as object) } as Answer,
    refused,
  );
