"use client";

import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type ColumnVisibilityState,
  type RowData,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ChevronsUpDown } from "lucide-react";
import { useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { usePhone } from "../lib/media-query.ts";
import { cn } from "../lib/utils.ts";
import { nextSort, type DataTableSort } from "../paging.ts";
import { Checkbox } from "./checkbox.tsx";
import { DataTableCards } from "./data-table-cards.tsx";
import { DataTablePagination, DataTableToolbar } from "./data-table-parts.tsx";
import { EmptyState } from "./empty-state.tsx";
import { Skeleton } from "./skeleton.tsx";
import type { DataTableColumn } from "./data-table.types.ts";

export type { DataTableColumn } from "./data-table.types.ts";

export type { DataTableSort, SortDir } from "../paging.ts";
export type { RowSelectionState } from "@tanstack/react-table";

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
  /** Page sizes offered (e.g. [25, 50, 100]); shown with onLimitChange. Reset the page to 1 yourself on a change. */
  limitOptions?: number[];
  onLimitChange?: (limit: number) => void;
  /** Selected rows by `String(rowKey(row))`; with onRowSelectionChange, adds a checkbox column. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Which rows may be selected (all by default). */
  canSelectRow?: (row: Row) => boolean;
  /** Accessible name of a row's checkbox, e.g. `Select issue 12`. */
  selectLabel?: (row: Row) => string;
  /** A search box: first above the table, on phones too. */
  search?: ReactNode;
  /** Filter controls: beside the search above the table; on phones, in a sheet a "Filters" button opens. */
  filters?: ReactNode;
  /** How many filters are set (shown on the phone's "Filters" button). */
  activeFilters?: number;
  /** Actions shown above the table (e.g. on the selected rows), on phones too. */
  toolbar?: ReactNode;
  /** Dims the rows and marks the table aria-busy; with no rows shows skeleton rows. */
  loading?: boolean;
  /** Shown when there are no rows; defaults to an EmptyState "No results". */
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Accessible name of the table (e.g. "Projects"). */
  label?: string;
  className?: string;
  "data-testid"?: string;
}

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
const ALIGN = { left: "text-left", right: "text-right", center: "text-center" } as const;

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === "") return "—";
  // Dates arrive as Date objects (the tRPC transformer): show them as the API writes them, not as quoted JSON.
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

// Clicks on links, buttons and inputs inside a row do their own thing, not the row's.
function fromInteractiveChild(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as Element;
  const interactive = target.closest("a, button, input, select, textarea, label, [role='button'], [role='checkbox']");
  return interactive !== null && interactive !== event.currentTarget && event.currentTarget.contains(interactive);
}

const resolve = <T,>(updater: T | ((old: T) => T), old: T): T =>
  typeof updater === "function" ? (updater as (old: T) => T)(old) : updater;

