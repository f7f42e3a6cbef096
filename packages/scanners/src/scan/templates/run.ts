// Running a parsed template (parse.ts) against one web endpoint: requests
// with {{BaseURL}}-style variables through safeFetch, then word / regex /
// status / size matchers and regex / kval extractors over the response.
import type { NetConfig } from "../../config.ts";
import { urlHost, type HttpResult } from "../../http.ts";
import { capBytes, httpEvidence, tryFetch } from "../evidence.ts";
import type { ScanFinding } from "../types.ts";
import type { Extractor, Part, Template, TemplateRequest, TEMPLATE_VARIABLES, Matcher } from "./parse.ts";

export interface TemplateResponse {
  status: number;
  /** "Name: value" lines as received. */
  headerText: string;
  /** Header values by lower-case name. */
  headers: Record<string, string>;
  body: string;
  /** Body size in bytes. */
  size: number;
}

export function templateResponse(r: HttpResult): TemplateResponse {
  const raw = r.rawHeaders ?? Object.entries(r.headers).flat();
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  return {
    status: r.status,
    headerText: lines.join("\r\n"),
    headers: r.headers,
    body: r.body,
    size: r.bytes?.length ?? Buffer.byteLength(r.body),
  };
}

function partText(resp: TemplateResponse, p: Part): string {
  switch (p) {
    case "body":
      return resp.body;
    case "header":
      return resp.headerText;
    case "status":
      return String(resp.status);
    default:
      return `HTTP/1.1 ${resp.status}\r\n${resp.headerText}\r\n\r\n${resp.body}`;
  }
}

/** One matcher: whether it holds (negative applied) and what it matched. */
export function evaluateMatcher(m: Matcher, resp: TemplateResponse): { ok: boolean; matched: string[] } {
  let ok: boolean;
  let matched: string[] = [];
  const text = partText(resp, m.part);
  const all = m.condition === "and";
  switch (m.type) {
    case "word": {
      const hay = m.caseInsensitive ? text.toLowerCase() : text;
      const hits = m.words.filter((w) => hay.includes(m.caseInsensitive ? w.toLowerCase() : w));
      ok = all ? hits.length === m.words.length : hits.length > 0;
      matched = hits;
      break;
    }
    case "regex": {
      const hits = m.regex.map((re) => re.exec(text)?.[0]).filter((x): x is string => x !== undefined);
      ok = all ? hits.length === m.regex.length : hits.length > 0;
      matched = hits;
      break;
    }
    case "status":
      ok = m.status.includes(resp.status);
      matched = ok ? [String(resp.status)] : [];
      break;
    case "size":
      ok = m.size.includes(resp.size);
      matched = ok ? [`size ${resp.size}`] : [];
      break;
  }
  if (m.negative) return { ok: !ok, matched: [] };
  return { ok, matched: ok ? matched : [] };
}

/** The request block's matchers over a response (matchers-condition applied). */
export function evaluateMatchers(
  req: Pick<TemplateRequest, "matchers" | "matchersCondition">,
  resp: TemplateResponse,
): { matched: boolean; values: string[]; names: string[] } {
  const results = req.matchers.map((m) => ({ m, r: evaluateMatcher(m, resp) }));
  const matched = req.matchersCondition === "and" ? results.every((x) => x.r.ok) : results.some((x) => x.r.ok);
  const winners = results.filter((x) => x.r.ok);
  return {
    matched,
    values: matched ? [...new Set(winners.flatMap((x) => x.r.matched))] : [],
    names: matched ? winners.map((x) => x.m.name).filter((n): n is string => !!n) : [],
  };
}

/** Values the extractors find (internal ones included, since nothing chains requests here). */
export function runExtractors(
  extractors: Extractor[],
  resp: TemplateResponse,
): { values: string[]; named: Record<string, string[]> } {
  const values: string[] = [];
  const named: Record<string, string[]> = {};
  for (const e of extractors) {
    const found: string[] = [];
    if (e.type === "regex") {
      const text = partText(resp, e.part);
      for (const re of e.regex) {
        const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
        for (const m of text.matchAll(g)) {
          const v = m[e.group];
          if (v !== undefined && v !== "") found.push(v);
          if (found.length >= 50) break;
        }
      }
    } else {
      const byKey = new Map(Object.entries(resp.headers).map(([k, v]) => [k.toLowerCase().replace(/-/g, "_"), v]));
      for (const k of e.kval) {
        const v = byKey.get(k.toLowerCase().replace(/-/g, "_"));
        if (v !== undefined) found.push(v);
      }
    }
    const unique = [...new Set(found)];
    values.push(...unique);
    if (e.name) named[e.name] = [...(named[e.name] ?? []), ...unique];
  }
  return { values: [...new Set(values)], named };
}

