"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cx } from "./cx.ts";

export type ToastKind = "success" | "error" | "info";

export interface ToastOptions {
  /** Milliseconds before it disappears; defaults to the provider's duration. */
  duration?: number;
}

export interface ToastApi {
  success: (message: ReactNode, options?: ToastOptions) => void;
  error: (message: ReactNode, options?: ToastOptions) => void;
  info: (message: ReactNode, options?: ToastOptions) => void;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: ReactNode;
  duration: number;
}

export interface ToastProviderProps {
  children: ReactNode;
  /** Default time on screen in ms (5 s). */
  duration?: number;
  /** Older toasts are dropped beyond this many. */
  max?: number;
}

const KIND_WORDS: Record<ToastKind, string> = { success: "Success", error: "Error", info: "Info" };

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children, duration = 5000, max = 5 }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  // Stable across renders, so callers can list it in effect dependencies.
  const api = useMemo<ToastApi>(() => {
    const push = (kind: ToastKind) => (message: ReactNode, options?: ToastOptions) => {
      const toast = { id: nextId.current++, kind, message, duration: options?.duration ?? duration };
      setToasts((list) => [...list, toast].slice(-max));
    };
    return { success: push("success"), error: push("error"), info: push("info") };
  }, [duration, max]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Always rendered: screen readers only announce changes to a live region that already exists.
          role="status", not "alert": Next's route announcer is already an (empty) alert. */}
      <div className="ems-toasts" role="status" aria-live="polite" data-testid="toast-region">
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  // Paused while hovered or focused, so a message can be read to the end.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.duration, onDismiss]);

  return (
    <div
      className={cx("ems-toast", `ems-toast--${toast.kind}`)}
      data-testid="toast"
      data-kind={toast.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="ems-toast__icon" aria-hidden="true">
        {toast.kind === "success" ? "✓" : toast.kind === "error" ? "!" : "i"}
      </span>
      <div className="ems-toast__message">
        {/* The icon is decorative; say the kind in words. */}
        <span className="ems-visually-hidden">{KIND_WORDS[toast.kind]}: </span>
        {toast.message}
      </div>
      <button
        type="button"
        className="ems-toast__dismiss"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        data-testid="toast-dismiss"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** success / error / info toasts; needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be used inside <ToastProvider>.");
  return api;
}
