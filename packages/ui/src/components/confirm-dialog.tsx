"use client";
// A modal confirm. Its code (Radix's dialog, focus trap and scroll lock, ~10 kB gzipped) loads when it first
// opens: no page needs it for its first paint (docs/benchmarks.md).
import { lazy, Suspense } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog.types.ts";

export type { ConfirmDialogProps } from "./confirm-dialog.types.ts";

const ConfirmModal = lazy(() => import("./confirm-dialog-content.tsx").then((m) => ({ default: m.ConfirmModal })));

/** A modal confirm on Radix AlertDialog (focus trap, Escape, inert page), optionally "type the name to confirm". */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
