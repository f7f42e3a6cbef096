"use client";
// A list's filters on a phone: a button that opens them in a sheet from the bottom of the screen. The sheet's code
// (Radix's dialog) loads after the page shows; until then the button shows, inert.
import { deferred, inertTrigger } from "../lib/deferred.tsx";
import type { FilterSheetProps } from "./filter-sheet.types.ts";

export type { FilterSheetProps } from "./filter-sheet.types.ts";

export const FilterSheet = deferred<FilterSheetProps>(
  () => import("./filter-sheet-content.tsx").then((m) => m.FilterSheetContent),
  inertTrigger,
);
