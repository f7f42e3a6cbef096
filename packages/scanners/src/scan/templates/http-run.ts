// Runs a template's http blocks against one web endpoint: paths or raw
// requests expanded with the target's, the template's, the payloads' and the
// extracted variables; one cookie jar per run; redirects followed hop by hop
// (each hop through safeFetch, only to hosts the ownership proof covers, and
// with host-redirects only to the same host); identical requests sent once.
import { CookieJar } from "tough-cookie";
import type { NetConfig } from "../../config.ts";
import { isRedirect, redirectTurnsIntoGet, urlHost, type HttpResult } from "../../http.ts";
import { httpEvidence, tryFetch } from "../evidence.ts";
import { bytesWithText, type Variables } from "./dsl/eval.ts";
import { expand as expandStrict, expandLenient, UnresolvedError } from "./expressions.ts";
import { runOperators, type TemplateEvent } from "./match.ts";
import type { HttpRequest, Template } from "./model.ts";
import { combinations } from "./payloads.ts";
import { RequestCache } from "./request-cache.ts";
import { hitOf, type Hit, type RunContext } from "./run-types.ts";

/** One request as it goes out. */
interface Built {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

const MAX_TEMPLATE_TIMEOUT_MS = 30_000;

function parseRawText(text: string, vars: Variables): Built {
  const [head = "", ...rest] = text.split(/\r?\n\r?\n/);
  const lines = head.split(/\r?\n/);
  const [method = "GET", target = "/"] = lines[0]!.trim().split(/\s+/);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i > 0 && line.slice(0, i).trim().toLowerCase() !== "host")
      headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const body = rest.join("\n\n").replace(/\r?\n$/, "");
  const url = /^https?:\/\//i.test(target)
    ? target
    : `${String(vars.BaseURL)}${target.startsWith("/") ? "" : "/"}${target}`;
  return { url, method: method.toUpperCase(), headers, ...(body ? { body } : {}) };
}

/** The requests of a block for one payload combination, in order (paths then raw), or null where one is unresolved. */
function build(req: HttpRequest, vars: Variables): Array<Built | null> {
  const expand = req.keepUnresolved ? expandLenient : expandStrict;
  const attempt = (fn: () => Built) => {
    try {
      return fn();
    } catch (err) {
      if (err instanceof UnresolvedError) return null;
      throw err;
    }
  };
  return [
    ...req.paths.map((p) =>
      attempt(() => {
        let url = expand(p, vars);
        if (!/^https?:\/\//i.test(url)) url = `${String(vars.Scheme)}://${url}`;
        return {
          url,
          method: req.method,
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, expand(v, vars)])),
          ...(req.body !== undefined ? { body: expand(req.body, vars) } : {}),
        };
      }),
    ),
    ...req.raw.map((r) =>
      attempt(() => ({
        ...parseRawText(expand(r.text, vars), vars),
        ...(r.timeoutMs !== undefined ? { timeoutMs: r.timeoutMs } : {}),
      })),
    ),
  ];
}

interface Exchange {
  result: HttpResult;
  durationMs: number;
}

/** One request and the redirects the block allows, each hop through safeFetch and the cookie jar. */
async function send(b: Built, req: HttpRequest, ctx: RunContext, jar: CookieJar | null, runCache: RequestCache) {
  const net: NetConfig = {
    ...ctx.net,
    ...(b.timeoutMs !== undefined ? { httpTimeoutMs: Math.min(b.timeoutMs, MAX_TEMPLATE_TIMEOUT_MS) } : {}),
    ...(req.maxSize !== undefined ? { maxResponseBytes: Math.min(req.maxSize, ctx.net.maxResponseBytes) } : {}),
  };
  const start = Date.now();
  let url = b.url;
  let method = b.method;
  let body = b.body;
  for (let hop = 0; ; hop++) {
    const cookie = jar ? await jar.getCookieString(url) : "";
    const headers = { ...b.headers };
    if (cookie) headers.Cookie = headers.Cookie ? `${headers.Cookie}; ${cookie}` : cookie;
    const key = JSON.stringify([
      method,
      url,
      Object.entries(headers).sort(),
      body,
      net.httpTimeoutMs,
      net.maxResponseBytes,
    ]);
    const fetch = () =>
      tryFetch(url, net, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        followRedirects: false,
        keepBytes: true,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
    const shared = ctx.cache && (method === "GET" || method === "HEAD") && body === undefined;
    const f = await (shared ? ctx.cache! : runCache).get(key, fetch);
    if (!f.result) return null;
    const r = f.result;
    if (jar)
      for (const c of (r.headers["set-cookie"] ?? "").split("\n").filter(Boolean))
        await jar.setCookie(c, url, { ignoreError: true });
    const location = r.headers.location;
    if (req.redirects === "none" || !isRedirect(r.status, location) || hop >= Math.min(req.maxRedirects, 10))
      return { result: r, durationMs: Date.now() - start };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { result: r, durationMs: Date.now() - start };
    }
    const host = urlHost(next);
    const allowed =
      (next.protocol === "http:" || next.protocol === "https:") &&
      (req.redirects === "host" ? host === urlHost(new URL(url)) : ctx.covers(host));
    if (!allowed) return { result: r, durationMs: Date.now() - start };
    if (redirectTurnsIntoGet(r.status, method)) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
    }
    url = next.href;
  }
}