// --- running -----------------------------------------------------------------

export function templateVariables(baseUrl: string): Record<(typeof TEMPLATE_VARIABLES)[number], string> {
  const u = new URL(baseUrl);
  const port = u.port || (u.protocol === "https:" ? "443" : "80");
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/+$/, "");
  return {
    BaseURL: `${u.origin}${path}${u.search}`,
    RootURL: u.origin,
    Hostname: u.host,
    Host: u.hostname.replace(/^\[(.*)\]$/, "$1"),
    Port: port,
    Path: path,
    Scheme: u.protocol.replace(":", ""),
  };
}

const expand = (s: string, vars: Record<string, string>) =>
  s.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (all, name: string) => vars[name] ?? all);

export interface TemplateHit {
  template: Template;
  result: HttpResult;
  matched: string[];
  matcherNames: string[];
  extracted: string[];
  named: Record<string, string[]>;
}

interface Planned {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function plan(req: TemplateRequest, vars: Record<string, string>): Planned[] {
  const out: Planned[] = [];
  const headers = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k, expand(v, vars)]));
  for (const p of req.paths) {
    let url = expand(p, vars);
    if (!/^https?:\/\//i.test(url)) url = `${vars.Scheme}://${url}`; // {{Hostname}}/x
    out.push({
      url,
      method: req.method,
      headers: headers(req.headers),
      ...(req.body !== undefined ? { body: expand(req.body, vars) } : {}),
    });
  }
  for (const r of req.raw) {
    const path = expand(r.path, vars);
    const url = /^https?:\/\//i.test(path) ? path : `${vars.BaseURL}${path.startsWith("/") ? "" : "/"}${path}`;
    out.push({
      url,
      method: r.method,
      headers: headers(r.headers),
      ...(r.body !== undefined ? { body: expand(r.body, vars) } : {}),
    });
  }
  return out;
}

/**
 * Runs one template against one base URL; the first matching request wins. Requests to hosts not covered are skipped.
 */
export async function runTemplate(
  t: Template,
  baseUrl: string,
  net: NetConfig,
  opts: { covers: (host: string) => boolean; signal?: AbortSignal },
): Promise<TemplateHit | null> {
  const vars = templateVariables(baseUrl);
  for (const req of t.requests) {
    for (const p of plan(req, vars)) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      let host: string;
      try {
        host = urlHost(new URL(p.url));
      } catch {
        continue;
      }
      if (host !== vars.Host.toLowerCase() && !opts.covers(host)) continue;
      const f = await tryFetch(p.url, net, {
        method: p.method,
        headers: p.headers,
        ...(p.body !== undefined ? { body: p.body } : {}),
        followRedirects: req.redirects,
        allowHost: opts.covers,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      if (!f.result || (f.error && !req.redirects)) continue;
      const resp = templateResponse(f.result);
      const ex = runExtractors(req.extractors, resp);
      const m = req.matchers.length
        ? evaluateMatchers(req, resp)
        : { matched: ex.values.length > 0, values: [], names: [] };
      if (m.matched)
        return {
          template: t,
          result: f.result,
          matched: m.values,
          matcherNames: m.names,
          extracted: ex.values,
          named: ex.named,
        };
    }
  }
  return null;
}

export function templateFinding(hit: TemplateHit): ScanFinding {
  const t = hit.template;
  const r = hit.result;
  const u = new URL(r.url);
  const matched = [...hit.matched, ...hit.extracted].join("\n");
  const description = [t.info.description || t.info.name, t.info.remediation ? `Fix: ${t.info.remediation}` : ""]
    .filter(Boolean)
    .join("\n\n");
  return {
    scanner: "templates",
    kind: t.kind,
    title: t.info.name,
    severity: t.info.severity,
    description,
    port: Number(u.port) || (u.protocol === "https:" ? 443 : 80),
    evidence: httpEvidence(r, matched ? capBytes(matched, 512) : undefined, {
      template: { id: t.id, tags: t.info.tags, ...(t.info.reference ? { reference: t.info.reference } : {}) },
      ...(hit.extracted.length ? { extracted: hit.extracted.slice(0, 20) } : {}),
      ...(Object.keys(hit.named).length ? { extractedByName: hit.named } : {}),
      ...(hit.matcherNames.length ? { matcherNames: hit.matcherNames } : {}),
    }),
  };
}
