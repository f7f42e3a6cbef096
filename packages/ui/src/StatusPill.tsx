import type { HTMLAttributes } from "react";
import { cx } from "./cx.ts";

export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

export interface StatusPillProps extends HTMLAttributes<HTMLSpanElement> {
  /** The text shown, e.g. "verified" or "scan failed". */
  status: string;
  tone?: StatusTone;
}

export function StatusPill({ status, tone = "neutral", className, ...rest }: StatusPillProps) {
  return (
    <span
      className={cx("ems-pill", `ems-pill--${tone}`, className)}
      data-testid="status-pill"
      data-tone={tone}
      {...rest}
    >
      {/* The dot repeats the tone for those who skim; the text carries the meaning. */}
      <span className="ems-pill__dot" aria-hidden="true" />
      {status}
    </span>
  );
}
