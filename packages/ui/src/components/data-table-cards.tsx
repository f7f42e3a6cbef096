"use client";
// DataTable on a phone: one card per row instead of a table that scrolls sideways. The title column heads the card,
// badge columns sit above it, the others are "header: value" lines, and a column without a header (actions) ends it.
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { cn } from "../lib/utils.ts";
import type { DataTableSort } from "../paging.ts";
import { Checkbox } from "./checkbox.tsx";
import type { DataTableColumn } from "./data-table.types.ts";
import { EmptyState } from "./empty-state.tsx";
import { NativeSelect } from "./input.tsx";
import { Skeleton } from "./skeleton.tsx";

/** A row as the cards need it (the table's TanStack row, narrowed). */
export interface CardRow<Row> {
  id: string;
  original: Row;
  selected: boolean;
  canSelect: boolean;
  toggle: (selected: boolean) => void;
}

export interface DataTableCardsProps<Row> {
  /** The visible columns, in order. */
  columns: DataTableColumn<Row>[];
  rows: CardRow<Row>[];
  cell: (column: DataTableColumn<Row>, row: Row) => ReactNode;
  label?: string;
  loading: boolean;
  empty?: ReactNode;
  /** Row selection: the page's "select all" state and toggle; absent when rows cannot be selected. */
  selection?: { all: boolean | "indeterminate"; toggleAll: (selected: boolean) => void };
  selectLabel?: (row: Row) => string;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  /** Opens a row: a click anywhere on its card (but on a link or control), Enter or Space on the card. */
  activate?: (row: Row, event: MouseEvent | KeyboardEvent) => void;
}

/** The columns' places on a card: the title is the one marked so, else the first column that is not a badge. */
export function cardLayout<Row>(columns: DataTableColumn<Row>[]) {
  const shown = columns.filter((c) => c.card !== "hidden");
  const title = shown.find((c) => c.card === "title") ?? shown.find((c) => c.card !== "badge" && c.header !== "");
  return {
    title,
    badges: shown.filter((c) => c.card === "badge"),
    fields: shown.filter((c) => c !== title && c.card !== "badge" && c.header !== ""),
    actions: shown.filter((c) => c !== title && c.card !== "badge" && c.header === ""),
  };
}

export function DataTableCards<Row>(props: DataTableCardsProps<Row>) {
  const { columns, rows, cell, label, loading, empty, selection, selectLabel, sort, onSortChange, activate } = props;
  const { title, badges, fields, actions } = cardLayout(columns);
  const sortable = columns.filter((c) => c.sortable);
  return (
    <div className="flex flex-col gap-2" aria-busy={loading || undefined}>
      {(selection || (onSortChange && sortable.length > 0)) && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {selection && (
            <label className="flex items-center gap-2">
              <Checkbox
                checked={selection.all}
                onCheckedChange={(v) => selection.toggleAll(v === true)}
                aria-label="Select all rows on this page"
                disabled={rows.length === 0}
                data-testid="data-table-select-all"
              />
              Select all
            </label>
          )}
          {onSortChange && sortable.length > 0 && (
            <label className="ml-auto flex items-center gap-2 text-muted-foreground">
              Sort by
              <NativeSelect
                className="h-8 w-auto"
                value={sort ? `${sort.key}:${sort.dir}` : ""}
                onChange={(e) => {
                  const [key, dir] = e.target.value.split(":") as [string, "asc" | "desc"];
                  onSortChange({ key, dir });
                }}
                data-testid="data-table-sort"
              >
                {!sort && <option value="">Default order</option>}
                {sortable.flatMap((c) => [
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
                    {c.header} (ascending)
                  </option>,
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                    {c.header} (descending)
                  </option>,
                ])}
              </NativeSelect>
            </label>
          )}
        </div>
      )}
      {rows.length === 0 ? (
        loading ? (
          [0, 1, 2].map((i) => (
            <div
              key={i}
              className="rounded-lg border bg-card p-3"
              data-testid={i === 0 ? "data-table-loading" : undefined}
            >
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="mt-2 h-4 w-full" />
              {i === 0 && <span className="sr-only">Loading…</span>}
            </div>
          ))
        ) : (
          <div className="rounded-lg border bg-card">{empty ?? <EmptyState title="No results" />}</div>
        )
      ) : (
        <ul aria-label={label} className={cn("flex flex-col gap-2", loading && "opacity-60")}>
          {rows.map((row) => (
            <li
              key={row.id}
              data-testid="data-table-row"
              data-row-key={row.id}
              data-state={row.selected ? "selected" : undefined}
              className={cn(
                "flex items-start gap-3 rounded-lg border bg-card p-3 text-sm data-[state=selected]:bg-muted",
                activate && "cursor-pointer focus-visible:bg-muted focus-visible:outline-none",
              )}
              tabIndex={activate ? 0 : undefined}
              onClick={activate && ((e) => activate(row.original, e))}
              onKeyDown={
                activate &&
                ((e) => {
                  if ((e.key === "Enter" || e.key === " ") && e.target === e.currentTarget) {
                    e.preventDefault();
                    activate(row.original, e);
                  }
                })
              }
            >
              {selection && (
                <Checkbox
                  className="mt-0.5"
                  checked={row.selected}
                  onCheckedChange={(v) => row.toggle(v === true)}
                  disabled={!row.canSelect}
                  aria-label={selectLabel?.(row.original) ?? "Select row"}
                  data-testid="data-table-select"
                />
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                {badges.length > 0 && (
                  <div className="flex flex-wrap items-center gap-1.5">
                    {badges.map((c) => (
                      <span key={c.key} data-column={c.key}>
                        {cell(c, row.original)}
                      </span>
                    ))}
                  </div>
                )}
                {title && (
                  <div className="font-medium wrap-break-word" data-column={title.key}>
                    {cell(title, row.original)}
                  </div>
                )}
                {fields.length > 0 && (
                  <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
                    {fields.map((c) => (
                      <div key={c.key} className="contents" data-column={c.key}>
                        <dt className="text-muted-foreground">{c.header}</dt>
                        <dd className="min-w-0 wrap-break-word">{cell(c, row.original)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions.map((c) => (
                  <div key={c.key} data-column={c.key}>
                    {cell(c, row.original)}
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
