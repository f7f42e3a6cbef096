// Runs HTTP checks against web endpoints. Requests are shared: every check
// asking for the same request on an endpoint gets the one answer (as nuclei
// clusters requests), and each request waits its turn in the host's limiter.
// Every request goes through safeFetch (our resolvers, the address guard, no
// redirects unless a probe asks, and then only to covered hosts), answers
// are cut at the checks' byte cap, and a check's own failure never stops the
// others.
import type { NetConfig } from "../../config.ts";
import type { HttpResult } from "../../http.ts";
import { httpEvidence, mapLimit, tryFetch } from "../../scan/evidence.ts";
import { nameVariables } from "../../scan/templates/variables.ts";
import type { ScanFinding } from "../../scan/types.ts";
import type { HttpCheck, HttpProbe, JudgeContext, Verdict } from "../format/index.ts";
import { checkFinding, productLabel } from "./finding.ts";
import { evaluateMatchers, runExtractors } from "./http-match.ts";
import type { ChecksSettings, HostLimiter } from "./settings.ts";
import { loginAccepted } from "../../secrets.ts";

export interface HttpTarget {
  /** "https://example.com" or "http://example.com:8080" (no trailing slash). */
  base: string;
  port: number;
  /** The home page as the HTTP stage fetched it (redirects among covered hosts followed); null: none. */
  root: HttpResult | null;
}

export interface HttpRunContext {
  net: NetConfig;
  covers: (host: string) => boolean;
  signal?: AbortSignal;
  settings: ChecksSettings;
  limiter: HostLimiter;
  /** Whether any HTTPS endpoint of the host answered (some judges say so). */
  httpsAvailable: boolean;
  /** The scan target's addresses by host name, already vetted: no DNS lookup per request (safeFetch's `resolved`). */
  resolved?: Record<string, string[]>;
  /** Credential pairs tried so far per endpoint and service (the scan's default-login budget). */
  loginAttempts: Map<string, number>;
  emit(f: ScanFinding): void;
  /** A service check's detect step named what answers on a port. */
  identify?(port: number, service: string, product: string): void;
  /** Fraction done, 0..1. */
  onProgress?(fraction: number): void;
  /** A check that failed (a bug in a judge): the others go on. */
  note?(text: string): void;
  /** Each endpoint's time limit: past it, its checks still going are stopped and it goes to onEndpointCut. */
  perEndpointMs?: number;
  /** An endpoint whose checks all ran. */
  onEndpointDone?(target: HttpTarget): void;
  /** An endpoint whose checks perEndpointMs stopped. */
  onEndpointCut?(target: HttpTarget): void;
  /** A request's turn in the limiter came (an endpoint's time limit starts at its first). */
  onTurn?(): void;
}

type Vars = Record<string, unknown>;
interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  followRedirects: boolean;
}

const render = (template: string, vars: Vars) =>
  template.replace(/\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g, (whole, name: string) =>
    typeof vars[name] === "string" ? (vars[name] as string) : whole,
  );
const textsOf = (r: HttpResult) => [r.body, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)];
const portOf = (url: string) => Number(new URL(url).port) || (url.startsWith("https:") ? 443 : 80);
const unresolved = (s: string) => /\{\{[a-zA-Z][a-zA-Z0-9]*\}\}/.test(s);

/** A probe path: a leading {{name}} is a URL detect extracted, kept only when it is on the endpoint's origin. */
function probePath(template: string, vars: Vars, base: string): string | null {
  const lead = /^\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/.exec(template);
  let path = template;
  if (lead) {
    const value = vars[lead[1]!];
    if (typeof value !== "string") return null;
    let u: URL;
    try {
      u = new URL(value, `${base}/`);
    } catch {
      return null;
    }
    if (u.origin !== new URL(base).origin) return null;
    path = u.pathname + u.search + template.slice(lead[0].length);
  }
  path = render(path, vars);
  return unresolved(path) ? null : path;
}

