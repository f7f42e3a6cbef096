"use client";
// A button that opens a menu of checkable choices (a table's columns, the theme). The menu's code, Radix's menu and
// its positioning (~20 kB gzipped), loads after the page shows, so it stays out of every page's first-load
// JavaScript (docs/benchmarks.md). Until it is there the button shows, inert: aria-disabled, which browser tests
// wait out.
import { cloneElement, lazy, Suspense, type ReactElement, type ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";

const Content = lazy(() => import("./choice-menu-content.tsx").then((m) => ({ default: m.ChoiceMenuContent })));

export interface Choice {
  id: string;
  label: ReactNode;
  checked: boolean;
}

export interface ChoiceMenuProps {
  /** The button that opens the menu. */
  trigger: ReactElement<{ "aria-disabled"?: boolean }>;
  /** A heading inside the menu. */
  label?: string;
  choices: Choice[];
  onChoose: (id: string, checked: boolean) => void;
  /** Stay open after a choice (for toggling several). */
  keepOpen?: boolean;
}

export function ChoiceMenu(props: ChoiceMenuProps) {
  const hydrated = useHydrated();
  const inert = cloneElement(props.trigger, { "aria-disabled": true });
  if (!hydrated) return inert;
  return (
    <Suspense fallback={inert}>
      <Content {...props} />
    </Suspense>
  );
}
