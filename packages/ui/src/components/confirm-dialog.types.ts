// The props, apart from the component, so that its lazily loaded part can import them without an import cycle.
import type { ReactNode } from "react";

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
