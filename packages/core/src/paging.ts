// Paged lists: `page` >= 1, `limit` 1..500 (default 100). A paged procedure
// returns { items, total, page, limit }; over REST the body is the items and
// the rest travels in X-Total-Count, X-Page and X-Limit (see trpc.ts).
import { z } from "zod";
import { storedList } from "./stored-values.ts";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** A whole number from 1 to `max`, as a JSON number or (query) digits. */
export const positiveInt = (max: number, rangeMessage?: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .max(String(max).length, `must be at most ${String(max).length} digits`)
        .regex(/^\d+$/, "must be a whole number"),
    ])
    .transform(Number)
    .pipe(
      z
        .number()
        .int("must be a whole number")
        .min(1, rangeMessage ?? "must be at least 1")
        .max(max, rangeMessage ?? `must be at most ${max}`),
    );

export const pagingInput = z.object({
  page: positiveInt(Number.MAX_SAFE_INTEGER).optional().default(1),
  limit: positiveInt(MAX_PAGE_SIZE).optional().default(DEFAULT_PAGE_SIZE),
});

export type PagingInput = z.output<typeof pagingInput>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** A page's answer; a row its schema refuses is left out with a warning (stored-values.ts), not a failed page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: storedList(listName(item), item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** What a list's rows are, for its warnings: the item schema's OpenAPI id ("Issue"), else "row". */
const listName = (item: z.ZodType) => String(z.globalRegistry.get(item)?.id ?? "row");

export const skipTake = (p: PagingInput) => ({ skip: (p.page - 1) * p.limit, take: p.limit });

/**
 * Pages that start within this many rows of the top are read in one query (whole rows, with OFFSET) where the list
 * can: cheaper than a second round trip for ids first (db/deferred-page.ts).
 */
export const ONE_QUERY_SKIP = 500;

/** Pages that start within this many rows of the top are read with their total at once (Services.walkFromStart). */
export const WALK_FROM_START = 10_000;
