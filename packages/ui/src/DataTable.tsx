"use client";

import type { CSSProperties, MouseEvent, ReactNode } from "react";
import { Button } from "./Button.tsx";
import { cx } from "./cx.ts";
import { EmptyState } from "./EmptyState.tsx";
import { formatCount, nextSort, pageInfo, rangeText, type DataTableSort } from "./paging.ts";

export type { DataTableSort, SortDir } from "./paging.ts";

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** Cell content; defaults to `row[key]` as text ("—" when empty, a Date as its ISO string). */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** CSS width, e.g. "8rem" or "20%". */
  width?: string;
  align?: "left" | "right" | "center";
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  /** The current page's rows, as the server returned them. */
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Rows over all pages (the API's X-Total-Count). */
  total: number;
  /** 1-based, like the API's `page`. */
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** Page sizes offered (e.g. [25, 50, 100]); shown with onLimitChange. Reset the page to 1 yourself when it changes. */
  limitOptions?: number[];
  onLimitChange?: (limit: number) => void;
  /** Filters and actions shown above the table. */
  toolbar?: ReactNode;
  /** Dims the rows and marks the table aria-busy; with no rows shows "Loading…". */
  loading?: boolean;
  /** Shown when there are no rows; defaults to an EmptyState "No results". */
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Accessible name of the table (e.g. "Projects"). */
  label?: string;
  className?: string;
  "data-testid"?: string;
}

function cellStyle(col: DataTableColumn<never>, header = true): CSSProperties | undefined {
  if (!col.align && !(header && col.width)) return undefined;
  return { textAlign: col.align, width: header ? col.width : undefined };
}

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === "") return "—";
  // Dates arrive as Date objects (the tRPC transformer): show them as the API writes them, not as quoted JSON.
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

// Clicks on links, buttons and inputs inside a row do their own thing, not the row's.
function fromInteractiveChild(event: MouseEvent): boolean {
  const target = event.target as Element;
  const interactive = target.closest("a, button, input, select, textarea, label, [role='button']");
  return interactive !== null && interactive !== event.currentTarget && event.currentTarget.contains(interactive);
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, total, page, limit, onPageChange, sort, onSortChange, onRowClick } = props;
  const { limitOptions, onLimitChange, toolbar, loading = false, empty, label, className } = props;
  const info = pageInfo(total, page, limit);
  const showEmpty = rows.length === 0;

  return (
    <div
      className={cx("ems-table", loading && "ems-table--loading", className)}
      data-testid={props["data-testid"] ?? "data-table"}
    >
      {toolbar && (
        <div className="ems-table__toolbar" data-testid="data-table-toolbar">
          {toolbar}
        </div>
      )}
      <div className="ems-table__scroll">
        <table className="ems-table__table" aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {columns.map((col) => {
                const sorted = sort?.key === col.key ? sort.dir : undefined;
                const canSort = col.sortable && onSortChange;
                return (
                  <th
                    key={col.key}
                    scope="col"
                    style={cellStyle(col)}
                    aria-sort={
                      canSort ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined
                    }
                    data-column={col.key}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className="ems-table__sort"
                        onClick={() => onSortChange(nextSort(sort, col.key))}
                        data-testid={`sort-${col.key}`}
                      >
                        {col.header}
                        <span
                          className={cx("ems-table__sort-icon", sorted && "ems-table__sort-icon--active")}
                          aria-hidden="true"
                        >
                          {sorted === "desc" ? "▼" : sorted === "asc" ? "▲" : "↕"}
                        </span>
                      </button>
                    ) : (
                      col.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {showEmpty ? (
              <tr className="ems-table__empty-row">
                <td colSpan={columns.length}>
                  {loading ? (
                    <div className="ems-table__loading" data-testid="data-table-loading">
                      <span className="ems-spinner" aria-hidden="true" /> Loading…
                    </div>
                  ) : (
                    (empty ?? <EmptyState title="No results" description="Nothing matches the current filters." />)
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const key = rowKey(row);
                const activate = onRowClick ? () => onRowClick(row) : undefined;
                return (
                  <tr
                    key={key}
                    data-testid="data-table-row"
                    data-row-key={key}
                    className={cx(onRowClick && "ems-table__row--clickable")}
                    tabIndex={onRowClick ? 0 : undefined}
                    onClick={
                      activate &&
                      ((e) => {
                        if (!fromInteractiveChild(e)) activate();
                      })
                    }
                    onKeyDown={
                      activate &&
                      ((e) => {
                        if ((e.key === "Enter" || e.key === " ") && e.target === e.currentTarget) {
                          e.preventDefault();
                          activate();
                        }
                      })
                    }
                  >
                    {columns.map((col) => (
                      <td key={col.key} data-column={col.key} style={cellStyle(col, false)}>
                        {col.render ? col.render(row) : defaultCell(row, col.key)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <nav className="ems-table__footer" aria-label="Pagination" data-testid="data-table-pagination">
        <span className="ems-table__range" data-testid="data-table-range" aria-live="polite">
          {rangeText(total, page, limit)}
        </span>
        <div className="ems-table__pager">
          {limitOptions && onLimitChange && (
            <label className="ems-table__limit">
              Rows per page
              <select
                className="ems-control ems-control--sm"
                value={limit}
                onChange={(e) => onLimitChange(Number(e.target.value))}
                data-testid="data-table-limit"
              >
                {(limitOptions.includes(limit) ? limitOptions : [...limitOptions, limit].sort((a, b) => a - b)).map(
                  (n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ),
                )}
              </select>
            </label>
          )}
          <span className="ems-table__page" data-testid="data-table-page">
            Page {formatCount(page)} of {formatCount(info.pageCount)}
          </span>
          <Button
            size="sm"
            // From past the end, "previous" goes to the last page that has rows.
            onClick={() => onPageChange(Math.min(page - 1, info.pageCount))}
            disabled={!info.hasPrev}
            aria-label="Previous page"
            data-testid="data-table-prev"
          >
            <span aria-hidden="true">‹</span> Previous
          </Button>
          <Button
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={!info.hasNext}
            aria-label="Next page"
            data-testid="data-table-next"
          >
            Next <span aria-hidden="true">›</span>
          </Button>
        </div>
      </nav>
    </div>
  );
}
