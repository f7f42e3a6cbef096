"use client";
// The Radix half of FilterSheet, loaded on its own (filter-sheet.tsx says why).
import { Button } from "./button.tsx";
import type { FilterSheetProps } from "./filter-sheet.types.ts";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "./sheet.tsx";

export function FilterSheetContent({ trigger, title, children }: FilterSheetProps) {
  return (
    <Sheet>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="bottom" className="gap-4 bg-card p-4 text-card-foreground" data-testid="filter-sheet">
        <SheetTitle className="pr-8 font-semibold">{title}</SheetTitle>
        <SheetDescription className="sr-only">The list below changes as you choose.</SheetDescription>
        {/* One control per line, each as wide as the sheet. */}
        <div
          className="flex flex-col gap-3 [&_input]:w-full [&_select]:w-full [&>div]:flex-col [&>div]:items-stretch"
          data-testid="data-table-filters"
        >
          {children}
        </div>
        <SheetClose asChild>
          <Button variant="primary">Show results</Button>
        </SheetClose>
      </SheetContent>
    </Sheet>
  );
}