/** Paths a probe asks at most for one template whose leading {{name}} is a list (the home page's scripts, say). */
export const MAX_LIST_PATHS = 8;

/** A template's paths: one, or one per value (same origin, distinct, at most MAX_LIST_PATHS) of a leading list. */
export function probePaths(template: string, vars: Vars, base: string): string[] {
  const lead = /^\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/.exec(template);
  const value = lead ? vars[lead[1]!] : undefined;
  const values = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [undefined];
  const paths = values.map((v) => probePath(template, v === undefined ? vars : { ...vars, [lead![1]!]: v }, base));
  return [...new Set(paths.filter((p): p is string => p !== null))].slice(0, MAX_LIST_PATHS);
}

/**
 * The variables every path, header and body may use: {{host}} (the endpoint's host name) and, as nuclei names them,
 * {{rdn}} (its registrable domain, "example.com") and {{dn}} (that without its suffix, "example"); the last two are
 * absent for an IP address, so a path that needs them is not asked. Detect's extracted values cannot override them.
 */
export function hostVariables(host: string): Vars {
  const n = nameVariables(host);
  return { host, ...(n.DN ? { rdn: n.RDN, dn: n.DN } : {}) };
}

/** One endpoint's answers, each request asked once whatever the number of checks asking it. */
class EndpointSession {
  private readonly answers = new Map<string, Promise<HttpResult | null>>();
  readonly host: string;
  /** {{host}}, {{rdn}}, {{dn}}. */
  readonly vars: Vars;

  constructor(
    readonly target: HttpTarget,
    private readonly ctx: HttpRunContext,
  ) {
    this.host = new URL(target.base).hostname.replace(/^\[(.*)\]$/, "$1");
    this.vars = hostVariables(this.host);
  }

  fetch(req: Request, shared = true): Promise<HttpResult | null> {
    const key = JSON.stringify([req.method, req.path, req.headers, req.body ?? null, req.followRedirects]);
    const known = shared ? this.answers.get(key) : undefined;
    if (known) return known;
    const { net, covers, signal, settings, limiter } = this.ctx;
    const capped = { ...net, maxResponseBytes: Math.min(net.maxResponseBytes, settings.maxBytes) };
    const answer = limiter.run(async () => {
      this.ctx.onTurn?.();
      const f = await tryFetch(`${this.target.base}${req.path}`, capped, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        followRedirects: req.followRedirects,
        allowHost: covers,
        keepBytes: true,
        ...(this.ctx.resolved ? { resolved: this.ctx.resolved } : {}),
        ...(signal ? { signal } : {}),
      });
      return f.result;
    }, signal);
    if (shared) this.answers.set(key, answer);
    return answer;
  }
}

interface Hit {
  response: HttpResult;
  verdict: Verdict;
  extracted: Vars;
}

/** Whether one response proves the probe; with what it saw and extracted. */
export function evaluateProbe(probe: HttpProbe, r: HttpResult, judge: JudgeContext): Omit<Hit, "response"> | null {
  if (probe.scheme && !r.url.startsWith(`${probe.scheme}:`)) return null;
  const outcome = evaluateMatchers(probe.match, r);
  if (!outcome.ok) return null;
  let verdict: Verdict = {
    matched: probe.matched ?? (outcome.seen.join("\n") || "(matched)"),
    ...(probe.severity ? { severity: probe.severity } : {}),
  };
  if (probe.judge) {
    const j = probe.judge(r, judge);
    if (!j) return null;
    verdict = { ...verdict, ...j, severity: j.severity ?? probe.severity };
  }
  return { verdict, extracted: runExtractors(probe.extract, r) };
}

/** The finding of one probe on one response (the crawl's pages and linked files), or null. */
export function probeFinding(
  check: HttpCheck,
  probe: HttpProbe,
  r: HttpResult,
  judge: JudgeContext,
): ScanFinding | null {
  const hit = evaluateProbe(probe, r, judge);
  if (!hit) return null;
  return checkFinding(check, {
    where: r.url,
    port: portOf(r.url),
    verdict: { ...hit.verdict, details: { ...hit.extracted, ...hit.verdict.details } },
    product: productLabel(check.product, textsOf(r), hit.extracted.version),
    evidence: httpEvidence(r),
  });
}

