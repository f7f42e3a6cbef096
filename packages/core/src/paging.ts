// Paged lists: `page` >= 1, `limit` 1..500 (default 100). A paged procedure
// returns { items, total, page, limit }; over REST the body is the items and
// the rest travels in X-Total-Count, X-Page and X-Limit (see trpc.ts).
import { z } from "zod";

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

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const skipTake = (p: PagingInput) => ({ skip: (p.page - 1) * p.limit, take: p.limit });

/**
 * A page as a deferred join: first the page's ids in list order (an index-only scan walks past the skipped rows
 * without reading them; an OFFSET over whole rows reads every one), then those rows. Deep pages of the big lists
 * cost what page 1 costs, give or take the walk.
 */
export async function deferredPage<T extends { id: number }>(
  p: PagingInput,
  ids: (page: { skip: number; take: number }) => Promise<{ id: number }[]>,
  rows: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const order = (await ids(skipTake(p))).map((r) => r.id);
  if (order.length === 0) return [];
  const byId = new Map((await rows(order)).map((r) => [r.id, r]));
  return order.flatMap((id) => byId.get(id) ?? []);
}
