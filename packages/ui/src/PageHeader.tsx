import type { ReactNode } from "react";
import { cx } from "./cx.ts";

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
    <header className={cx("ems-page-header", className)} data-testid="page-header">
      <div className="ems-page-header__text">
        {eyebrow && <div className="ems-page-header__eyebrow">{eyebrow}</div>}
        <h1 className="ems-page-header__title">{title}</h1>
        {description && <p className="ems-page-header__description">{description}</p>}
      </div>
      {actions && <div className="ems-page-header__actions">{actions}</div>}
    </header>
  );
}
