"use client";

import type { ReactNode } from "react";
import { Toaster as Sonner, toast as sonnerToast, type ExternalToast, type ToasterProps } from "sonner";

/** The toast region; put it once in the root layout (pass the current theme). */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      closeButton
      duration={5000}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

type Show = (message: ReactNode, options?: ExternalToast) => string | number;
const withTestId =
  (show: typeof sonnerToast.success): Show =>
  (message, options) =>
    show(message, { testId: "toast", ...options });

/**
 * sonner's toast, marked data-testid="toast" for the browser tests. Call it anywhere (no hook, no provider
 * besides the Toaster).
 */
export const toast = {
  success: withTestId(sonnerToast.success),
  error: withTestId(sonnerToast.error),
  info: withTestId(sonnerToast.info),
};
