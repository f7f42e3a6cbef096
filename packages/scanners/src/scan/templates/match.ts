// Matchers and extractors over one event: the fields a protocol exposes for a
// response (http: body, all_headers, status_code, every header by its
// lower-case name…; network: data; ssl: the handshake's facts; dns: answer…).
import { evaluateDsl, toText, type Variables } from "./dsl/eval.ts";
import { expandLenient } from "./expressions.ts";
import { jq } from "./jq.ts";
import type { Extractor, Matcher, Operators, Protocol } from "./model.ts";
import { globalRegex } from "./regex.ts";

export interface TemplateEvent {
  /** Field values by name. */
  values: Variables;
  /** Raw bytes of the fields that have them (body, data…), for binary matchers and sizes. */
  bytes: Record<string, Buffer>;
}

/** The field a part names, per protocol (nuclei's defaults and aliases). */
export function partKey(protocol: Protocol, part: string): string {
  const p = part.trim();
  const lower = p.toLowerCase();
  switch (protocol) {
    case "http":
      if (lower === "" || lower === "body") return "body";
      if (lower === "header" || lower === "headers") return "all_headers";
      if (lower === "raw") return "response";
      if (lower === "status") return "status_code";
      return p;
    case "network":
      return lower === "" || lower === "body" || lower === "all" ? "data" : p;
    case "ssl":
      return lower === "" || lower === "body" || lower === "all" ? "response" : p;
    case "dns":
      return lower === "" || lower === "body" || lower === "all" ? "raw" : p;
  }
}

function lookup(ev: TemplateEvent, key: string): unknown {
  if (key in ev.values) return ev.values[key];
  const alt = key.toLowerCase().replace(/-/g, "_");
  return ev.values[alt];
}

/** The text of a part, or undefined when the event has no such field. */
function partText(protocol: Protocol, ev: TemplateEvent, part: string): string | undefined {
  const key = partKey(protocol, part);
  if (protocol === "http" && key.toLowerCase() === "all") return toText(ev.values.body) + toText(ev.values.all_headers);
  const v = lookup(ev, key);
  return v === undefined ? undefined : toText(v);
}

function partBytes(protocol: Protocol, ev: TemplateEvent, part: string): Buffer | undefined {
  const key = partKey(protocol, part);
  if (ev.bytes[key]) return ev.bytes[key];
  const text = partText(protocol, ev, part);
  return text === undefined ? undefined : Buffer.from(text, "utf8");
}

export interface MatcherResult {
  ok: boolean;
  /** What matched (for the evidence); empty for negative matchers. */
  matched: string[];
}

function listMatch<T>(items: T[], all: boolean, matchAll: boolean, hit: (item: T) => string[]): MatcherResult {
  const matched: string[] = [];
  let count = 0;
  for (const item of items) {
    const found = hit(item);
    if (found.length) {
      count++;
      matched.push(...found);
      if (!all && !matchAll) break;
    } else if (all) return { ok: false, matched: [] };
  }
  return { ok: count > 0, matched };
}

export function evaluateMatcher(protocol: Protocol, m: Matcher, ev: TemplateEvent, vars: Variables): MatcherResult {
  const all = m.condition === "and";
  const scope = { ...vars, ...ev.values };
  let r: MatcherResult;
  switch (m.type) {
    case "status": {
      const status = Number(ev.values.status_code);
      r = { ok: m.status.includes(status), matched: [String(status)] };
      break;
    }
    case "size": {
      const size = partBytes(protocol, ev, m.part)?.length;
      r = { ok: size !== undefined && m.size.includes(size), matched: [`size ${size}`] };
      break;
    }
    case "dsl":
      r = listMatch(m.dsl, all, false, (d) => {
        try {
          return evaluateDsl(d, scope) === true ? [d] : [];
        } catch {
          return [];
        }
      });
      break;
    case "binary": {
      const bytes = partBytes(protocol, ev, m.part);
      r = bytes ? listMatch(m.binary, all, m.matchAll, (b) => (bytes.includes(b) ? [b.toString("hex")] : [])) : miss;
      break;
    }
    case "word": {
      const text = partText(protocol, ev, m.part);
      if (text === undefined) {
        r = miss;
        break;
      }
      const hay = m.caseInsensitive ? text.toLowerCase() : text;
      r = listMatch(m.words, all, m.matchAll, (w) => {
        const word = expandLenient(w, scope);
        return hay.includes(m.caseInsensitive ? word.toLowerCase() : word) ? [word] : [];
      });
      break;
    }
    case "regex": {
      const text = partText(protocol, ev, m.part);
      r =
        text === undefined
          ? miss
          : listMatch(m.regex, all, m.matchAll, (re) =>
              m.matchAll
                ? [...text.matchAll(globalRegex(re))].map((x) => x[0])
                : re.test(text)
                  ? [re.exec(text)![0]]
                  : [],
            );
      break;
    }
  }
  if (m.negative) return { ok: !r.ok, matched: [] };
  return r.ok ? r : miss;
}

