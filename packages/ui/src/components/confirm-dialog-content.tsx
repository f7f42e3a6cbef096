"use client";
// The Radix half of ConfirmDialog, loaded when it first opens (confirm-dialog.tsx says why).
import { useId, useRef, useState, type FormEvent } from "react";
import { canConfirm } from "../confirm.ts";
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "./alert-dialog.tsx";
import { Button } from "./button.tsx";
import type { ConfirmDialogProps } from "./confirm-dialog.types.ts";
import { Input } from "./input.tsx";

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === "function";
}

// Mounted only while open (ConfirmDialog): each opening starts with empty input and no error.
export function ConfirmModal(props: ConfirmDialogProps) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && props.onCancel()}>
      <ConfirmBody {...props} />
    </AlertDialog>
  );
}

function ConfirmBody({
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
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

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
    <AlertDialogContent
      aria-busy={busy || undefined}
      data-testid={testId}
      // Safe default focus: the text to type, else Cancel rather than the destructive button.
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        (inputRef.current ?? cancelRef.current)?.focus();
      }}
      onEscapeKeyDown={(e) => {
        e.preventDefault();
        cancel();
      }}
      {...(description ? {} : { "aria-describedby": undefined })}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        {description && <AlertDialogDescription>{description}</AlertDialogDescription>}
        {children && <div className="text-sm">{children}</div>}
        {requireText && (
          <div className="grid gap-2">
            <label className="text-sm" htmlFor={`${id}-confirm-text`}>
              Type <strong className="font-mono break-all">{requireText}</strong> to confirm
            </label>
            <Input
              ref={inputRef}
              id={`${id}-confirm-text`}
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
          <p className="text-sm text-destructive-text" role="status" data-testid="confirm-dialog-error">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
    </AlertDialogContent>
  );
}
