// Paged lists: `page` >= 1, `limit` 1..500 (default 100). A paged procedure
// returns { items, total, page, limit }; over REST the body is the items and
// the rest travels in X-Total-Count, X-Page and X-Limit (see trpc.ts).
import { z } from "zod";
import type { Services } from "./context.ts";
import { storedList } from "./stored-values.ts";
import type { Direction } from "./list-query.ts";

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

/** Pages that start within this many rows of the top are read with their total at once (Services.walkFromStart). */
export const WALK_FROM_START = 10_000;

/**
 * One list for deferredPage: its order, the ids of a page in a given order, those ids' rows, and its total, which must
 * count exactly what `ids` selects (a page read from the end is placed by it).
 */
export interface DeferredList<T, O> {
  orderBy: O[];
  ids: (page: { skip: number; take: number; orderBy: O[] }) => Promise<{ id: number }[]>;
  rows: (ids: number[]) => Promise<T[]>;
  total: () => Promise<number>;
  /** The ids of a page in `orderBy` found without walking the rows before it (db/marks.ts), when the list can. */
  jump?: (page: { skip: number; take: number }) => Promise<{ id: number }[]>;
}

/** The same order backwards (PostgreSQL's default NULLS placement mirrors with the direction). */
const reversed = <O extends Partial<Record<string, Direction>>>(orderBy: O[]) =>
  orderBy.map((o) => Object.fromEntries(Object.entries(o).map(([k, d]) => [k, d === "asc" ? "desc" : "asc"])) as O);

/**
 * A page as a deferred join: first the page's ids in list order (an index-only scan walks past the skipped rows
 * without reading them; an OFFSET over whole rows reads every one), then those rows. A page past the middle of a
 * long list is read from the end, in the reversed order, so that no walk is longer than half the list: the last page
 * of a million rows costs what the first does. A list that can `jump` takes every page past the first rows that way.
 */
export async function deferredPage<T extends { id: number }, O extends Partial<Record<string, Direction>>>(
  sc: { services: Pick<Services, "walkFromStart"> },
  p: PagingInput,
  list: DeferredList<T, O>,
): Promise<{ rows: T[]; total: number }> {
  const { skip, take } = skipTake(p);
  const { walkFromStart } = sc.services;
  const ids = (rows: Promise<{ id: number }[]>) => rows.then((r) => r.map(({ id }) => id));
  let order: number[];
  let total: number;
  if (skip < walkFromStart) {
    [order, total] = await Promise.all([ids(list.ids({ skip, take, orderBy: list.orderBy })), list.total()]);
  } else if (list.jump) {
    [order, total] = await Promise.all([ids(list.jump({ skip, take })), list.total()]);
  } else {
    total = await list.total();
    const fromEnd = Math.max(0, Math.min(take, total - skip));
    if (skip * 2 < total) order = await ids(list.ids({ skip, take, orderBy: list.orderBy }));
    else if (fromEnd === 0) order = [];
    else
      order = (
        await ids(list.ids({ skip: total - skip - fromEnd, take: fromEnd, orderBy: reversed(list.orderBy) }))
      ).reverse();
  }
  if (order.length === 0) return { rows: [], total };
  const byId = new Map((await list.rows(order)).map((r) => [r.id, r]));
  return { rows: order.flatMap((id) => byId.get(id) ?? []), total };
}
