// Matchers and extractors over one HTTP response. A matcher list holds when
// every matcher holds; what each positive matcher saw is kept as the
// finding's "matched" text.
import type { HttpResult } from "../../http.ts";
import type { Extractor, Matcher, Part } from "../format/index.ts";
import { extractJson, matchShape, parseJson } from "./json.ts";

const CAP = 200;
const cut = (s: string) => (s.length > CAP ? `${s.slice(0, CAP)}…` : s);

const jsonCache = new WeakMap<HttpResult, unknown>();
function jsonOf(r: HttpResult): unknown {
  if (!jsonCache.has(r)) jsonCache.set(r, parseJson(r.body));
  return jsonCache.get(r);
}

const headerLines = (r: HttpResult) =>
  Object.entries(r.headers)
    .flatMap(([k, v]) => (k === "set-cookie" ? v.split("\n").map((c) => `${k}: ${c}`) : [`${k}: ${v}`]))
    .join("\n");

/** The text a part names, and how a hit in it is shown. */
function partText(r: HttpResult, part: Part = "body"): { text: string; show: (hit: string) => string } {
  if (part === "body") return { text: r.body, show: cut };
  if (part === "headers") return { text: headerLines(r), show: cut };
  if (part === "all") return { text: `${headerLines(r)}\n\n${r.body}`, show: cut };
  const name = part.slice("header:".length);
  const value = r.headers[name] ?? "";
  return { text: value, show: () => cut(`${name}: ${value}`) };
}

export interface MatchOutcome {
  ok: boolean;
  /** What the positive matchers saw. */
  seen: string[];
}

function one(m: Matcher, r: HttpResult): MatchOutcome {
  if ("any" in m) {
    // Every branch is evaluated, so "matched" lists all that hold (each disclosed header, say).
    const outcomes = m.any.map((x) => one(x, r));
    return { ok: outcomes.some((o) => o.ok), seen: outcomes.filter((o) => o.ok).flatMap((o) => o.seen) };
  }
  let ok: boolean;
  let seen: string[] = [];
  if ("status" in m) {
    ok = m.status.includes(r.status);
  } else if ("contentType" in m) {
    m.contentType.lastIndex = 0;
    ok = m.contentType.test(r.headers["content-type"] ?? "");
  } else if ("magic" in m) {
    const bytes = r.bytes ?? Buffer.from(r.body, "latin1");
    const magic = Buffer.from(m.magic, "hex");
    const at = m.offset ?? 0;
    ok = bytes.length >= at + magic.length && bytes.subarray(at, at + magic.length).equals(magic);
    seen = [`bytes ${at}..${at + magic.length}: ${m.magic}`];
  } else if ("json" in m) {
    const shown = matchShape(jsonOf(r), m.json);
    ok = shown !== null;
    seen = shown ?? [];
  } else if ("words" in m) {
    const { text, show } = partText(r, m.part);
    const hay = m.caseInsensitive ? text.toLowerCase() : text;
    const hits = m.words.filter((w) => hay.includes(m.caseInsensitive ? w.toLowerCase() : w));
    ok = m.condition === "or" ? hits.length > 0 : hits.length === m.words.length;
    seen = m.part?.startsWith("header:") ? (hits.length ? [show("")] : []) : hits.map(show);
  } else {
    const { text, show } = partText(r, m.part);
    const hits = m.regex.flatMap((re) => {
      re.lastIndex = 0;
      const found = re.exec(text);
      return found ? [found[0]] : [];
    });
    ok = m.condition === "or" ? hits.length > 0 : hits.length === m.regex.length;
    seen = hits.map((h) => show(h.replace(/\s+/g, " ").trim()));
  }
  if (m.negative) return { ok: !ok, seen: [] };
  return { ok, seen: ok ? seen : [] };
}

/** Every matcher holds (and what they saw). */
export function evaluateMatchers(matchers: readonly Matcher[], r: HttpResult): MatchOutcome {
  const seen: string[] = [];
  for (const m of matchers) {
    const o = one(m, r);
    if (!o.ok) return { ok: false, seen: [] };
    seen.push(...o.seen);
  }
  return { ok: true, seen };
}

/** Values the extractors find (absent ones are left out). */
export function runExtractors(extractors: readonly Extractor[] | undefined, r: HttpResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const x of extractors ?? []) {
    if ("json" in x) {
      const v = extractJson(jsonOf(r), x.json);
      if (v !== null && !(Array.isArray(v) && !v.length)) out[x.name] = v;
      continue;
    }
    const { text } = partText(r, x.part);
    const flags = x.regex.flags.includes("g") ? x.regex.flags : `${x.regex.flags}g`;
    const matches = [...text.matchAll(new RegExp(x.regex.source, flags))];
    const group = x.group ?? (matches[0] && matches[0].length > 1 ? 1 : 0);
    const values = matches.map((m) => m[group]).filter((v): v is string => typeof v === "string" && v !== "");
    if (x.all ? values.length : values[0]) out[x.name] = x.all ? [...new Set(values)] : values[0];
  }
  return out;
}
