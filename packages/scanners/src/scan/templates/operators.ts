// Matchers and extractors read from YAML (nuclei's field names and defaults).
// Whatever would change their meaning (an encoding we do not know, an xpath
// extractor, a regex JavaScript cannot express the same way) is refused here.
import { checkExpression, checkLiteralPlaceholders } from "./expressions.ts";
import { TemplateError, type Extractor, type Matcher, type Operators } from "./model.ts";
import { goRegex } from "./regex.ts";

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export function strings(v: unknown, what: string): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => {
    if (typeof x !== "string" && typeof x !== "number" && typeof x !== "boolean")
      throw new TemplateError(`${what} must be strings`);
    return String(x);
  });
}

export function numbers(v: unknown, what: string): number[] {
  const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
  return list.map((x) => {
    const n = typeof x === "number" ? x : Number(x);
    if (!Number.isInteger(n)) throw new TemplateError(`${what} must be integers`);
    return n;
  });
}

export function condition(v: unknown, where: string): "and" | "or" {
  const c = v === undefined || v === null || v === "" ? "or" : String(v).toLowerCase();
  if (c !== "and" && c !== "or") throw new TemplateError(`${where}: condition must be "and" or "or"`);
  return c;
}

function regexes(v: unknown, where: string, caseInsensitive: boolean): RegExp[] {
  return strings(v, `${where} regex`).map((r) => {
    try {
      return goRegex(r, caseInsensitive ? "i" : "");
    } catch (err) {
      throw new TemplateError(`${where}: ${(err as Error).message}`, "regex syntax");
    }
  });
}

function hexBytes(words: string[], where: string): Buffer[] {
  return words.map((w) => {
    const clean = w.replace(/\s+/g, "");
    if (!/^(?:[0-9a-f]{2})*$/i.test(clean)) throw new TemplateError(`${where}: "${w}" is not hex`);
    return Buffer.from(clean, "hex");
  });
}

const MATCHER_TYPES = ["word", "regex", "status", "size", "binary", "dsl"] as const;

function parseMatcher(m: unknown, where: string): Matcher {
  if (!isObj(m)) throw new TemplateError(`${where} must be a mapping`);
  const type = String(m.type ?? "") as Matcher["type"];
  if (!MATCHER_TYPES.includes(type))
    throw new TemplateError(`${where}: matcher type "${type}" is not supported`, `matcher ${type}`);
  const caseInsensitive = m["case-insensitive"] === true;
  let words = strings(m.words, `${where} words`);
  if (m.encoding !== undefined) {
    if (String(m.encoding) !== "hex") throw new TemplateError(`${where}: encoding "${m.encoding}" is not supported`);
    words = hexBytes(words, where).map((b) => b.toString("latin1"));
  }
  const matcher: Matcher = {
    type,
    part: m.part === undefined ? "" : String(m.part),
    words,
    regex: regexes(m.regex, where, caseInsensitive),
    status: numbers(m.status, `${where} status`),
    size: numbers(m.size, `${where} size`),
    binary: hexBytes(strings(m.binary, `${where} binary`), where),
    dsl: strings(m.dsl, `${where} dsl`),
    condition: condition(m.condition, where),
    negative: m.negative === true,
    caseInsensitive,
    matchAll: m["match-all"] === true,
    internal: m.internal === true,
    ...(typeof m.name === "string" ? { name: m.name } : {}),
  };
  const list = { word: words, regex: matcher.regex, status: matcher.status, size: matcher.size }[
    type as "word" | "regex" | "status" | "size"
  ];
  const empty = type === "binary" ? !matcher.binary.length : type === "dsl" ? !matcher.dsl.length : !list?.length;
  if (empty) throw new TemplateError(`${where}: a ${type} matcher needs its ${type === "word" ? "words" : type} list`);
  for (const d of matcher.dsl) checkExpression(d);
  // Words may hold expressions over the response ({{md5(randstr)}}), or a literal "{{" the page holds.
  checkLiteralPlaceholders(words);
  return matcher;
}

const EXTRACTOR_TYPES = ["regex", "kval", "json", "dsl"] as const;

function parseExtractor(e: unknown, where: string): Extractor {
  if (!isObj(e)) throw new TemplateError(`${where} must be a mapping`);
  const type = String(e.type ?? "") as Extractor["type"];
  if (!EXTRACTOR_TYPES.includes(type))
    throw new TemplateError(`${where}: extractor type "${type}" is not supported`, `extractor ${type}`);
  const caseInsensitive = e["case-insensitive"] === true;
  const extractor: Extractor = {
    type,
    part: e.part === undefined ? "" : String(e.part),
    regex: regexes(e.regex, where, false),
    group: e.group === undefined ? 0 : numbers(e.group, `${where} group`)[0]!,
    kval: strings(e.kval, `${where} kval`),
    json: strings(e.json, `${where} json`).map((j) => j.trim()),
    dsl: strings(e.dsl, `${where} dsl`),
    caseInsensitive,
    internal: e.internal === true,
    ...(typeof e.name === "string" ? { name: e.name } : {}),
  };
  const list = { regex: extractor.regex, kval: extractor.kval, json: extractor.json, dsl: extractor.dsl }[type];
  if (!list.length) throw new TemplateError(`${where}: a ${type} extractor needs its ${type} list`);
  for (const d of extractor.dsl) checkExpression(d);
  return extractor;
}

const list = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** matchers, matchers-condition and extractors of one request block. */
export function parseOperators(b: Obj, where: string): Operators {
  const ops: Operators = {
    matchers: list(b.matchers).map((m, i) => parseMatcher(m, `${where} matcher ${i + 1}`)),
    matchersCondition: condition(b["matchers-condition"], `${where} matchers-condition`),
    extractors: list(b.extractors).map((e, i) => parseExtractor(e, `${where} extractor ${i + 1}`)),
  };
  if (!ops.matchers.length && !ops.extractors.length) throw new TemplateError(`${where}: no matchers or extractors`);
  return ops;
}
