// payloads: and attack: of a request block. Values come inline or from files
// next to the template or under the templates root (never outside it), and
// the combinations follow nuclei's attack types:
//   batteringram  one payload set, each of its values (the default with one set);
//   pitchfork     the i-th value of every name together (lists of one length);
//   clusterbomb   every combination (the default with several sets).
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { TemplateError, type AttackType, type Payloads } from "./model.ts";
import { isObj } from "./operators.ts";

const MAX_PAYLOAD_VALUES = 10_000;

function readPayloadFile(file: string, source: string, root: string | undefined): string[] {
  const candidates = [resolve(dirname(source), file), ...(root ? [resolve(root, file)] : [])];
  for (const path of candidates) {
    const base = root ?? dirname(source);
    const rel = relative(base, path);
    // A template may name only files of its own checkout (nuclei's sandbox does the same).
    if (rel.startsWith("..") || isAbsolute(rel)) continue;
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    return text
      .split(/\r?\n/)
      .filter((l) => l !== "")
      .slice(0, MAX_PAYLOAD_VALUES);
  }
  throw new TemplateError(
    `payload file "${file}" was not found next to the template or under its root`,
    "payload file",
  );
}

export function parsePayloads(
  payloads: unknown,
  attack: unknown,
  where: string,
  ctx: { source: string; root?: string },
): Payloads | undefined {
  if (payloads === undefined || payloads === null) return undefined;
  if (!isObj(payloads)) throw new TemplateError(`${where}: payloads must be a mapping`);
  const sets: Record<string, string[]> = {};
  for (const [name, v] of Object.entries(payloads)) {
    if (Array.isArray(v)) sets[name] = v.map((x) => String(x));
    else if (typeof v === "string" && !v.includes("\n") && /\.\w+$/.test(v))
      sets[name] = readPayloadFile(v, ctx.source, ctx.root);
    else if (typeof v === "string" || typeof v === "number") sets[name] = String(v).split("\n").filter(Boolean);
    else throw new TemplateError(`${where}: payload ${name} must be a list or a file name`);
  }
  const several = Object.keys(sets).length > 1;
  const kind = String(attack ?? (several ? "clusterbomb" : "batteringram")).toLowerCase() as AttackType;
  if (!["batteringram", "pitchfork", "clusterbomb"].includes(kind))
    throw new TemplateError(`${where}: attack "${kind}" is not supported`, `attack ${kind}`);
  if (kind === "batteringram" && several) throw new TemplateError(`${where}: batteringram takes a single payload set`);
  if (kind === "pitchfork") {
    const lengths = new Set(Object.values(sets).map((s) => s.length));
    if (lengths.size > 1) throw new TemplateError(`${where}: pitchfork payloads must be lists of the same length`);
  }
  return { attack: kind, sets };
}

/** How many value sets the payloads give (1 without payloads). */
export function combinationCount(p: Payloads | undefined): number {
  if (!p) return 1;
  const lengths = Object.values(p.sets).map((s) => s.length);
  if (!lengths.length) return 1;
  if (p.attack === "clusterbomb") return lengths.reduce((a, b) => a * b, 1);
  return lengths[0]!;
}

/** Every value set, in nuclei's order. */
export function* combinations(p: Payloads | undefined): Generator<Record<string, string>> {
  if (!p || !Object.keys(p.sets).length) {
    yield {};
    return;
  }
  const names = Object.keys(p.sets);
  if (p.attack !== "clusterbomb") {
    for (let i = 0; i < p.sets[names[0]!]!.length; i++) yield Object.fromEntries(names.map((n) => [n, p.sets[n]![i]!]));
  } else {
    const walk = function* (i: number, acc: Record<string, string>): Generator<Record<string, string>> {
      if (i === names.length) {
        yield { ...acc };
        return;
      }
      for (const v of p.sets[names[i]!]!) yield* walk(i + 1, { ...acc, [names[i]!]: v });
    };
    yield* walk(0, {});
  }
}
