// One declaration per large list, and the one function that pages it. A list's spec says everything about it once:
// its filter as a Prisma `where`, its sorts, what `q` looks at, the filter fields its tally trigger counts, its marks,
// its model's queries and its presenter. `listPage` derives from the same filter the `where`, the total (the tally when
// the filter is one the trigger counts and there is no search, else the list's own exact count where it has one, else
// count(*)) and the deep-page jump. `defineList` keeps every spec in one registry, which list-page.test.ts walks.
import type { Direction, SortColumn } from "../list-query.ts";
import { orderByOf, textSearch } from "../list-query.ts";
import type { PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { deferredPage } from "./deferred-page.ts";
import { markedJump, type MarkedList } from "./marks.ts";
import { textSearchWithAsset } from "./search.ts";
import { tally, tallyKey } from "./tally.ts";

type OrderBy = Partial<Record<string, Direction>>;

/**
 * A model's queries for a list: a page's ids in order, rows (with the list's include) of a query (a page in order, or
 * given ids), a count.
 */
export interface ListModel<W, Row> {
  ids(args: { where: W; skip: number; take: number; orderBy: OrderBy[] }): Promise<{ id: number }[]>;
  rows(args: { where: W; skip?: number; take?: number; orderBy?: OrderBy[] }): Promise<Row[]>;
  count(where: W): Promise<number>;
}

/** What a list's trigger counts (tally_keys_* in migrations): keys `prefix[.<within>].<field>.<value>`. */
export interface ListTally<F> {
  /** The trigger function that makes the keys, e.g. "tally_keys_scan". */
  keys: string;
  /** The list's name in the tally ("scans"). */
  prefix: string;
  /** The filter fields the trigger counts alone. */
  fields: readonly (keyof F & string)[];
  /** A filter field every page of the list sets and the keys are kept per value of ("deliveries.<endpointId>…"). */
  within?: keyof F & string;
}

export interface ListSpec<F extends Record<string, unknown>, W, Row extends { id: number }, Item, S extends string> {
  tally?: ListTally<F>;
  /** Its "ListMark" counts, for deep pages in its default order (db/marks.ts). */
  marks?: MarkedList;
  sorts: Record<S, SortColumn<string>>;
  /** The sort when the input names none. */
  defaultSort: NoInfer<S>;
  /** What `q` looks at: the row's own fields, and its asset's name and value when `asset`. */
  search: { fields: string[]; asset?: boolean };
  /** The filter as a Prisma `where`: the only place a filter becomes a query. */
  where: (filter: F) => W;
  /**
   * An exact total cheaper than count(*) for a filter (and search) the tally does not count, where the list keeps
   * one (the audit log's day and search counts); undefined to count the rows.
   */
  count?: (sc: ServiceContext, filter: F, q: string | undefined) => Promise<number> | undefined;
  model: (sc: ServiceContext) => ListModel<W, Row>;
  /** A row as the answer gives it; `now` is the clock's time, read once per page. */
  present: (row: Row, now: Date) => Item;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of specs of every type
type AnyListSpec = ListSpec<any, any, any, any, any>;

/** Every list declared with `defineList`, by name. */
export const LIST_SPECS = new Map<string, AnyListSpec>();

/** Declares a list once: its spec, kept in `LIST_SPECS` under `name` (tests walk the registry). */
export function defineList<F extends Record<string, unknown>, W, Row extends { id: number }, Item, S extends string>(
  name: string,
  spec: ListSpec<F, W, Row, Item, S>,
): ListSpec<F, W, Row, Item, S> {
  // Set, not refused when present: a process may load core twice (the test suite's bundled entry points do).
  LIST_SPECS.set(name, spec);
  return spec;
}

/** The tally key(s) that count `filter`'s rows, if any: none under a search (the triggers count filters, not text). */
function countedBy<F extends Record<string, unknown>>(t: ListTally<F> | undefined, filter: F, q: string | undefined) {
  if (!t || q) return undefined;
  if (!t.within) return tallyKey(t.prefix, filter, t.fields);
  const { [t.within]: within, ...rest } = filter;
  return within === undefined ? undefined : tallyKey(`${t.prefix}.${String(within)}`, rest, t.fields);
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
  const counted = countedBy(spec.tally, filter, input.q);
  const model = spec.model(sc);
  const { rows, total } = await deferredPage(sc, input, {
    orderBy,
    ids: (page) => model.ids({ where, ...page }),
    rows: (ids) => model.rows({ where: { id: { in: ids } } as W }),
    page: (page) => model.rows({ where, ...page }),
    total: () => (counted ? tally(sc, counted) : (spec.count?.(sc, filter, input.q) ?? model.count(where))),
    jump: spec.marks ? markedJump(sc, spec.marks, counted, orderBy) : undefined,
  });
  const now = sc.services.now();
  return { items: rows.map((row) => spec.present(row, now)), total, page: input.page, limit: input.limit };
}
