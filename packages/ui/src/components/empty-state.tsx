import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";

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
    <div className={cn("flex flex-col items-center gap-2 px-4 py-8 text-center", className)} data-testid={testId}>
      {icon && (
        <div className="text-muted-foreground [&_svg]:size-8" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="font-medium">{title}</p>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
