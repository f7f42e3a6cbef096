"use client";
// A list page's state in the URL (nuqs): page, page size, sort, text search and the page's own filters, so a
// view can be shared and survives a reload. A new filter, search or sort starts again at page 1.
import { useMemo } from "react";
import { useQueryStates, type UseQueryStatesKeysMap, type Values } from "nuqs";
import type { DataTableSort } from "@ems/ui";
import { LIMITS, listKeys, listQuery, type ListValues } from "./list-query";

/**
 * `filters`: the page's own URL keys (nuqs parsers); `sorts`: the columns its list procedure sorts by (the
 * DataTable column keys). Both module constants: the key map must not change between renders.
 */
export function useListState<F extends UseQueryStatesKeysMap, S extends string = never>(
  filters: F,
  sorts: readonly S[] = [],
  defaultLimit = 50,
) {
  const keys = useMemo(() => ({ ...listKeys(defaultLimit, sorts), ...filters }), [filters, sorts, defaultLimit]);
  const [state, setState] = useQueryStates(keys, { history: "replace" });
  const list = state as ListValues<S>;
  const { page, limit, q, sort, order } = list;
  const current: DataTableSort | undefined = sort ? { key: sort, dir: order ?? "asc" } : undefined;

  return {
    filters: state as Values<F>,
    q,
    /** Changes filters (null clears one) and goes back to page 1. */
    setFilters: (changes: Partial<{ [K in keyof F]: Values<F>[K] | null }>) =>
      void setState({ ...changes, page: null } as never),
    setSearch: (text: string) => void setState({ q: text.trim() || null, page: null } as never),
    /** page, limit, q, sort and order as they are in the URL (list-query.ts). */
    list,
    /** What the list procedure takes besides the page's own filters. */
    query: listQuery(list),
    /** Spread into DataTable. */
    table: {
      page,
      limit,
      limitOptions: LIMITS,
      onPageChange: (p: number) => void setState({ page: p } as never),
      onLimitChange: (l: number) => void setState({ limit: l, page: null } as never),
      sort: current,
      onSortChange: (s: DataTableSort) =>
        void setState({ sort: sorts.includes(s.key as S) ? s.key : null, order: s.dir, page: null } as never),
    },
  };
}
