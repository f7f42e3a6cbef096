import { useId, type HTMLAttributes, type ReactNode } from "react";
import { cx } from "./cx.ts";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Drops the body padding, for a table or chart that should reach the edges. */
  flush?: boolean;
}

export function Card({ title, description, actions, footer, flush, className, children, ...rest }: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <section
      className={cx("ems-card", className)}
      aria-labelledby={title ? titleId : undefined}
      data-testid="card"
      {...rest}
    >
      {hasHeader && (
        <header className="ems-card__header">
          <div className="ems-card__heading">
            {title && (
              <h2 id={titleId} className="ems-card__title">
                {title}
              </h2>
            )}
            {description && <p className="ems-card__description">{description}</p>}
          </div>
          {actions && <div className="ems-card__actions">{actions}</div>}
        </header>
      )}
      <div className={cx("ems-card__body", flush && "ems-card__body--flush")}>{children}</div>
      {footer && <footer className="ems-card__footer">{footer}</footer>}
    </section>
  );
}
