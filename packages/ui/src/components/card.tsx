import { useId, type ComponentProps, type HTMLAttributes, type ReactNode } from "react";
import { cn } from "../lib/utils.ts";

// shadcn's card parts, for layouts that need them.
export function CardRoot({ className, ...props }: ComponentProps<"section">) {
  return (
    <section
      className={cn("flex min-w-0 flex-col rounded-lg border bg-card text-card-foreground shadow-xs", className)}
      {...props}
    />
  );
}
export function CardHeader({ className, ...props }: ComponentProps<"header">) {
  return <header className={cn("flex flex-wrap items-start gap-3 px-5 pt-4", className)} {...props} />;
}
export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("text-base font-semibold leading-tight", className)} {...props} />;
}
export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("mt-1 text-sm text-muted-foreground", className)} {...props} />;
}
export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("min-w-0 px-5 py-4", className)} {...props} />;
}
export function CardFooter({ className, ...props }: ComponentProps<"footer">) {
  return <footer className={cn("flex items-center gap-2 border-t px-5 py-3", className)} {...props} />;
}

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Drops the body padding, for a table or chart that should reach the edges. */
  flush?: boolean;
}

/** A titled card (the common case); the section is named by its title. */
export function Card({ title, description, actions, footer, flush, className, children, ...rest }: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <CardRoot className={className} aria-labelledby={title ? titleId : undefined} data-testid="card" {...rest}>
      {hasHeader && (
        <CardHeader>
          <div className="min-w-0 flex-1">
            {title && <CardTitle id={titleId}>{title}</CardTitle>}
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </CardHeader>
      )}
      <CardContent className={cn(flush && "p-0", flush && hasHeader && "pt-3")}>{children}</CardContent>
      {footer && <CardFooter>{footer}</CardFooter>}
    </CardRoot>
  );
}
