// nuclei-format YAML templates (HTTP only) read into our template model.
// What the engine cannot honour faithfully (other protocols, payloads, DSL,
// flows, unsupported matcher types, inline regex flags) makes the template
// refused here, with a reason, rather than run with a different meaning.
// Reading them from directories is load.ts; running them is run.ts.
import { parse as parseYaml } from "yaml";
import { SEVERITIES, toSeverity, type Severity } from "../types.ts";

export type Part = "body" | "header" | "all" | "status";

export interface Matcher {
  type: "word" | "regex" | "status" | "size";
  part: Part;
  words: string[];
  regex: RegExp[];
  status: number[];
  size: number[];
  condition: "and" | "or";
  negative: boolean;
  caseInsensitive: boolean;
  name?: string;
}

export interface Extractor {
  type: "regex" | "kval";
  part: Part;
  regex: RegExp[];
  group: number;
  kval: string[];
  name?: string;
  internal: boolean;
}

export interface TemplateRequest {
  method: string;
  /** URLs with variables, e.g. "{{BaseURL}}/.git/config". */
  paths: string[];
  /** Raw requests (method, path, headers, body), as an alternative to method + paths. */
  raw: Array<{ method: string; path: string; headers: Record<string, string>; body?: string }>;
  headers: Record<string, string>;
  body?: string;
  redirects: boolean;
  matchersCondition: "and" | "or";
  matchers: Matcher[];
  extractors: Extractor[];
}

export interface Template {
  id: string;
  info: {
    name: string;
    severity: Severity;
    tags: string[];
    description: string;
    remediation?: string;
    reference?: string[];
  };
  /**
   * The finding's kind; `info.metadata.ems-kind` names one of the built-in
   * checks' kinds so that both report one issue. Default `template.<id>`.
   */
  kind: string;
  requests: TemplateRequest[];
  /** File it came from. */
  source: string;
}

export class TemplateError extends Error {
  override name = "TemplateError";
}

/** The variables a request may use; anything else in {{…}} is refused at load time. */
export const TEMPLATE_VARIABLES = ["BaseURL", "RootURL", "Hostname", "Host", "Port", "Path", "Scheme"] as const;

// --- parsing -----------------------------------------------------------------

const UNSUPPORTED_PROTOCOLS = [
  "dns",
  "file",
  "network",
  "tcp",
  "headless",
  "ssl",
  "websocket",
  "whois",
  "code",
  "javascript",
  "workflows",
  "flow",
  "multi",
];
const UNSUPPORTED_REQUEST_KEYS = [
  "payloads",
  "attack",
  "fuzzing",
  "race",
  "race_count",
  "req-condition",
  "threads",
  "self-contained",
  "iterate-all",
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function strings(v: unknown, what: string): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => {
    if (typeof x !== "string" && typeof x !== "number") throw new TemplateError(`${what} must be strings`);
    return String(x);
  });
}

function numbers(v: unknown, what: string): number[] {
  const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
  return list.map((x) => {
    const n = typeof x === "number" ? x : Number(x);
    if (!Number.isInteger(n)) throw new TemplateError(`${what} must be integers`);
    return n;
  });
}

/** Go/RE2 syntax to a JavaScript RegExp: leading (?flags) become flags, (?P<n>…) becomes (?<n>…). */
export function goRegex(source: string, extraFlags = ""): RegExp {
  let src = source;
  const flags = new Set(extraFlags.split("").filter(Boolean));
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1]!) {
      if (f === "U") throw new TemplateError(`regex ${JSON.stringify(source)}: the U flag is not supported`);
      flags.add(f);
    }
    src = src.slice(lead[0].length);
  }
  if (/\(\?[imsU-]+[:)]/.test(src))
    throw new TemplateError(`regex ${JSON.stringify(source)}: inline flags are only supported at the start`);
  src = src
    .replace(/\(\?P</g, "(?<")
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "$");
  try {
    return new RegExp(src, [...flags].join(""));
  } catch (err) {
    throw new TemplateError(`regex ${JSON.stringify(source)}: ${(err as Error).message}`);
  }
}

function part(v: unknown, where: string): Part {
  const p = v === undefined ? "body" : String(v).toLowerCase();
  if (p === "body") return "body";
  if (p === "header" || p === "headers" || p === "all_headers") return "header";
  if (p === "all" || p === "response" || p === "raw") return "all";
  if (p === "status" || p === "status_code") return "status";
  throw new TemplateError(`${where}: part "${p}" is not supported (body, header, all)`);
}

