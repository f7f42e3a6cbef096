import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary page actions, right-aligned (e.g. "New project"). */
  actions?: ReactNode;
  /** Small line above the title, e.g. breadcrumbs. */
  eyebrow?: ReactNode;
  className?: string;
}

/** The page's only h1. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-wrap items-end justify-between gap-4", className)} data-testid="page-header">
      <div className="min-w-0">
        {eyebrow && <div className="mb-1 text-sm text-muted-foreground">{eyebrow}</div>}
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
