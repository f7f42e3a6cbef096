import type { ComponentProps } from "react";
import { cn } from "../lib/utils.ts";

// The look of every text control; Field applies it to the control it wraps.
export const controlClass =
  "w-full min-w-0 rounded-md border border-input bg-card px-3 py-1.5 text-sm shadow-xs outline-none " +
  "transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring " +
  "focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 " +
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20";

export const inputClass = cn(controlClass, "h-9");
export const textareaClass = cn(controlClass, "min-h-16");
export const nativeSelectClass = cn(controlClass, "h-9 pr-8");

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(textareaClass, className)} {...props} />;
}

/** A styled native <select>: right for filters and forms (keyboard, mobile pickers, form posts). */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select data-slot="native-select" className={cn(nativeSelectClass, className)} {...props} />;
}