const miss: MatcherResult = { ok: false, matched: [] };

export interface OperatorsResult {
  matched: boolean;
  /** What the matchers matched (for the evidence). */
  values: string[];
  /** Names of the matchers that held (not internal ones). */
  names: string[];
  /** Extracted values to report (internal extractors left out). */
  extracted: string[];
  /** Every named extractor's values, internal ones included (they feed later requests). */
  named: Record<string, string[]>;
}

export async function runExtractors(
  protocol: Protocol,
  extractors: Extractor[],
  ev: TemplateEvent,
  vars: Variables,
): Promise<Pick<OperatorsResult, "extracted" | "named">> {
  const extracted: string[] = [];
  const named: Record<string, string[]> = {};
  const scope = { ...vars, ...ev.values };
  for (const e of extractors) {
    let found: string[] = [];
    if (e.type === "regex") {
      const text = partText(protocol, ev, e.part) ?? "";
      for (const re of e.regex)
        for (const m of text.matchAll(globalRegex(re))) {
          const v = m[e.group];
          if (v) found.push(v);
          if (found.length >= 100) break;
        }
    } else if (e.type === "kval") {
      for (const k of e.kval) {
        const v = lookup(ev, k);
        if (v !== undefined && toText(v) !== "") found.push(toText(v));
      }
    } else if (e.type === "json") {
      const text = partText(protocol, ev, e.part);
      if (text !== undefined) for (const filter of e.json) found.push(...(await jq(text, filter)));
    } else {
      for (const d of e.dsl) {
        try {
          // A list (dns' cname, ssl's subject_an) gives one value per item.
          const v = evaluateDsl(d, scope);
          found.push(...(Array.isArray(v) ? v : [v]).map(toText).filter(Boolean));
        } catch {
          // a field the response does not have: nothing extracted
        }
      }
    }
    if (e.caseInsensitive) found = found.map((v) => v.toLowerCase());
    const unique = [...new Set(found)];
    if (!e.internal) extracted.push(...unique);
    if (e.name && unique.length) named[e.name] = [...new Set([...(named[e.name] ?? []), ...unique])];
  }
  return { extracted: [...new Set(extracted)], named };
}

/** Matchers (with matchers-condition) and extractors; without matchers, extracting something is a match. */
export async function runOperators(
  protocol: Protocol,
  ops: Operators,
  ev: TemplateEvent,
  vars: Variables,
): Promise<OperatorsResult> {
  const ex = await runExtractors(protocol, ops.extractors, ev, vars);
  if (!ops.matchers.length) return { matched: ex.extracted.length > 0, values: [], names: [], ...ex };
  const results = ops.matchers.map((m) => ({ m, r: evaluateMatcher(protocol, m, ev, vars) }));
  const held = ops.matchersCondition === "and" ? results.every((x) => x.r.ok) : results.some((x) => x.r.ok);
  const winners = held ? results.filter((x) => x.r.ok && !x.m.internal) : [];
  return {
    // Internal matchers steer (and feed extractors) but report nothing on their own.
    matched: winners.length > 0,
    values: [...new Set(winners.flatMap((x) => x.r.matched))],
    names: winners.map((x) => x.m.name).filter((n): n is string => !!n),
    ...ex,
  };
}
