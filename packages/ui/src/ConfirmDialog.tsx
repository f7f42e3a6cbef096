"use client";

import { useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "./Button.tsx";
import { canConfirm } from "./confirm.ts";

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

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === "function";
}

// Mounted only while open: each opening starts with empty input and no error,
// and only one set of test ids is ever in the page.
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  title,
  description,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  danger = false,
  requireText,
  onConfirm,
  onCancel,
  "data-testid": testId = "confirm-dialog",
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

  // showModal() gives the focus trap, the backdrop and inertness of the page.
  // A layout effect, so that its cleanup still finds the dialog in the document.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    // Safe default focus: the text to type, else Cancel rather than the destructive button.
    (inputRef.current ?? cancelRef.current)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const cancel = () => {
    if (!busyRef.current) onCancel();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canConfirm(requireText, typed, busyRef.current)) return;
    setError(null);
    try {
      const result = onConfirm();
      if (isThenable(result)) {
        busyRef.current = true;
        setBusy(true);
        await result;
      }
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : "Something went wrong.");
    } finally {
      // Harmless if the parent already unmounted us on success.
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="ems-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      aria-busy={busy || undefined}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: the parent closes us (controlled), and never mid-request. An
        // uncancelable Escape (browsers allow only one per user activation)
        // closes the dialog anyway; onClose handles that one.
        if (!e.cancelable) return;
        e.preventDefault();
        cancel();
      }}
      onClose={() => {
        // Only the browser closes the dialog while we are mounted.
        if (busyRef.current) dialogRef.current?.showModal();
        else onCancel();
      }}
    >
      <form className="ems-dialog__form" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="ems-dialog__title">
          {title}
        </h2>
        {description && (
          <p id={`${id}-description`} className="ems-dialog__description">
            {description}
          </p>
        )}
        {children && <div className="ems-dialog__body">{children}</div>}
        {requireText && (
          <div className="ems-field">
            <label className="ems-field__label" htmlFor={`${id}-confirm-text`}>
              Type <strong className="ems-dialog__require">{requireText}</strong> to confirm
            </label>
            <input
              ref={inputRef}
              id={`${id}-confirm-text`}
              className="ems-control"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              data-testid="confirm-dialog-input"
            />
          </div>
        )}
        {error && (
          <p className="ems-field__error" role="status" data-testid="confirm-dialog-error">
            {error}
          </p>
        )}
        <div className="ems-dialog__actions">
          <Button ref={cancelRef} onClick={cancel} disabled={busy} data-testid="confirm-dialog-cancel">
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            variant={danger ? "danger" : "primary"}
            disabled={!canConfirm(requireText, typed)}
            loading={busy}
            data-testid="confirm-dialog-confirm"
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