/** "backup.zip" → ".zip", "site.tar.gz" → ".tar.gz", "index.php~" → "~", ".env" → ".env"; null without one. */
function fileKey(path: string): string | null {
  const name = path.split("/").pop()!.toLowerCase();
  for (const double of [".tar.gz", ".sql.gz"]) if (name.endsWith(double)) return double;
  if (name.endsWith("~")) return "~";
  if (name.startsWith(".")) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : null;
}

/**
 * The probes a linked file's name points to (a dump linked from a listing, say): exposed-file probes that ask for a
 * file of the same type, without a detect step.
 */
export function linkedFileProbes(
  path: string,
  checks: readonly HttpCheck[],
): Array<{ check: HttpCheck; probe: HttpProbe }> {
  const key = fileKey(path);
  if (!key) return [];
  return checks
    .filter((c) => c.category === "exposed-file" && !c.detect)
    .flatMap((check) =>
      (check.http ?? [])
        .filter((probe) => probe.paths?.some((p) => fileKey(p) === key) && !probe.method && !probe.headers)
        .map((probe) => ({ check, probe })),
    );
}

/** The probes that judge every page the crawl reaches (directory listings). */
export const pageProbes = (checks: readonly HttpCheck[]) =>
  checks.flatMap((check) => (check.http ?? []).filter((p) => p.pages).map((probe) => ({ check, probe })));

/** What the probe proves on the endpoint: one hit per path that proves it (every path is asked). */
async function hits(probe: HttpProbe, s: EndpointSession, vars: Vars, judge: JudgeContext): Promise<Hit[]> {
  if (probe.root || probe.pages) {
    const r = s.target.root;
    const hit = r ? evaluateProbe(probe, r, judge) : null;
    return hit && r ? [{ ...hit, response: r }] : [];
  }
  const headers = Object.fromEntries(Object.entries(probe.headers ?? {}).map(([k, v]) => [k, render(v, vars)]));
  const out: Hit[] = [];
  for (const path of (probe.paths ?? []).flatMap((t) => probePaths(t, vars, s.target.base))) {
    const body = probe.body === undefined ? undefined : render(probe.body, vars);
    const r = await s.fetch({
      method: probe.method ?? "GET",
      path,
      headers,
      ...(body !== undefined ? { body } : {}),
      followRedirects: false,
    });
    const hit = r ? evaluateProbe(probe, r, judge) : null;
    if (hit && r) out.push({ ...hit, response: r });
  }
  return out;
}

async function tryLogin(check: HttpCheck, s: EndpointSession, vars: Vars, ctx: HttpRunContext): Promise<Hit | null> {
  const spec = check.login!;
  const budgetKey = `${s.target.base}|${check.service?.name ?? check.kind}`;
  for (const { username, password } of spec.credentials) {
    const used = ctx.loginAttempts.get(budgetKey) ?? 0;
    if (used >= ctx.settings.loginAttempts) return null;
    ctx.loginAttempts.set(budgetKey, used + 1);
    const basic = Buffer.from(`${username}:${password}`).toString("base64");
    const all = { ...vars, username, password, basic };
    const r = await s.fetch(
      {
        method: spec.request.method ?? "POST",
        path: render(spec.request.path, all),
        headers: Object.fromEntries(Object.entries(spec.request.headers ?? {}).map(([k, v]) => [k, render(v, all)])),
        ...(spec.request.body !== undefined ? { body: render(spec.request.body, all) } : {}),
        followRedirects: false,
      },
      false,
    );
    if (!r) return null;
    const success = evaluateMatchers(spec.success, r);
    if (success.ok) {
      const matched = [loginAccepted(username, password), ...success.seen].join("\n");
      return { response: r, verdict: { matched, details: { username } }, extracted: {} };
    }
    // Neither a success nor the usual refusal (a lockout, a captcha, a rate limit): stop trying.
    if (!evaluateMatchers(spec.failure, r).ok) return null;
  }
  return null;
}