function condition(v: unknown, where: string): "and" | "or" {
  const c = v === undefined ? "or" : String(v).toLowerCase();
  if (c !== "and" && c !== "or") throw new TemplateError(`${where}: condition must be "and" or "or"`);
  return c;
}

function parseMatcher(m: unknown, i: number): Matcher {
  const where = `matcher ${i + 1}`;
  if (!isObj(m)) throw new TemplateError(`${where} must be a mapping`);
  const type = String(m.type ?? "");
  if (type !== "word" && type !== "regex" && type !== "status" && type !== "size")
    throw new TemplateError(`${where}: type "${type}" is not supported (word, regex, status, size)`);
  if (m.encoding !== undefined) throw new TemplateError(`${where}: encoding is not supported`);
  const caseInsensitive = m["case-insensitive"] === true;
  const matcher: Matcher = {
    type,
    part: part(m.part, where),
    words: strings(m.words, `${where} words`),
    regex: strings(m.regex, `${where} regex`).map((r) => goRegex(r, caseInsensitive ? "i" : "")),
    status: numbers(m.status, `${where} status`),
    size: numbers(m.size, `${where} size`),
    condition: condition(m.condition, where),
    negative: m.negative === true,
    caseInsensitive,
    ...(typeof m.name === "string" ? { name: m.name } : {}),
  };
  const empty = {
    word: !matcher.words.length,
    regex: !matcher.regex.length,
    status: !matcher.status.length,
    size: !matcher.size.length,
  }[type];
  if (empty) throw new TemplateError(`${where}: a ${type} matcher needs its ${type === "word" ? "words" : type} list`);
  return matcher;
}

function parseExtractor(e: unknown, i: number): Extractor | null {
  const where = `extractor ${i + 1}`;
  if (!isObj(e)) throw new TemplateError(`${where} must be a mapping`);
  const type = String(e.type ?? "");
  // json, xpath, dsl: not supported, the template still runs without them.
  if (type !== "regex" && type !== "kval") return null;
  return {
    type,
    part: part(e.part, where),
    regex: strings(e.regex, `${where} regex`).map((r) => goRegex(r, e["case-insensitive"] === true ? "i" : "")),
    group: e.group === undefined ? 0 : numbers(e.group, `${where} group`)[0]!,
    kval: strings(e.kval, `${where} kval`),
    internal: e.internal === true,
    ...(typeof e.name === "string" ? { name: e.name } : {}),
  };
}

function parseRaw(text: string): TemplateRequest["raw"][number] {
  const normalized = text.replace(/\r\n/g, "\n").replace(/^\s*\n/, "");
  const [head, ...rest] = normalized.split(/\n\n/);
  const lines = head!.split("\n");
  const first = /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?\s*$/.exec(lines[0]!.trim());
  if (!first) throw new TemplateError(`raw request line "${lines[0]}" is not "METHOD /path HTTP/1.1"`);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const body = rest.join("\n\n");
  return { method: first[1]!, path: first[2]!, headers, ...(body.trim() ? { body } : {}) };
}

function checkVariables(texts: string[], custom: Record<string, string>): void {
  for (const t of texts) {
    for (const m of t.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
      const name = m[1]!;
      if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name) && !(name in custom))
        throw new TemplateError(`unsupported expression {{${name}}}`);
    }
  }
}

