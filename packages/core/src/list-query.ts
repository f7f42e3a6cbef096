// Text search and sorting, the same on every list: `q` is a case-insensitive
// substring search (ILIKE, served by pg_trgm GIN indexes), `sort` names a
// column and `order` its direction; ties are always broken by id in the same
// direction, so pages never overlap or skip rows. Without `sort` a list keeps
// its documented default order. Descriptions sit inside `.optional()`: the
// OpenAPI generator unwraps optional query parameters and would drop them.
import { z } from "zod";

export const MAX_QUERY_LENGTH = 200;
export type Direction = "asc" | "desc";

/** `q`: what the text search looks at, e.g. "issue title, asset name or value". */
export const searchInput = (looksAt: string, max = MAX_QUERY_LENGTH) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .describe(`Case-insensitive text search: ${looksAt} containing this text`)
    .optional();

/**
 * One sortable column: the model field it orders by and the direction used
 * when `order` is not given. Creation order is id order (ids grow with time),
 * so "createdAt" columns are `{ field: "id" }` and need no index of their own.
 */
export interface SortColumn<F extends string> {
  field: F;
  order: Direction;
}

/** `sort` and `order` inputs for a list whose columns are `columns`; `fallback` is its default. */
export function sortInputs<const K extends string>(columns: Record<K, SortColumn<string>>, fallback: NoInfer<K>) {
  const keys = Object.keys(columns) as [K, ...K[]];
  const defaults = keys.map((k) => `${k} ${columns[k].order}`).join(", ");
  return {
    sort: z
      .enum(keys, { message: `must be one of ${keys.join(", ")}` })
      .describe(`Sort by this column, ties broken by id. Default: ${fallback}`)
      .optional(),
    order: z
      .enum(["asc", "desc"], { message: "must be asc or desc" })
      .describe(`Sort direction. Default per column: ${defaults}`)
      .optional(),
  };
}

type OrderBy<F extends string> = Partial<Record<F | "id", Direction>>;

/** Prisma `orderBy` for the chosen (or default) column, with the id tiebreak. */
export function orderByOf<K extends string, F extends string>(
  columns: Record<K, SortColumn<F>>,
  fallback: NoInfer<K>,
  input: { sort?: K; order?: Direction },
): OrderBy<F>[] {
  const column = columns[input.sort ?? fallback];
  const dir = input.order ?? column.order;
  const byId = { id: dir } as OrderBy<F>;
  return column.field === "id" ? [byId] : [{ [column.field]: dir } as OrderBy<F>, byId];
}

export const likeLiteral = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

type Insensitive = { contains: string; mode: "insensitive" };
type Nested = { [key: string]: Insensitive | Nested };

/**
 * A `where` fragment matching rows where any of `paths` contains `q`
 * (case-insensitively); a path may cross one relation ("asset.name").
 * Prisma passes `contains` to LIKE as it is: `%`, `_` and `\` are escaped here so `q` is matched literally.
 */
export function textSearch(q: string | undefined, paths: string[]): { OR?: Nested[] } {
  if (!q) return {};
  return {
    OR: paths.map((path) =>
      path.split(".").reduceRight<Insensitive | Nested>((inner, key) => ({ [key]: inner }), {
        contains: likeLiteral(q),
        mode: "insensitive",
      }),
    ) as Nested[],
  };
}
