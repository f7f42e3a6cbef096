import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "../lib/utils.ts";
import { inputClass, nativeSelectClass, textareaClass } from "./input.tsx";

/** What Field wires onto its control. */
export interface FieldControlProps {
  id: string;
  className: string;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: true | undefined;
  "aria-required"?: true | undefined;
}

type ControlElement = ReactElement<{
  id?: string | undefined;
  className?: string | undefined;
  "aria-describedby"?: string | undefined;
}>;

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Validation message; marks the control aria-invalid. */
  error?: ReactNode;
  /** Shows a required marker and sets aria-required (add `required` to the control yourself for native validation). */
  required?: boolean;
  /** The control's id; generated when omitted (or taken from the child's own id). */
  id?: string;
  className?: string;
  /**
   * One <input>, <select> or <textarea> element (it receives id, aria-* and the control's look),
   * or a function that spreads the given props onto a custom control.
   */
  children: ControlElement | ((control: FieldControlProps) => ReactNode);
}

const LOOK: Record<string, string> = { select: nativeSelectClass, textarea: textareaClass };

/**
 * A label, hint and error around one plain control, for forms not on react-hook-form
 * (those use FormField/FormItem).
 */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const child = isValidElement(children) ? (children as ControlElement) : null;
  const controlId = id ?? child?.props.id ?? `${generated}-control`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId, child?.props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  const look = child && typeof child.type === "string" ? (LOOK[child.type] ?? inputClass) : inputClass;

  const control: FieldControlProps = {
    id: controlId,
    className: cn(look, child?.props.className),
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };

  return (
    <div className={cn("grid min-w-0 content-start gap-1.5", className)} data-testid="field">
      <label className="text-sm font-medium" htmlFor={controlId}>
        {label}
        {required && (
          <span className="text-destructive-text" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {typeof children === "function" ? children(control) : child ? cloneElement(child, control) : null}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive-text" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
