"use client";
// A list's filters on a phone: a button that opens them in a sheet from the bottom of the screen. The sheet's code
// (Radix's dialog) loads after the page shows; until then the button shows, inert.
import type { AriaAttributes, ReactElement, ReactNode } from "react";
import { deferred, inertTrigger } from "../lib/deferred.tsx";

export interface FilterSheetProps {
  trigger: ReactElement<AriaAttributes>;
  /** The sheet's heading, e.g. "Filter issues". */
  title: string;
  /** The filter controls; each change applies to the list at once. */
  children: ReactNode;
}

export const FilterSheet = deferred<FilterSheetProps>(
  () => import("./filter-sheet-content.tsx").then((m) => m.FilterSheetContent),
  inertTrigger,
);
