// The http: (or requests:) blocks of a template: paths or raw requests,
// payloads, redirects, cookies, request conditions. Fields that would make us
// send something other than what the template says are refused.
import { checkLiteralPlaceholders, checkPlaceholders } from "./expressions.ts";
import { TemplateError, type HttpRequest, type RawRequest } from "./model.ts";
import { isObj, numbers, parseOperators, strings, type Obj } from "./operators.ts";
import { combinationCount, parsePayloads } from "./payloads.ts";

/** Fields we accept without acting on them: they tune nuclei's own scheduling or output. */
const IGNORED = new Set(["threads", "read-all", "disable-path-automerge", "name", "description"]);
const HANDLED = new Set([
  "id",
  "method",
  "path",
  "raw",
  "headers",
  "body",
  "payloads",
  "attack",
  "redirects",
  "host-redirects",
  "max-redirects",
  "stop-at-first-match",
  "req-condition",
  "cookie-reuse",
  "disable-cookie",
  "max-size",
  "skip-variables-check",
  "matchers",
  "matchers-condition",
  "extractors",
]);
/** Refused, with the reason. */
const REFUSED: Record<string, string> = {
  unsafe: "unsafe (raw-socket) requests are not sent: every request goes through safeFetch, which normalises it",
  race: "race-condition requests are not sent",
  race_count: "race-condition requests are not sent",
  pipeline: "HTTP pipelining is not used",
  fuzzing: "fuzzing rules are not run (DAST)",
  "iterate-all": "iterate-all (one request per extracted value) is not supported",
  "digest-username": "digest authentication is not supported",
  "digest-password": "digest authentication is not supported",
  signature: "request signing (AWS) is not supported",
};

const DURATION = /^(\d+)(ms|s|m)?$/;

function parseRaw(text: string, where: string): RawRequest {
  const lines = text
    .replace(/\r\n/g, "\n")
    .replace(/^\s*\n/, "")
    .split("\n");
  let timeoutMs: number | undefined;
  while (lines[0]?.trim().startsWith("@")) {
    const line = lines.shift()!.trim();
    const m = /^@([\w-]+)\s*:\s*(.*)$/.exec(line);
    if (m?.[1]?.toLowerCase() === "timeout") {
      const d = DURATION.exec(m[2]!.trim());
      if (!d) throw new TemplateError(`${where}: @timeout "${m[2]}" is not a duration`);
      timeoutMs = Number(d[1]) * ({ ms: 1, s: 1000, m: 60_000 }[(d[2] ?? "s") as "ms" | "s" | "m"] ?? 1000);
    } else throw new TemplateError(`${where}: the annotation ${line.split(":")[0]} is not supported`, "raw annotation");
  }
  const first = lines[0]?.trim() ?? "";
  if (!/^[A-Za-z]+\s+\S+(?:\s+HTTP\/[\d.]+)?$/.test(first))
    throw new TemplateError(`${where}: raw request line "${first}" is not "METHOD /path HTTP/1.1"`);
  for (const line of lines.slice(1)) {
    if (line.trim() === "") break;
    const m = /^host\s*:\s*(.*)$/i.exec(line);
    if (m && !/^\{\{\s*(Hostname|Host)\s*\}\}(?::\{\{\s*Port\s*\}\})?$/.test(m[1]!.trim()))
      throw new TemplateError(
        `${where}: a Host header other than {{Hostname}} is not sent (we always send the vetted name)`,
        "custom Host header",
      );
  }
  return { text: lines.join("\n"), ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
}

export interface BlockContext {
  index: number;
  source: string;
  root?: string;
  /** Whether a name is defined where request fields are expanded. */
  known: (name: string) => boolean;
}

export function parseHttpBlock(b: Obj, ctx: BlockContext): HttpRequest {
  const where = `http request ${ctx.index + 1}`;
  for (const k of Object.keys(b)) {
    if (REFUSED[k] !== undefined && b[k] !== false && b[k] !== null)
      throw new TemplateError(`${where}: ${REFUSED[k]}`, k === "race_count" ? "race" : k);
    if (!HANDLED.has(k) && !IGNORED.has(k) && REFUSED[k] === undefined)
      throw new TemplateError(`${where}: the field "${k}" is not supported`, `http field ${k}`);
  }
  const paths = strings(b.path, `${where} path`);
  const raw = strings(b.raw, `${where} raw`).map((r, i) => parseRaw(r, `${where} raw ${i + 1}`));
  if (!paths.length && !raw.length) throw new TemplateError(`${where}: needs path or raw`);
  for (const p of paths)
    if (!/^\{\{\s*(BaseURL|RootURL|Hostname)\s*\}\}/.test(p))
      throw new TemplateError(`${where}: path "${p}" must start with {{BaseURL}}, {{RootURL}} or {{Hostname}}`);
  const headers: Record<string, string> = {};
  if (b.headers !== undefined && b.headers !== null) {
    if (!isObj(b.headers)) throw new TemplateError(`${where}: headers must be a mapping`);
    for (const [k, v] of Object.entries(b.headers)) headers[k] = String(v);
  }
  if (Object.keys(headers).some((h) => h.toLowerCase() === "host"))
    throw new TemplateError(
      `${where}: a Host header is not sent (we always send the vetted name)`,
      "custom Host header",
    );
  const body = b.body === undefined || b.body === null ? undefined : String(b.body);
  const payloads = parsePayloads(b.payloads, b.attack, where, ctx);
  const payloadNames = new Set(Object.keys(payloads?.sets ?? {}));
  const known = (n: string) => payloadNames.has(n) || ctx.known(n);
  const literal = b["skip-variables-check"] === true;
  const texts = [...paths, ...Object.values(headers), body, ...raw.map((r) => r.text)];
  if (literal) checkLiteralPlaceholders(texts);
  else checkPlaceholders(texts, known);
  const method = String(b.method ?? "GET").toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new TemplateError(`${where}: method "${method}" is not valid`);
  const maxRedirects = b["max-redirects"] === undefined ? 10 : numbers(b["max-redirects"], "max-redirects")[0]!;
  const maxSize = b["max-size"] === undefined ? undefined : numbers(b["max-size"], "max-size")[0]!;
  return {
    kind: "http",
    ...(typeof b.id === "string" ? { id: b.id } : {}),
    method,
    paths,
    raw,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(payloads ? { payloads } : {}),
    redirects: b.redirects === true ? "any" : b["host-redirects"] === true ? "host" : "none",
    maxRedirects,
    stopAtFirstMatch: b["stop-at-first-match"] === true,
    reqCondition: b["req-condition"] === true,
    cookieReuse: b["disable-cookie"] !== true,
    keepUnresolved: literal,
    ...(maxSize !== undefined ? { maxSize } : {}),
    operators: parseOperators(b, where),
    requestCount: (paths.length + raw.length) * combinationCount(payloads),
  };
}
