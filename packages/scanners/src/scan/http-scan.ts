// HTTP checks of the web endpoints of an asset: security headers, cookies,
// the HTTPS redirect, CORS, directory listings, exposed files and version
// disclosure. Every request goes through safeFetch; exposed files are judged
// by their content (magic bytes, patterns), never by the status alone, so
// sites that answer 200 to every path do not produce findings.
import type { NetConfig } from "../config.ts";
import type { HttpResult } from "../http.ts";
import { httpEvidence, mapLimit, tryFetch } from "./evidence.ts";
import { EXPOSURES, type Exposure } from "./http-exposures.ts";
import type { ScanFinding, Severity } from "./types.ts";

export interface WebEndpoint {
  scheme: "http" | "https";
  port: number;
  /** "https://example.com" or "http://example.com:8080" (no trailing slash). */
  base: string;
}

export interface HttpCheckContext {
  net: NetConfig;
  covers: (host: string) => boolean;
  signal?: AbortSignal;
  /** Fraction of the stage done, 0..1. */
  onProgress?(fraction: number): void;
  /** Each finding as soon as it is made (so a stage cut by its time limit keeps what it found). */
  emit(f: ScanFinding): void;
}

/** What the root of an endpoint answered (after redirects to covered hosts). */
export interface RootResponse {
  endpoint: WebEndpoint;
  result: HttpResult | null;
  error: string | null;
}

const isHtml = (r: HttpResult) =>
  /html/i.test(r.headers["content-type"] ?? "") || (!r.headers["content-type"] && /^\s*</.test(r.body));

function httpFinding(
  kind: string,
  severity: Severity,
  title: string,
  description: string,
  r: HttpResult,
  matched?: string,
  extra: Record<string, unknown> = {},
): ScanFinding {
  const port = Number(new URL(r.url).port) || (r.url.startsWith("https:") ? 443 : 80);
  return { scanner: "http", kind, severity, title, description, port, evidence: httpEvidence(r, matched, extra) };
}

/** GET / of every endpoint, following redirects among covered hosts. */
export async function fetchRoots(
  endpoints: WebEndpoint[],
  net: NetConfig,
  covers: (h: string) => boolean,
  signal?: AbortSignal,
): Promise<RootResponse[]> {
  return mapLimit(endpoints, 4, async (endpoint) => {
    const f = await tryFetch(`${endpoint.base}/`, net, { allowHost: covers, ...(signal ? { signal } : {}) });
    return { endpoint, result: f.result, error: f.error?.message ?? null };
  });
}

// --- headers -----------------------------------------------------------------

interface HeaderRule {
  header: string;
  /** Only for HTML pages (CSP, framing and referrer rules protect documents). */
  htmlOnly: boolean;
  httpsOnly: boolean;
  missing(h: Record<string, string>): boolean;
  title: string;
  why: string;
  fix: string;
}

const HEADER_RULES: HeaderRule[] = [
  {
    header: "strict-transport-security",
    htmlOnly: false,
    httpsOnly: true,
    missing: (h) =>
      !h["strict-transport-security"] || /max-age\s*=\s*"?0"?(\s|;|$)/i.test(h["strict-transport-security"]),
    title: "Strict-Transport-Security header missing",
    why:
      "Without HSTS a browser may still try plain HTTP first (typed addresses, old links), where an attacker on " +
      "the network can strip HTTPS.",
    fix: 'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on HTTPS responses.',
  },
  {
    header: "content-security-policy",
    htmlOnly: true,
    httpsOnly: false,
    missing: (h) => !h["content-security-policy"],
    title: "Content-Security-Policy header missing",
    why:
      "A Content Security Policy limits where scripts, styles and frames may come from, which turns many " +
      "cross-site scripting bugs into harmless ones.",
    fix:
      "Send a Content-Security-Policy; start with \"default-src 'self'\" (in Report-Only mode to tune it) and " +
      "tighten from there.",
  },
  {
    header: "x-frame-options",
    htmlOnly: true,
    httpsOnly: false,
    missing: (h) => !h["x-frame-options"] && !/frame-ancestors/i.test(h["content-security-policy"] ?? ""),
    title: "Clickjacking protection missing (X-Frame-Options / frame-ancestors)",
    why:
      "Any site can load these pages in an invisible frame and trick visitors into clicking buttons on them " +
      "(clickjacking).",
    fix: 'Send "X-Frame-Options: DENY" (or SAMEORIGIN), or "frame-ancestors \'none\'" in the Content-Security-Policy.',
  },
  {
    header: "x-content-type-options",
    htmlOnly: false,
    httpsOnly: false,
    missing: (h) => !/nosniff/i.test(h["x-content-type-options"] ?? ""),
    title: "X-Content-Type-Options header missing",
    why:
      "Browsers may guess (sniff) the type of a response and run an uploaded text or image file as a " +
      "script or page.",
    fix: 'Send "X-Content-Type-Options: nosniff" on every response.',
  },
  {
    header: "referrer-policy",
    htmlOnly: true,
    httpsOnly: false,
    missing: (h) => !h["referrer-policy"],
    title: "Referrer-Policy header missing",
    why:
      "Without a policy, full URLs of these pages (which may carry tokens or private paths) can be sent to other " +
      "sites in the Referer header.",
    fix: 'Send "Referrer-Policy: strict-origin-when-cross-origin" (or stricter).',
  },
];

