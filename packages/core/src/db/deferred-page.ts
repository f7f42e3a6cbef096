// A page of a long list as a deferred join (its ids, then their rows), read from whichever end is nearer.
import type { Direction } from "../list-query.ts";
import { ONE_QUERY_SKIP, skipTake, type PagingInput } from "../paging.ts";
import type { Services } from "../service-context.ts";

/**
 * One list for deferredPage: its order, the ids of a page in a given order, those ids' rows, and its total, which must
 * count exactly what `ids` selects (a page read from the end is placed by it).
 */
export interface DeferredList<T, O> {
  orderBy: O[];
  ids: (page: { skip: number; take: number; orderBy: O[] }) => Promise<{ id: number }[]>;
  rows: (ids: number[]) => Promise<T[]>;
  total: () => Promise<number>;
  /**
   * A page's rows in one query, when the list can: a page that starts within ONE_QUERY_SKIP rows of the top is read
   * this way (reading those few whole rows costs less than the second round trip of ids-then-rows).
   */
  page?: (page: { skip: number; take: number; orderBy: O[] }) => Promise<T[]>;
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
 * The first pages of a list that can read a `page` in one query are read so, with no ids query before.
 */
export async function deferredPage<T extends { id: number }, O extends Partial<Record<string, Direction>>>(
  sc: { services: Pick<Services, "walkFromStart"> },
  p: PagingInput,
  list: DeferredList<T, O>,
): Promise<{ rows: T[]; total: number }> {
  const { skip, take } = skipTake(p);
  const { walkFromStart } = sc.services;
  const ids = (rows: Promise<{ id: number }[]>) => rows.then((r) => r.map(({ id }) => id));
  if (list.page && skip < ONE_QUERY_SKIP) {
    const [rows, total] = await Promise.all([list.page({ skip, take, orderBy: list.orderBy }), list.total()]);
    return { rows, total };
  }
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
