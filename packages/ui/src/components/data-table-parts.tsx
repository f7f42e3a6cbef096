"use client";
// What DataTable shows above and below its rows: search, filters (a sheet on phones), actions and the column menu;
// the range, page size and page buttons.
import { ChevronLeft, ChevronRight, Columns3, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";
import { formatCount, pageInfo, rangeText } from "../paging.ts";
import { Button } from "./button.tsx";
import { ChoiceMenu, type Choice } from "./choice-menu.tsx";
import { FilterSheet } from "./filter-sheet.tsx";
import { NativeSelect } from "./input.tsx";

export function DataTableToolbar(props: {
  search?: ReactNode;
  filters?: ReactNode;
  activeFilters: number;
  toolbar?: ReactNode;
  label?: string;
  phone: boolean;
  /** The hideable columns (the "Columns" menu shows when there are more than three). */
  columns: Choice[];
  onColumnToggle: (id: string, visible: boolean) => void;
}) {
  const { search, filters, activeFilters, toolbar, label, phone, columns } = props;
  if (!search && !filters && !toolbar && columns.length === 0) return null;
  const menu = columns.length > 3 && (
    <ChoiceMenu
      trigger={
        <Button size={phone ? "md" : "sm"} className={cn(!phone && "ml-auto")} data-testid="data-table-columns">
          <Columns3 aria-hidden="true" /> Columns
        </Button>
      }
      label="Show columns"
      keepOpen
      choices={columns}
      onChoose={props.onColumnToggle}
    />
  );
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="data-table-toolbar">
      {search && <div className="min-w-[min(100%,12rem)] flex-1 md:flex-none">{search}</div>}
      {filters &&
        (phone ? (
          <FilterSheet
            title={label ? `Filter ${label.toLowerCase()}` : "Filters"}
            trigger={
              <Button data-testid="data-table-filters-open">
                <SlidersHorizontal aria-hidden="true" /> Filters
                {activeFilters > 0 && <span className="tabular-nums">({activeFilters})</span>}
              </Button>
            }
          >
            {filters}
          </FilterSheet>
        ) : (
          <div className="flex flex-wrap items-end gap-3" data-testid="data-table-filters">
            {filters}
          </div>
        ))}
      {/* On a phone the column menu sits by the filter button, the actions get a line of their own. */}
      {phone && menu}
      {toolbar && <div className={cn("min-w-0", phone && "basis-full")}>{toolbar}</div>}
      {!phone && menu}
    </div>
  );
}

export function DataTablePagination(props: {
  total: number;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  limitOptions?: number[];
  onLimitChange?: (limit: number) => void;
  /** Rows selected (shown before the range when some are). */
  selected: number;
}) {
  const { total, page, limit, onPageChange, limitOptions, onLimitChange, selected } = props;
  const info = pageInfo(total, page, limit);
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
      aria-label="Pagination"
      data-testid="data-table-pagination"
    >
      <span className="text-muted-foreground" data-testid="data-table-range" aria-live="polite">
        {selected > 0 && `${selected} selected · `}
        {rangeText(total, page, limit)}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {limitOptions && onLimitChange && (
          <label className="flex items-center gap-2 text-muted-foreground">
            Rows per page
            <NativeSelect
              className="h-8 w-auto"
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
            </NativeSelect>
          </label>
        )}
        <span className="text-muted-foreground" data-testid="data-table-page">
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
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={!info.hasNext}
          aria-label="Next page"
          data-testid="data-table-next"
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
