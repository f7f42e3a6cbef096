// JSON paths and shapes for matchers and extractors: "version.number",
// "databases[].name" ("[]": every element), "[0].index", "" (the document).
import type { JsonExpect, JsonShape } from "../format/index.ts";

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The values at a path (several when it crosses "[]"). */
export function valuesAt(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  const segments = path.match(/[^.[\]]+|\[\d*\]/g) ?? [];
  for (const seg of segments) {
    const next: unknown[] = [];
    for (const v of current) {
      if (seg === "[]") {
        if (Array.isArray(v)) next.push(...v);
      } else if (/^\[\d+\]$/.test(seg)) {
        if (Array.isArray(v)) next.push(v[Number(seg.slice(1, -1))]);
      } else if (v !== null && typeof v === "object" && !Array.isArray(v) && seg in v) {
        next.push((v as Record<string, unknown>)[seg]);
      }
    }
    current = next.filter((v) => v !== undefined);
  }
  return current;
}

function holds(v: unknown, expect: JsonExpect): boolean {
  if (expect instanceof RegExp) {
    expect.lastIndex = 0;
    return expect.test(typeof v === "string" ? v : JSON.stringify(v));
  }
  switch (expect) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "array":
      return Array.isArray(v);
    case "object":
      return v !== null && typeof v === "object" && !Array.isArray(v);
    case "present":
      return v !== undefined;
    default:
      return v === expect;
  }
}

/** Every path has some value that is what the shape says; returns "path: value" lines, or null. */
export function matchShape(doc: unknown, shape: JsonShape): string[] | null {
  if (doc === undefined) return null;
  const shown: string[] = [];
  for (const [path, expect] of Object.entries(shape)) {
    const hit = valuesAt(doc, path).find((v) => holds(v, expect));
    if (hit === undefined) return null;
    const text = typeof hit === "string" ? hit : JSON.stringify(hit);
    shown.push(`${path || "(document)"}: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}`);
  }
  return shown;
}

/** An extracted value: a list when the path crosses "[]", else the first value (null when none). */
export function extractJson(doc: unknown, path: string): unknown {
  const values = valuesAt(doc, path);
  return path.includes("[]") ? values : (values[0] ?? null);
}
