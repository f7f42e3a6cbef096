// {{…}} in templates: a variable ({{BaseURL}}, a payload, an extracted value)
// or a DSL expression over them ({{base64(username + ':' + password)}}).
// Checked at load (parse, functions, names), expanded at run time.
import { helperProblem } from "./dsl/functions.ts";
import { evaluateDsl, toText, type Variables } from "./dsl/eval.ts";
import { DslError, parseDsl, references } from "./dsl/parse.ts";
import { TemplateError } from "./model.ts";

const PLACEHOLDER = /\{\{([\s\S]+?)\}\}/g;
const RANDSTR = /^randstr(_\w+)?$/;

/** The texts inside {{…}}. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!.trim());
}

/** What nuclei cannot run without an out-of-band server, which we never use. */
const OOB = /interactsh|\boob_/i;

/** Refuses an expression whose functions we do not run (or call with the wrong arity), naming them. */
export function checkExpression(text: string, known?: (name: string) => boolean): void {
  if (OOB.test(text))
    throw new TemplateError(`{{${text}}} needs an out-of-band (interactsh) server, which is never used`, "oob");
  let refs: ReturnType<typeof references>;
  try {
    refs = references(parseDsl(text));
  } catch (err) {
    throw new TemplateError((err as Error).message, "expression syntax");
  }
  for (const c of refs.calls) {
    const problem = helperProblem(c.name, c.args);
    if (problem) throw new TemplateError(problem, `DSL function ${c.name}`);
  }
  if (!known) return;
  for (const n of refs.names)
    if (!known(n) && !RANDSTR.test(n) && n !== "true" && n !== "false")
      throw new TemplateError(`{{${text}}} uses "${n}", which nothing in the template defines`, "unknown variable");
}

/** Checks every {{…}} of the texts; `known` says which variables exist where they are expanded. */
export function checkPlaceholders(texts: Array<string | undefined>, known?: (name: string) => boolean): void {
  for (const t of texts) if (t) for (const inner of placeholders(t)) checkExpression(inner, known);
}

/**
 * For text where a {{…}} may be literal (matcher words; requests with skip-variables-check: an Angular payload): what
 * does not parse, or uses names nothing defines, stays as written; a call to a function we do not run still refuses.
 */
export function checkLiteralPlaceholders(texts: Array<string | undefined>): void {
  for (const t of texts)
    for (const inner of placeholders(t ?? "")) {
      try {
        parseDsl(inner);
      } catch {
        continue;
      }
      checkExpression(inner);
    }
}

export class UnresolvedError extends Error {
  override name = "UnresolvedError";
}

function placeholderValue(inner: string, vars: Variables): unknown {
  const name = inner.trim();
  if (vars[name] !== undefined) return vars[name];
  try {
    return evaluateDsl(name, vars);
  } catch (err) {
    if (err instanceof DslError) throw new UnresolvedError(`{{${name}}}: ${err.message}`);
    throw err;
  }
}

/** Replaces every {{…}} by its value; throws UnresolvedError when one does not work out (nuclei skips the request). */
export function expand(text: string, vars: Variables): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (_all, inner: string) => toText(placeholderValue(inner, vars)));
}

/** expand, to bytes: values that are bytes (hex_decode(…)) are kept as they are, text is UTF-8. */
export function expandBytes(text: string, vars: Variables): Buffer {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    parts.push(Buffer.from(text.slice(last, m.index), "utf8"));
    const v = placeholderValue(m[1]!, vars);
    parts.push(Buffer.isBuffer(v) ? v : Buffer.from(toText(v), "utf8"));
    last = m.index + m[0].length;
  }
  parts.push(Buffer.from(text.slice(last), "utf8"));
  return Buffer.concat(parts);
}

/** expand, keeping a {{…}} that does not work out as written (matcher words: the page may hold "{{" itself). */
export function expandLenient(text: string, vars: Variables): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (all: string) => {
    try {
      return expand(all, vars);
    } catch (err) {
      if (err instanceof UnresolvedError) return all;
      throw err;
    }
  });
}
