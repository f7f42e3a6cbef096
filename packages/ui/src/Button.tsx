import type { ComponentPropsWithRef } from "react";
import { cx } from "./cx.ts";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button (e.g. while a mutation runs). */
  loading?: boolean;
}

/** The button classes, for links that should look like buttons (`<Link className={buttonClassName("primary")}>`). */
export function buttonClassName(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return cx("ems-button", `ems-button--${variant}`, `ems-button--${size}`, extra);
}

// No "use client": without handlers it also renders in Server Components
// (e.g. a submit button of a form with a server action).
export function Button({
  variant = "secondary",
  size = "md",
  loading = false,
  disabled,
  className,
  children,
  type = "button", // not "submit": a stray button inside a form must not submit it
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      {...rest}
    >
      {loading && <span className="ems-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