async function runCheck(check: HttpCheck, s: EndpointSession, ctx: HttpRunContext): Promise<void> {
  const judge: JudgeContext = {
    scheme: s.target.base.startsWith("https:") ? "https" : "http",
    httpsAvailable: ctx.httpsAvailable,
  };
  // What detect extracted (shown in the finding), and the variables probes see (the host's too).
  let detected: Vars = {};
  let vars: Vars = s.vars;
  const texts: string[] = [];
  if (check.detect) {
    const [d] = await hits(check.detect, s, vars, judge);
    if (!d) return;
    detected = d.extracted;
    vars = { ...detected, ...s.vars };
    texts.push(...textsOf(d.response));
    if (check.service) {
      const label = productLabel(check.product, texts, detected.version) ?? check.service.name;
      ctx.identify?.(s.target.port, check.service.name, label);
    }
  }
  const found: Hit[] = [];
  for (const probe of check.http ?? []) found.push(...(await hits(probe, s, vars, judge)));
  if (!found.length && check.login && ctx.settings.loginAttempts > 0) {
    const login = await tryLogin(check, s, vars, ctx);
    if (login) found.push(login);
  }
  const seen = new Set<string>();
  for (const hit of found) {
    const r = hit.response;
    if (ctx.signal?.aborted || seen.has(r.url)) continue;
    seen.add(r.url);
    const extracted = { ...detected, ...hit.extracted };
    ctx.emit(
      checkFinding(check, {
        where: r.url,
        port: portOf(r.url),
        verdict: { ...hit.verdict, details: { ...extracted, ...hit.verdict.details } },
        product: productLabel(check.product, [...texts, ...textsOf(r)], extracted.version),
        evidence: httpEvidence(r),
      }),
    );
  }
}

/** Endpoints checked at once (they share the host's limiter; each holds its own answers while it is checked). */
export const ENDPOINTS_AT_ONCE = 4;

/**
 * Every check on every endpoint, in the given order, ENDPOINTS_AT_ONCE at a time, each under its own time limit
 * (perEndpointMs) so that a slow one never holds the next ones back.
 */
export async function runHttpChecks(
  targets: HttpTarget[],
  checks: readonly HttpCheck[],
  ctx: HttpRunContext,
): Promise<void> {
  const total = targets.length * checks.length;
  let done = 0;
  await mapLimit(targets, ENDPOINTS_AT_ONCE, async (target) => {
    if (ctx.signal?.aborted) return;
    const own = new AbortController();
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, own.signal]) : own.signal;
    const limit = ctx.perEndpointMs;
    // The endpoint's time runs from its first request's turn: waiting behind other endpoints' turns does not count.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onTurn = () =>
      void (limit && !timer && (timer = setTimeout(() => own.abort(new Error("endpoint time limit")), limit)));
    const endpointCtx = { ...ctx, signal, onTurn };
    const session = new EndpointSession(target, endpointCtx);
    try {
      // Checks mostly wait for the limiter; enough of them in flight keep it busy.
      await mapLimit(checks, Math.max(8, ctx.settings.concurrency * 4), async (check) => {
        if (signal.aborted) return;
        try {
          await runCheck(check, session, endpointCtx);
        } catch (err) {
          if (signal.aborted) return;
          const message = err instanceof Error ? err.message : String(err);
          ctx.note?.(`check ${check.kind} failed on ${target.base}: ${message}`);
        }
        ctx.onProgress?.(++done / total);
      });
    } finally {
      if (timer) clearTimeout(timer);
    }
    if (ctx.signal?.aborted) return;
    if (own.signal.aborted) ctx.onEndpointCut?.(target);
    else ctx.onEndpointDone?.(target);
  });
}