/**
 * A server-paged table on TanStack Table: the page's rows come in, page/sort/selection changes go out through
 * callbacks. Column visibility is the table's own state (a "Columns" menu).
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, rowKey, total, page, limit, onPageChange, sort, onSortChange, onRowClick } = props;
  const { limitOptions, onLimitChange, search, filters, activeFilters = 0, toolbar, loading = false, empty } = props;
  const { label, className } = props;
  const phone = usePhone();
  const { rowSelection = {}, onRowSelectionChange, canSelectRow, selectLabel } = props;
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({});
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        header: c.header,
        enableSorting: Boolean(c.sortable),
        enableHiding: c.hideable !== false && c.header !== "",
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: Row) => String(rowKey(row)),
    manualSorting: true,
    enableRowSelection: onRowSelectionChange
      ? canSelectRow
        ? (row: { original: Row }) => canSelectRow(row.original)
        : true
      : false,
    state: {
      sorting: sort ? [{ id: sort.key, desc: sort.dir === "desc" }] : [],
      rowSelection,
      columnVisibility,
    },
    onRowSelectionChange: (updater) => onRowSelectionChange?.(resolve(updater, rowSelection)),
    onColumnVisibilityChange: (updater) => setColumnVisibility((old: ColumnVisibilityState) => resolve(updater, old)),
  });

  const visible = table.getVisibleLeafColumns().map((c) => byKey.get(c.id)!);
  const selectable = Boolean(onRowSelectionChange);
  const span = visible.length + (selectable ? 1 : 0);
  const hideable = columns.filter((c) => c.hideable !== false && c.header !== "");
  const allSelected = table.getIsAllPageRowsSelected();
  const cell = (col: DataTableColumn<Row>, row: Row) => (col.render ? col.render(row) : defaultCell(row, col.key));

  return (
    <div className={cn("flex min-w-0 flex-col gap-3", className)} data-testid={props["data-testid"] ?? "data-table"}>
      <DataTableToolbar
        search={search}
        filters={filters}
        activeFilters={activeFilters}
        toolbar={toolbar}
        label={label}
        phone={phone}
        columns={
          hideable.length > 3
            ? table
                .getAllLeafColumns()
                .filter((c) => c.getCanHide())
                .map((c) => ({ id: c.id, label: byKey.get(c.id)!.header, checked: c.getIsVisible() }))
            : []
        }
        onColumnToggle={(id, on) => table.getColumn(id)?.toggleVisibility(on)}
      />
      {phone ? (
        <DataTableCards<Row>
          columns={visible}
          rows={table.getRowModel().rows.map((row) => ({
            id: row.id,
            original: row.original,
            selected: row.getIsSelected(),
            canSelect: row.getCanSelect(),
            toggle: (on: boolean) => row.toggleSelected(on),
          }))}
          cell={cell}
          label={label}
          loading={loading}
          empty={empty}
          selection={
            selectable
              ? {
                  all: allSelected ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false,
                  toggleAll: (on) => table.toggleAllPageRowsSelected(on),
                }
              : undefined
          }
          selectLabel={selectLabel}
          sort={sort}
          onSortChange={onSortChange}
          activate={onRowClick && ((row, e) => !fromInteractiveChild(e) && onRowClick(row))}
        />
      ) : (
        // Focusable so keyboard users can scroll a table wider than its container.
        <div
          className="overflow-x-auto rounded-lg border bg-card focus-visible:outline-2 focus-visible:outline-ring"
          tabIndex={0}
          role="region"
          aria-label={label}
        >
          <table
            className={cn("w-full caption-bottom text-sm", loading && rows.length > 0 && "opacity-60")}
            aria-label={label}
            aria-busy={loading || undefined}
          >
            <thead className="bg-muted/50">
              <tr className="border-b">
                {selectable && (
                  <th scope="col" className="w-10 px-3 py-2">
                    <Checkbox
                      checked={allSelected ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
                      onCheckedChange={(v) => table.toggleAllPageRowsSelected(v === true)}
                      aria-label="Select all rows on this page"
                      disabled={rows.length === 0}
                      data-testid="data-table-select-all"
                    />
                  </th>
                )}
                {table.getVisibleLeafColumns().map((column) => {
                  const col = byKey.get(column.id)!;
                  const sorted = column.getIsSorted();
                  const canSort = col.sortable && onSortChange;
                  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ChevronsUpDown;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      style={col.width ? { width: col.width } : undefined}
                      className={cn(
                        "h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
                        col.align && ALIGN[col.align],
                      )}
                      aria-sort={
                        canSort
                          ? sorted === "asc"
                            ? "ascending"
                            : sorted === "desc"
                              ? "descending"
                              : "none"
                          : undefined
                      }
                      data-column={col.key}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className={cn(
                            "-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1",
                            "hover:bg-accent hover:text-foreground",
                            "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                          )}
                          onClick={() => onSortChange(nextSort(sort, col.key))}
                          data-testid={`sort-${col.key}`}
                        >
                          {col.header}
                          <Icon className={cn("size-3.5", !sorted && "opacity-50")} aria-hidden="true" />
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
              {rows.length === 0 ? (
                loading ? (
                  [0, 1, 2].map((i) => (
                    <tr
                      key={i}
                      className="border-b last:border-0"
                      data-testid={i === 0 ? "data-table-loading" : undefined}
                    >
                      <td colSpan={span} className="px-3 py-3">
                        <Skeleton className="h-4 w-full" />
                        {i === 0 && <span className="sr-only">Loading…</span>}
                      </td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={span}>{empty ?? <EmptyState title="No results" />}</td>
                  </tr>
                )
              ) : (
                table.getRowModel().rows.map((row) => {
                  const activate = onRowClick ? () => onRowClick(row.original) : undefined;
                  return (
                    <tr
                      key={row.id}
                      data-testid="data-table-row"
                      data-row-key={row.id}
                      data-state={row.getIsSelected() ? "selected" : undefined}
                      className={cn(
                        "border-b transition-colors last:border-0 hover:bg-muted/40 data-[state=selected]:bg-muted",
                        onRowClick && "cursor-pointer focus-visible:bg-muted focus-visible:outline-none",
                      )}
                      tabIndex={onRowClick ? 0 : undefined}
                      onClick={activate && ((e) => !fromInteractiveChild(e) && activate())}
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
                      {selectable && (
                        <td className="w-10 px-3 py-2">
                          <Checkbox
                            checked={row.getIsSelected()}
                            onCheckedChange={(v) => row.toggleSelected(v === true)}
                            disabled={!row.getCanSelect()}
                            aria-label={selectLabel?.(row.original) ?? "Select row"}
                            data-testid="data-table-select"
                          />
                        </td>
                      )}
                      {visible.map((col) => (
                        <td
                          key={col.key}
                          data-column={col.key}
                          className={cn("px-3 py-2 align-middle", col.align && ALIGN[col.align])}
                        >
                          {cell(col, row.original)}
                        </td>
                      ))}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
      <DataTablePagination
        total={total}
        page={page}
        limit={limit}
        onPageChange={onPageChange}
        limitOptions={limitOptions}
        onLimitChange={onLimitChange}
        selected={selectable ? table.getSelectedRowIds().length : 0}
      />
    </div>
  );
}