/** Parses one template; throws TemplateError saying what is wrong or unsupported. */
export function parseTemplate(text: string, source = "<inline>"): Template {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new TemplateError(`${source}: not valid YAML: ${(err as Error).message}`);
  }
  try {
    if (!isObj(doc)) throw new TemplateError("a template is a YAML mapping");
    const id = typeof doc.id === "string" ? doc.id : "";
    if (!/^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*$/.test(id))
      throw new TemplateError(`id "${id}" must be letters and digits separated by - _ .`);
    const info = doc.info;
    if (!isObj(info) || typeof info.name !== "string" || !info.name.trim())
      throw new TemplateError("info.name is required");
    const severity = String(info.severity ?? "").toLowerCase();
    if (![...SEVERITIES, "unknown"].includes(severity))
      throw new TemplateError(`info.severity "${severity}" must be one of ${SEVERITIES.join(", ")}`);
    for (const p of UNSUPPORTED_PROTOCOLS)
      if (doc[p] !== undefined) throw new TemplateError(`"${p}" templates are not supported, only http`);
    const blocks = doc.http ?? doc.requests;
    if (!Array.isArray(blocks) || !blocks.length) throw new TemplateError("no http requests (http: or requests:)");
    const custom: Record<string, string> = {};
    if (doc.variables !== undefined) {
      if (!isObj(doc.variables)) throw new TemplateError("variables must be a mapping");
      for (const [k, v] of Object.entries(doc.variables)) {
        if (typeof v !== "string" && typeof v !== "number") throw new TemplateError(`variable ${k} must be a string`);
        if (/\{\{/.test(String(v))) throw new TemplateError(`variable ${k}: expressions are not supported`);
        custom[k] = String(v);
      }
    }

    const requests = blocks.map((b: unknown, bi: number): TemplateRequest => {
      if (!isObj(b)) throw new TemplateError(`request ${bi + 1} must be a mapping`);
      for (const k of UNSUPPORTED_REQUEST_KEYS)
        if (b[k] !== undefined) throw new TemplateError(`request ${bi + 1}: "${k}" is not supported`);
      const paths = strings(b.path, "path");
      const raw = strings(b.raw, "raw").map(parseRaw);
      if (!paths.length && !raw.length) throw new TemplateError(`request ${bi + 1}: needs path or raw`);
      for (const p of paths)
        if (!/^\{\{\s*(BaseURL|RootURL|Hostname)\s*\}\}/.test(p))
          throw new TemplateError(`path "${p}" must start with {{BaseURL}}, {{RootURL}} or {{Hostname}}`);
      const headers: Record<string, string> = {};
      if (b.headers !== undefined) {
        if (!isObj(b.headers)) throw new TemplateError("headers must be a mapping");
        for (const [k, v] of Object.entries(b.headers)) headers[k] = String(v);
      }
      const body = b.body === undefined ? undefined : String(b.body);
      const matchers = (Array.isArray(b.matchers) ? b.matchers : b.matchers === undefined ? [] : [b.matchers]).map(
        parseMatcher,
      );
      const extractors = (Array.isArray(b.extractors) ? b.extractors : [])
        .map(parseExtractor)
        .filter((e): e is Extractor => e !== null);
      if (!matchers.length && !extractors.some((e) => !e.internal))
        throw new TemplateError(`request ${bi + 1}: no matchers or extractors`);
      checkVariables(
        [
          ...paths,
          ...Object.values(headers),
          body ?? "",
          ...raw.flatMap((r) => [r.path, ...Object.values(r.headers), r.body ?? ""]),
          ...matchers.flatMap((m) => m.words),
        ],
        custom,
      );
      const method = String(b.method ?? "GET").toUpperCase();
      if (!/^[A-Z]+$/.test(method)) throw new TemplateError(`method "${method}" is not valid`);
      return {
        method,
        paths,
        raw,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirects: b.redirects === true || b["host-redirects"] === true,
        matchersCondition: condition(b["matchers-condition"], `request ${bi + 1} matchers-condition`),
        matchers,
        extractors,
      };
    });
    // Custom variables are substituted now, once.
    const sub = (s: string) =>
      s.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (all, name: string) => (name in custom ? custom[name]! : all));
    for (const r of requests) {
      r.paths = r.paths.map(sub);
      for (const k of Object.keys(r.headers)) r.headers[k] = sub(r.headers[k]!);
      if (r.body !== undefined) r.body = sub(r.body);
      for (const raw of r.raw) {
        raw.path = sub(raw.path);
        for (const k of Object.keys(raw.headers)) raw.headers[k] = sub(raw.headers[k]!);
        if (raw.body !== undefined) raw.body = sub(raw.body);
      }
      for (const m of r.matchers) m.words = m.words.map(sub);
    }
    return {
      id,
      info: {
        name: info.name.trim(),
        severity: toSeverity(severity),
        tags: (typeof info.tags === "string" ? info.tags.split(",") : strings(info.tags, "info.tags"))
          .map((t) => t.trim())
          .filter(Boolean),
        description: typeof info.description === "string" ? info.description.trim() : "",
        ...(typeof info.remediation === "string" ? { remediation: info.remediation.trim() } : {}),
        ...(info.reference !== undefined ? { reference: strings(info.reference, "info.reference") } : {}),
      },
      kind: emsKind(info.metadata) ?? `template.${id}`,
      requests,
      source,
    };
  } catch (err) {
    if (err instanceof TemplateError) throw new TemplateError(`${source}: ${err.message}`);
    throw err;
  }
}

/** `info.metadata["ems-kind"]`, when it is a dotted kind like `http.exposed.git`. */
function emsKind(metadata: unknown): string | undefined {
  const kind = (metadata as Record<string, unknown> | undefined)?.["ems-kind"];
  return typeof kind === "string" && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(kind) ? kind : undefined;
}
