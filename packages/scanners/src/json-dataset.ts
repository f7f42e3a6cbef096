// The bundled datasets an operator may replace (advisories, the KEV catalogue): JSON read and validated whole, or
// refused with the first bad field named.
import type { z } from "zod";

/** Parses `text` as JSON of `schema`; throws `fail(message)` naming the first bad field ("products.0.range: …"). */
export function parseJsonDataset<S extends z.ZodType>(
  text: string,
  schema: S,
  where: string,
  fail: (message: string) => Error,
): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw fail(`${where} is not JSON: ${(err as Error).message}`);
  }
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw fail(`${where}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
}