function headerFindings(r: HttpResult, emit: (f: ScanFinding) => void): void {
  const https = r.url.startsWith("https:");
  const html = isHtml(r);
  for (const rule of HEADER_RULES) {
    if ((rule.httpsOnly && !https) || (rule.htmlOnly && !html) || !rule.missing(r.headers)) continue;
    emit(
      httpFinding(
        `http.missing-header.${rule.header}`,
        "low",
        rule.title,
        `${r.url} answers without it. ${rule.why} ${rule.fix}`,
        r,
        rule.header,
      ),
    );
  }
}

// --- cookies -----------------------------------------------------------------

export function cookieProblems(
  setCookie: string | undefined,
  https: boolean,
): Array<{ cookie: string; missing: string[] }> {
  if (!setCookie) return [];
  const out: Array<{ cookie: string; missing: string[] }> = [];
  for (const line of setCookie.split("\n")) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const name = (pair ?? "").split("=")[0]!.trim();
    if (!name) continue;
    const names = attrs.map((a) => a.split("=")[0]!.trim().toLowerCase());
    const missing: string[] = [];
    if (https && !names.includes("secure")) missing.push("Secure");
    if (!names.includes("httponly")) missing.push("HttpOnly");
    if (!names.includes("samesite")) missing.push("SameSite");
    if (missing.length) out.push({ cookie: name, missing });
  }
  return out;
}

/** Names session and login cookies use (PHPSESSID, JSESSIONID, connect.sid, laravel_session, auth_token…). */
const SESSION_COOKIE = /sess|sid$|^sid|auth|token|login|remember|jwt|csrf|xsrf/i;

function cookieFindings(r: HttpResult, emit: (f: ScanFinding) => void): void {
  if (!r.url.startsWith("https:")) return plainHttpCookieFindings(r, emit);
  const problems = cookieProblems(r.headers["set-cookie"], true);
  if (!problems.length) return;
  const list = problems.map((p) => `${p.cookie} (no ${p.missing.join(", no ")})`).join("; ");
  emit(
    httpFinding(
      "http.insecure-cookie",
      "low",
      "Cookies without Secure, HttpOnly or SameSite",
      `${r.url} sets cookies without protective attributes: ${list}. Without Secure a cookie may travel over plain ` +
        `HTTP; without HttpOnly any injected script can read it; without SameSite it is sent with cross-site ` +
        `requests (CSRF). Set "Secure; HttpOnly; SameSite=Lax" (or Strict) on session and authentication cookies.`,
      r,
      list,
      { cookies: problems },
    ),
  );
}

/**
 * A session cookie set over plain HTTP: it travels in clear text whatever its flags, and without Secure it will go
 * back over HTTP even once the site has HTTPS. Other cookies (preferences, analytics) over HTTP are not judged.
 */
