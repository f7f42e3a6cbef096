"use client";
// A list page's state in the URL (nuqs): page, page size, sort, text search and the page's own filters, so a
// view can be shared and survives a reload. A new filter, search or sort starts again at page 1.
import { useMemo } from "react";
import {
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
  useQueryStates,
  type UseQueryStatesKeysMap,
  type Values,
} from "nuqs";
import type { DataTableSort } from "@ems/ui";

const LIMITS = [25, 50, 100];

const common = <S extends string>(limit: number, sorts: readonly S[]) => ({
  page: parseAsInteger.withDefault(1),
  limit: parseAsInteger.withDefault(limit),
  q: parseAsString.withDefault(""),
  sort: parseAsStringLiteral(sorts),
  order: parseAsStringLiteral(["asc", "desc"] as const),
});

/**
 * `filters`: the page's own URL keys (nuqs parsers); `sorts`: the columns its list procedure sorts by (the
 * DataTable column keys). Both module constants: the key map must not change between renders.
 */
export function useListState<F extends UseQueryStatesKeysMap, S extends string = never>(
  filters: F,
  sorts: readonly S[] = [],
  defaultLimit = 50,
) {
  const keys = useMemo(() => ({ ...common(defaultLimit, sorts), ...filters }), [filters, sorts, defaultLimit]);
  const [state, setState] = useQueryStates(keys, { history: "replace" });
  const { page, limit, q, sort, order } = state as Values<ReturnType<typeof common<S>>>;
  const current: DataTableSort | undefined = sort ? { key: sort, dir: order ?? "asc" } : undefined;

  return {
    filters: state as Values<F>,
    q,
    /** Changes filters (null clears one) and goes back to page 1. */
    setFilters: (changes: Partial<{ [K in keyof F]: Values<F>[K] | null }>) =>
      void setState({ ...changes, page: null } as never),
    setSearch: (text: string) => void setState({ q: text.trim() || null, page: null } as never),
    /** What the list procedure takes besides the page's own filters. */
    query: { page, limit, q: q || undefined, sort: sort ?? undefined, order: order ?? undefined },
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