/** The fields nuclei exposes for an HTTP response. */
export function httpEvent(x: Exchange): TemplateEvent {
  const r = x.result;
  const raw = r.rawHeaders ?? Object.entries(r.headers).flat();
  let allHeaders = "";
  for (let i = 0; i + 1 < raw.length; i += 2) allHeaders += `${raw[i]}: ${raw[i + 1]}\r\n`;
  const bytes = r.bytes ?? Buffer.from(r.body);
  const status = `${r.httpVersion ?? "HTTP/1.1"} ${r.status}${r.statusMessage ? ` ${r.statusMessage}` : ""}`;
  const values: Variables = {};
  for (const [k, v] of Object.entries(r.headers)) values[k.replace(/-/g, "_")] = v;
  const declared = Number(r.headers["content-length"]);
  Object.assign(values, {
    body: bytesWithText(bytes, r.body),
    all_headers: allHeaders,
    header: allHeaders,
    status_code: r.status,
    content_length: Number.isInteger(declared) && declared >= 0 ? declared : bytes.length,
    response: `${status}\r\n${allHeaders}\r\n${r.body}`,
    raw: `${status}\r\n${allHeaders}\r\n${r.body}`,
    request: r.request ? `${r.request.method} ${r.request.target} HTTP/1.1` : "",
    host: urlHost(new URL(r.url)),
    matched: r.url,
    duration: x.durationMs / 1000,
  });
  return { values, bytes: { body: bytes } };
}

/** Adds the response's fields under `<key>_<n>` (and `<id>_<key>` for named requests), for later matchers. */
function remember(history: Variables, ev: TemplateEvent, n: number, id: string | undefined): void {
  for (const [k, v] of Object.entries(ev.values)) {
    history[`${k}_${n}`] = v;
    if (id) history[`${id}_${k}`] = v;
  }
}

export async function runHttp(t: Template, vars: Variables, ctx: RunContext): Promise<Hit[]> {
  const hits: Hit[] = [];
  const dynamic: Variables = {};
  const runCache = new RequestCache(256);
  const jar = new CookieJar();
  for (const req of t.requests) {
    if (req.kind !== "http") continue;
    let stop = false;
    for (const combo of combinations(req.payloads)) {
      const history: Variables = {};
      const scope = () => ({ ...vars, ...combo, ...dynamic });
      const built = build(req, scope());
      for (let i = 0; i < built.length && !stop; i++) {
        if (ctx.signal?.aborted) throw ctx.signal.reason;
        // Later requests of a sequence see what earlier ones extracted.
        const b = i === 0 ? built[0] : build(req, scope())[i];
        if (!b) continue;
        let host: string;
        try {
          host = urlHost(new URL(b.url));
        } catch {
          continue;
        }
        if (host !== String(vars.Host).toLowerCase() && !ctx.covers(host)) continue;
        const x = await send(b, req, ctx, req.cookieReuse ? jar : null, runCache);
        if (!x) continue;
        const ev = httpEvent(x);
        remember(history, ev, i + 1, req.id);
        if (req.reqCondition) Object.assign(ev.values, history);
        const ops = await runOperators("http", req.operators, ev, { ...scope(), ...history });
        for (const [name, values] of Object.entries(ops.named)) dynamic[name] = values[0];
        if (!ops.matched) continue;
        const u = new URL(x.result.url);
        hits.push(hitOf(ops, u.href, Number(u.port) || (u.protocol === "https:" ? 443 : 80), httpEvidence(x.result)));
        if (req.stopAtFirstMatch || t.stopAtFirstMatch) stop = true;
      }
      if (stop) break;
    }
    if (stop && t.stopAtFirstMatch) break;
  }
  return hits;
}