function plainHttpCookieFindings(r: HttpResult, emit: (f: ScanFinding) => void): void {
  const problems = cookieProblems(r.headers["set-cookie"], true).filter((p) => SESSION_COOKIE.test(p.cookie));
  if (!problems.length) return;
  const list = problems.map((p) => `${p.cookie} (no ${p.missing.join(", no ")})`).join("; ");
  emit(
    httpFinding(
      "http.insecure-cookie-http",
      "medium",
      "Session cookie set over plain HTTP without Secure, HttpOnly or SameSite",
      `${r.url} sets session cookies over unencrypted HTTP: ${list}. Anyone on the network path (public Wi-Fi, a ` +
        `compromised router) can read the session and take it over; without Secure the browser keeps sending it ` +
        `over HTTP. Serve the site over HTTPS only, redirect HTTP to it, and set "Secure; HttpOnly; SameSite=Lax" ` +
        `on session cookies.`,
      r,
      list,
      { cookies: problems },
    ),
  );
}

// --- version disclosure ------------------------------------------------------

const VERSION_HEADERS = ["server", "x-powered-by", "x-aspnet-version", "x-aspnetmvc-version", "x-generator"];

function versionFindings(r: HttpResult, emit: (f: ScanFinding) => void): void {
  const shown = VERSION_HEADERS.filter((h) => r.headers[h] && /\d+\.\d+/.test(r.headers[h]!)).map(
    (h) => `${h}: ${r.headers[h]}`,
  );
  if (!shown.length) return;
  emit(
    httpFinding(
      "http.version-disclosure",
      "low",
      "Software versions disclosed in response headers",
      `${r.url} announces its software and version (${shown.join("; ")}). Attackers match versions against known ` +
        `vulnerabilities without probing further. Hide them (nginx "server_tokens off;", Apache "ServerTokens Prod", ` +
        `PHP "expose_php = Off", remove X-Powered-By / X-AspNet-Version) and keep the software patched anyway.`,
      r,
      shown.join("\n"),
    ),
  );
}

// --- directory listing -------------------------------------------------------

const LISTING = /<title>\s*(Index of \/|Directory listing for \/)|<h1>\s*(Index of \/|Directory listing for \/)/i;

/** Emits the finding when the page is a directory listing; says whether it was one. */
export function listingFinding(r: HttpResult, emit: (f: ScanFinding) => void): boolean {
  if (r.status !== 200 || !LISTING.test(r.body)) return false;
  const m = LISTING.exec(r.body)![0];
  emit(
    httpFinding(
      "http.directory-listing",
      "medium",
      "Directory listing enabled",
      `${r.url} lists the files of a directory. Anyone can browse and download everything in it, including backups, ` +
        `configuration or files never meant to be linked. Turn listings off (nginx "autoindex off;", Apache "Options ` +
        `-Indexes") and remove files that should not be public.`,
      r,
      m,
    ),
  );
  return true;
}

export function exposureFinding(
  exposure: Exposure,
  verdict: { severity: Severity; matched: string },
  r: HttpResult,
): ScanFinding {
  return httpFinding(
    exposure.kind,
    verdict.severity,
    exposure.title,
    `${r.url}: ${exposure.description}`,
    r,
    verdict.matched,
  );
}

// --- the checks --------------------------------------------------------------

const CORS_ORIGIN = "https://cors-check.exposure-monitor.invalid";

