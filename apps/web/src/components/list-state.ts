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

const common = (limit: number) => ({
  page: parseAsInteger.withDefault(1),
  limit: parseAsInteger.withDefault(limit),
  q: parseAsString.withDefault(""),
  sort: parseAsString,
  order: parseAsStringLiteral(["asc", "desc"] as const),
});

export function useListState<F extends UseQueryStatesKeysMap>(filters: F, defaultLimit = 50) {
  // The key map must be stable across renders; filters are module constants in the views.
  const keys = useMemo(() => ({ ...common(defaultLimit), ...filters }), [filters, defaultLimit]);
  const [state, setState] = useQueryStates(keys, { history: "replace" });
  const { page, limit, q, sort, order } = state as Values<ReturnType<typeof common>>;
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
      onSortChange: (s: DataTableSort) => void setState({ sort: s.key, order: s.dir, page: null } as never),
    },
  };
}
