// One declaration per large list, and the one function that pages it. A list's spec says everything about it once:
// its filter as a Prisma `where`, its sorts, what `q` looks at, the filter fields its tally trigger counts, its marks,
// its model's queries and its presenter. `listPage` derives from the same filter the `where`, the total (the tally when
// the filter is one the trigger counts and there is no search, else count(*)) and the deep-page jump.
import type { Direction, SortColumn } from "../list-query.ts";
import { orderByOf, textSearch } from "../list-query.ts";
import type { PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { deferredPage } from "./deferred-page.ts";
import { markedJump, type MarkedList } from "./marks.ts";
import { textSearchWithAsset } from "./search.ts";
import { tally, tallyKey } from "./tally.ts";

type OrderBy = Partial<Record<string, Direction>>;

/** A model's queries for a list: a page's ids in order, rows by id (with the list's include), a count. */
export interface ListModel<W, Row> {
  ids(args: { where: W; skip: number; take: number; orderBy: OrderBy[] }): Promise<{ id: number }[]>;
  rows(ids: number[]): Promise<Row[]>;
  count(where: W): Promise<number>;
}

export interface ListSpec<F extends Record<string, unknown>, W, Row extends { id: number }, Item, S extends string> {
  /** The list's name in the tally ("scans") and the filter fields its trigger counts (tally_keys_* in migrations). */
  tally?: { prefix: string; fields: readonly (keyof F & string)[] };
  /** Its "ListMark" counts, for deep pages in its default order (db/marks.ts). */
  marks?: MarkedList;
  sorts: Record<S, SortColumn<string>>;
  /** The sort when the input names none. */
  defaultSort: NoInfer<S>;
  /** What `q` looks at: the row's own fields, and its asset's name and value when `asset`. */
  search: { fields: string[]; asset?: boolean };
  /** The filter as a Prisma `where`: the only place a filter becomes a query. */
  where: (filter: F) => W;
  model: (sc: ServiceContext) => ListModel<W, Row>;
  present: (row: Row) => Item;
}

export type ListInput<S extends string> = PagingInput & { q?: string; sort?: S; order?: Direction };

/** A page of `spec`'s rows that `filter` and `input` (paging, `q`, sort) select, with the total. */
export async function listPage<
  F extends Record<string, unknown>,
  W,
  Row extends { id: number },
  Item,
  S extends string,
>(
  sc: ServiceContext,
  spec: ListSpec<F, W, Row, Item, S>,
  filter: F,
  input: ListInput<S>,
  opts: { defaultSort?: S } = {},
) {
  const search = spec.search.asset
    ? await textSearchWithAsset(sc, input.q, spec.search.fields)
    : textSearch(input.q, spec.search.fields);
  const where = { AND: [spec.where(filter), search] } as W;
  const orderBy = orderByOf(spec.sorts, opts.defaultSort ?? spec.defaultSort, input) as OrderBy[];
  // A search turns the tally off: the triggers count a filter's rows, not the rows a text matches.
  const counted = spec.tally && !input.q ? tallyKey(spec.tally.prefix, filter, spec.tally.fields) : undefined;
  const model = spec.model(sc);
  const { rows, total } = await deferredPage(sc, input, {
    orderBy,
    ids: (page) => model.ids({ where, ...page }),
    rows: (ids) => model.rows(ids),
    total: () => (counted ? tally(sc, counted) : model.count(where)),
    jump: spec.marks ? markedJump(sc, spec.marks, counted, orderBy) : undefined,
  });
  return { items: rows.map(spec.present), total, page: input.page, limit: input.limit };
}
