import type { HTMLAttributes } from "react";
import { cx } from "./cx.ts";
import { SEVERITY_COLORS, type Severity } from "./tokens.ts";

export interface SeverityBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  severity: Severity;
  /** Text to show instead of the capitalized severity name. */
  label?: string;
}

export function severityLabel(severity: Severity): string {
  return severity.charAt(0).toUpperCase() + severity.slice(1);
}

export function SeverityBadge({ severity, label, className, style, ...rest }: SeverityBadgeProps) {
  return (
    <span
      className={cx("ems-severity", className)}
      // Inline, not CSS: SEVERITY_COLORS is the single source the reports share.
      style={{ backgroundColor: SEVERITY_COLORS[severity], color: "#ffffff", ...style }}
      data-testid="severity-badge"
      data-severity={severity}
      {...rest}
    >
      {label ?? severityLabel(severity)}
    </span>
  );
}
