import type { ReactNode } from "react";
import { cx } from "./cx.ts";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** E.g. a "Create project" button. */
  action?: ReactNode;
  /** Optional decorative icon (rendered aria-hidden). */
  icon?: ReactNode;
  className?: string;
  "data-testid"?: string;
}

export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
  "data-testid": testId = "empty-state",
}: EmptyStateProps) {
  return (
    <div className={cx("ems-empty", className)} data-testid={testId}>
      {icon && (
        <div className="ems-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="ems-empty__title">{title}</p>
      {description && <p className="ems-empty__description">{description}</p>}
      {action && <div className="ems-empty__action">{action}</div>}
    </div>
  );
}