/** Runs every HTTP check on the endpoints; returns the root responses (for technology detection). */
export async function checkHttp(endpoints: WebEndpoint[], ctx: HttpCheckContext): Promise<RootResponse[]> {
  const { net, covers, signal, emit } = ctx;
  const sig = signal ? { signal } : {};
  const roots = await fetchRoots(endpoints, net, covers, signal);
  const answering = roots.filter((r) => r.result);
  const httpsAnswers = answering.some((r) => r.endpoint.scheme === "https" || r.result!.url.startsWith("https:"));

  type Task = () => Promise<void>;
  const tasks: Task[] = [];
  for (const root of answering) {
    const r = root.result!;
    const final = r.status < 300 || r.status >= 400; // not a redirect we could not follow
    tasks.push(async () => {
      if (final) {
        headerFindings(r, emit);
        cookieFindings(r, emit);
        listingFinding(r, emit);
      }
      versionFindings(r, emit);
      if (
        root.endpoint.scheme === "http" &&
        !r.url.startsWith("https:") &&
        !(r.status >= 300 && r.status < 400 && /^https:/i.test(r.headers.location ?? ""))
      ) {
        emit(
          httpFinding(
            "http.no-https-redirect",
            "low",
            "HTTP does not redirect to HTTPS",
            httpsAnswers
              ? `${root.endpoint.base}/ is served over plain HTTP instead of redirecting to HTTPS. Visitors who type ` +
                  `the address or follow old links stay on an unencrypted connection that anyone on the network can ` +
                  `read and change. Redirect every HTTP request to HTTPS (301) and send Strict-Transport-Security.`
              : `${root.endpoint.base}/ is served over plain HTTP only and no HTTPS version answered. Everything ` +
                  `visitors send and receive can be read and changed on the network. Serve the site over HTTPS (free ` +
                  `certificates from Let's Encrypt) and redirect HTTP to it.`,
            r,
            `${r.status} ${r.url}`,
          ),
        );
      }
    });
    tasks.push(async () => {
      const f = await tryFetch(r.url, net, { followRedirects: false, headers: { origin: CORS_ORIGIN }, ...sig });
      const c = f.result;
      if (!c) return;
      const acao = c.headers["access-control-allow-origin"];
      if (acao === CORS_ORIGIN && /^\s*true\s*$/i.test(c.headers["access-control-allow-credentials"] ?? "")) {
        emit(
          httpFinding(
            "http.cors-credentials",
            "high",
            "CORS allows any origin with credentials",
            `${c.url} copies any Origin into Access-Control-Allow-Origin and sends Access-Control-Allow-Credentials: ` +
              `true. Any website a logged-in user visits can then read this site's responses with the user's ` +
              `cookies: their data, CSRF tokens, API answers. Answer only origins from an explicit allow-list, and ` +
              `never combine a reflected origin with credentials.`,
            c,
            `access-control-allow-origin: ${acao}\naccess-control-allow-credentials: ` +
              `${c.headers["access-control-allow-credentials"]}`,
          ),
        );
      }
    });
    const base = root.endpoint.base;
    for (const exposure of EXPOSURES) {
      tasks.push(async () => {
        const f = await tryFetch(`${base}${exposure.path}`, net, { followRedirects: false, keepBytes: true, ...sig });
        const x = f.result;
        if (!x || (x.status !== 200 && x.status !== 206)) return;
        const verdict = exposure.judge(x, x.bytes ?? Buffer.from(x.body));
        if (verdict) emit(exposureFinding(exposure, verdict, x));
      });
    }
  }
  let done = 0;
  await mapLimit(tasks, 6, async (task) => {
    await task();
    ctx.onProgress?.(++done / tasks.length);
  });
  return roots;
}

/** Buckets: only whether anyone can list the objects (the endpoint's headers are the provider's, not the owner's). */
export async function checkBucketHttp(url: string, ctx: HttpCheckContext): Promise<void> {
  const f = await tryFetch(url, ctx.net, { followRedirects: false, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  const r = f.result;
  ctx.onProgress?.(1);
  if (!r || r.status !== 200 || !/<ListBucketResult[\s>]|<EnumerationResults[\s>]/.test(r.body)) return;
  const keys = [...r.body.matchAll(/<(?:Key|Name)>([^<]{1,200})<\/(?:Key|Name)>/g)].slice(0, 5).map((m) => m[1]!);
  ctx.emit({
    scanner: "http",
    kind: "http.bucket-public-listing",
    severity: "high",
    title: "Anyone can list the bucket's objects",
    description:
      `${url} answers an anonymous listing request with the bucket's object names. Anyone can enumerate ` +
      `and then download every public object, which is how most bucket leaks are found. Remove public list ` +
      `permission (S3: block public access / no s3:ListBucket for "*"; GCS: no allUsers storage.objects.list; ` +
      `Azure: container access level "private" or "blob", not "container").`,
    evidence: httpEvidence(r, keys.join("\n") || "<ListBucketResult>"),
  });
}
