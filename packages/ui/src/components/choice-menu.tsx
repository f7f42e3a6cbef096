"use client";
// A button that opens a menu of checkable choices (a table's columns, the theme). The menu's code, Radix's menu and
// its positioning (~20 kB gzipped), loads after the page shows; until then the button shows, inert.
import type { AriaAttributes, ReactElement, ReactNode } from "react";
import { deferred, inertTrigger } from "../lib/deferred.tsx";

export interface Choice {
  id: string;
  label: ReactNode;
  checked: boolean;
}

export interface ChoiceMenuProps {
  /** The button that opens the menu. */
  trigger: ReactElement<AriaAttributes>;
  /** A heading inside the menu. */
  label?: string;
  choices: Choice[];
  onChoose: (id: string, checked: boolean) => void;
  /** Stay open after a choice (for toggling several). */
  keepOpen?: boolean;
}

export const ChoiceMenu = deferred<ChoiceMenuProps>(
  () => import("./choice-menu-content.tsx").then((m) => m.ChoiceMenuContent),
  inertTrigger,
);
