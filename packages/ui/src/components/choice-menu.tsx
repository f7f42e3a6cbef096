"use client";
// A button that opens a menu of checkable choices (a table's columns, the theme). The menu's code, Radix's menu and
// its positioning (~20 kB gzipped), loads after the page shows; until then the button shows, inert.
import { deferred, inertTrigger } from "../lib/deferred.tsx";
import type { ChoiceMenuProps } from "./choice-menu.types.ts";

export type { Choice, ChoiceMenuProps } from "./choice-menu.types.ts";

export const ChoiceMenu = deferred<ChoiceMenuProps>(
  () => import("./choice-menu-content.tsx").then((m) => m.ChoiceMenuContent),
  inertTrigger,
);
