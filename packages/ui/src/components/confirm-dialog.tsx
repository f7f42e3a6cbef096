"use client";
// A modal confirm. Its code (Radix's dialog, focus trap and scroll lock, ~10 kB gzipped) loads when it first
// opens: no page needs it for its first paint (docs/benchmarks.md).
import { lazy, Suspense, type ReactNode } from "react";

const ConfirmModal = lazy(() => import("./confirm-dialog-content.tsx").then((m) => ({ default: m.ConfirmModal })));

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** Short explanation; `children` is shown after it for anything richer. */
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for destructive actions. */
  danger?: boolean;
  /** Text the user must type (e.g. the project name) before confirming. */
  requireText?: string;
  /**
   * Runs on confirm. A returned promise shows the busy state; close the dialog
   * (open=false) when it succeeds. A rejection shows its message in the dialog.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Cancel button, Escape. Not called while onConfirm is running. */
  onCancel: () => void;
  "data-testid"?: string;
}

/** A modal confirm on Radix AlertDialog (focus trap, Escape, inert page), optionally "type the name to confirm". */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  );
}
