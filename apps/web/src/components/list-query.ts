// A list page's URL keys and the list procedure's input they make, outside the "use client" hook (list-state.ts) so
// that a server page reads its search params the same way and prefetches the very query its view asks for.
import { parseAsInteger, parseAsString, parseAsStringLiteral, type inferParserType } from "nuqs/server";

export const LIMITS = [25, 50, 100];

/** page, page size, text search and sort: the keys every list page has. */
export const listKeys = <S extends string>(limit: number, sorts: readonly S[]) => ({
  page: parseAsInteger.withDefault(1),
  limit: parseAsInteger.withDefault(limit),
  q: parseAsString.withDefault(""),
  sort: parseAsStringLiteral(sorts),
  order: parseAsStringLiteral(["asc", "desc"] as const),
});

export type ListValues<S extends string> = inferParserType<ReturnType<typeof listKeys<S>>>;

/** What the list procedure takes besides the page's own filters. */
export const listQuery = <S extends string>({ page, limit, q, sort, order }: ListValues<S>) => ({
  page,
  limit,
  q: q || undefined,
  sort: sort ?? undefined,
  order: order ?? undefined,
});
