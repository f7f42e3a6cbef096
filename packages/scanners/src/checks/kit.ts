// Builders for the declarations that share most of their fields. A product's
// login panel and a console that opens without a login differ from their
// neighbours only in what they say about the product (its page, its version,
// its own setting that closes it); the category, protocol, confidence, CWE,
// CVSS and the common half of the remediation are the same for all of them,
// so they are filled in here rather than copied into a hundred declarations.
// What proves each check (probes, fixtures) stays in its declaration.
import type { Severity } from "../scan/types.ts";
import type { HttpCheck } from "./format/index.ts";

/** OWASP's test for admin interfaces: every panel's reference after the vendor's own page. */
export const ADMIN_INTERFACES =
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces";
const CWE_668 = "https://cwe.mitre.org/data/definitions/668.html";
const CWE_306 = "https://cwe.mitre.org/data/definitions/306.html";

/** The references of a monitoring endpoint that answers anyone (exposed-endpoint/monitoring.ts, host-monitors.ts). */
export const MONITORING_REFS = [ADMIN_INTERFACES, "https://cwe.mitre.org/data/definitions/200.html"];
/** How a monitor with no authentication of its own is closed. */
export const PROXY_AUTH =
  "put it behind a reverse proxy that requires authentication, or allow only the monitoring network to reach it.";

/** The half of a panel's remediation every product shares (after the product's own setting). */
const REACH =
  "Otherwise reach it only through a VPN or an identity-aware proxy, or allow only known addresses; keep it " +
  "patched and require strong passwords with two-factor authentication.";

/**
 * CVSS of a panel merely reachable: a login page meant for the public (a VPN portal, webmail) discloses nothing;
 * an administration login discloses the product and its version and invites password guessing (C:L).
 */
const PANEL_CVSS: Record<Severity, string> = {
  info: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N",
  low: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
  medium: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
  high: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
  critical: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
};

type Filled = "kind" | "category" | "protocol" | "confidence" | "remediation" | "references" | "cwe" | "product";
type Given = Omit<HttpCheck, Filled | "title" | "severity" | "cvss">;

export interface PanelSpec extends Given {
  /** kind = http.panel.<slug> */
  slug: string;
  /** The product's name as the finding's title shows it ("Gitea 1.21.4"). */
  product: string;
  /** Default "<product> login page exposed". */
  title?: string;
  /** Default low: an administration login. info: a login meant for the public (VPN portal, webmail, forge). */
  severity?: Severity;
  /** The product's own way to close it (its setting, its bind address), before the common advice. */
  fix: string;
  /** The vendor's page for that setting. */
  docs: string;
  cwe?: number[];
  /** Default by severity (PANEL_CVSS). */
  cvss?: string;
}

/** A product's login panel or administration page, named by its own page: `firm` (a look-alike could copy it). */
export function panel({ slug, product, title, severity = "low", fix, docs, cwe, cvss, ...rest }: PanelSpec): HttpCheck {
  return {
    kind: `http.panel.${slug}`,
    category: "exposed-panel",
    protocol: "http",
    title: title ?? `${product} login page exposed`,
    severity,
    confidence: "firm",
    remediation: `${fix} ${REACH}`,
    references: [docs, ADMIN_INTERFACES, CWE_668],
    cwe: cwe ?? [668],
    cvss: cvss ?? PANEL_CVSS[severity],
    product,
    ...rest,
  };
}

export interface OpenConsoleSpec extends Given {
  /** kind = http.panel.<slug>.unauthenticated */
  slug: string;
  product: string;
  title: string;
  /** Default critical: a console that runs code or changes the system for anyone. */
  severity?: Severity;
  /** Default C:H/I:H/A:H (code runs for anyone). */
  cvss?: string;
  /** Default confirmed; firm when the console is named by its page rather than proven by its API. */
  confidence?: HttpCheck["confidence"];
  /** The product's own setting that turns authentication on. */
  fix: string;
  docs: string;
  cwe?: number[];
}

/**
 * A console that opens without a login, proven by what only the open console answers (its API listing notebooks,
 * flows, jobs): `confirmed`, and its own kind, apart from the product's login panel.
 */
export function openConsole({ slug, product, severity = "critical", fix, docs, cwe, cvss, ...rest }: OpenConsoleSpec) {
  const check: HttpCheck = {
    kind: `http.panel.${slug}.unauthenticated`,
    category: "exposed-panel",
    protocol: "http",
    severity,
    remediation: `${fix} Until then, allow only known addresses to reach it.`,
    references: [docs, CWE_306, ADMIN_INTERFACES],
    cwe: cwe ?? [306],
    cvss: cvss ?? "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product,
    ...rest,
  };
  return check;
}
