// Paging and sorting arithmetic of DataTable, kept out of the "use client"
// module so that Server Components can call it too.

export type SortDir = "asc" | "desc";
export interface DataTableSort {
  key: string;
  dir: SortDir;
}

export interface PageInfo {
  /** 1-based index of the first row shown, 0 when none. */
  from: number;
  /** Index of the last row shown, 0 when none. */
  to: number;
  pageCount: number;
  hasPrev: boolean;
  hasNext: boolean;
}

/** Where a page sits in the whole result (a page past the end shows nothing). */
export function pageInfo(total: number, page: number, limit: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  const start = (page - 1) * limit;
  const inRange = total > 0 && start < total;
  return {
    from: inRange ? start + 1 : 0,
    to: inRange ? Math.min(start + limit, total) : 0,
    pageCount,
    hasPrev: page > 1,
    hasNext: page < pageCount,
  };
}

// A fixed locale: the server and the browser must format alike, or hydration mismatches.
const numberFormat = new Intl.NumberFormat("en-US");
export const formatCount = (n: number): string => numberFormat.format(n);

/** "Showing 101–200 of 1,234". */
export function rangeText(total: number, page: number, limit: number): string {
  if (total === 0) return "0 results";
  const { from, to } = pageInfo(total, page, limit);
  if (from === 0) return `Showing 0 of ${formatCount(total)}`;
  return `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`;
}

/** The sort after clicking a header: the same column flips, another starts ascending. */
export function nextSort(current: DataTableSort | undefined, key: string): DataTableSort {
  return current?.key === key ? { key, dir: current.dir === "asc" ? "desc" : "asc" } : { key, dir: "asc" };
}
