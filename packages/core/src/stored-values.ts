// Values read back from storage, in answers (docs/api.md, Values the database holds). A text column or JSON value
// can hold what this version does not know: written by an older or newer version, or by hand. One such value must not
// fail a whole answer (tRPC checks every answer against its output schema, so a row outside an enum was a 500 for
// the list): an enum falls back to a documented value, a list leaves the item out, and either logs a warning once per
// process and value. Only output schemas use these; inputs are refused as always.
import { z } from "zod";

/** Unknown stored values already logged by this process (what + value), so that a list of them logs once. */
const warned = new Set<string>();
const MAX_WARNINGS_KEPT = 1000;

function warnOnce(key: string, message: string) {
  if (warned.has(key)) return;
  if (warned.size >= MAX_WARNINGS_KEPT) warned.clear();
  warned.add(key);
  console.warn(message);
}

const shown = (value: unknown) => {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** An enum in an answer: a stored value outside `values` is answered as `fallback`. */
export function storedEnum<const T extends readonly [string, ...string[]]>(
  what: string,
  values: T,
  fallback: T[number],
): z.ZodType<T[number], T[number]>;
export function storedEnum<const T extends readonly [string, ...string[]]>(
  what: string,
  values: T,
  fallback: null,
): z.ZodType<T[number] | null, T[number] | null>;
export function storedEnum(what: string, values: readonly [string, ...string[]], fallback: string | null) {
  const known = fallback === null ? z.enum(values).nullable() : z.enum(values);
  return known.catch((ctx) => {
    const value = shown(ctx.value);
    warnOnce(`${what} ${value}`, `stored ${what} ${value} is not one this version knows; answered as ${fallback}`);
    return fallback as never;
  });
}

const LEFT_OUT: unique symbol = Symbol("left out");

/** A list in an answer (a page's rows, an array field): an item its schema refuses is left out. */
export function storedList<T extends z.ZodType>(what: string, item: T) {
  return z
    .array(
      item.catch((ctx) => {
        const why = ctx.issues.map((i) => `${(i.path ?? []).join(".") || "value"}: ${i.message}`).join("; ");
        const id = (ctx.value as { id?: unknown } | null)?.id;
        const which = typeof id === "number" ? `${what} ${id}` : `${what} ${shown(ctx.value)}`;
        // Once per problem, not per row: a page of a hundred such rows logs one line.
        warnOnce(`${what} ${why}`, `stored ${which} left out of the answer: ${why}`);
        return LEFT_OUT as z.output<T>;
      }),
    )
    .overwrite((items) => items.filter((i) => i !== (LEFT_OUT as unknown)));
}
