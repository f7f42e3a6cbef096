import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../lib/utils.ts";
import type { Severity } from "../tokens.ts";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs " +
    "font-medium [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "text-foreground",
        critical: "border-transparent bg-severity-critical text-white",
        high: "border-transparent bg-severity-high text-white",
        medium: "border-transparent bg-severity-medium text-white",
        low: "border-transparent bg-severity-low text-white",
        info: "border-transparent bg-severity-info text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

export function severityLabel(severity: Severity): string {
  return severity.charAt(0).toUpperCase() + severity.slice(1);
}

export interface SeverityBadgeProps extends ComponentProps<"span"> {
  severity: Severity;
  /** Text to show instead of the capitalized severity name. */
  label?: string;
}

export function SeverityBadge({ severity, label, ...rest }: SeverityBadgeProps) {
  return (
    <Badge variant={severity} data-testid="severity-badge" data-severity={severity} {...rest}>
      {label ?? severityLabel(severity)}
    </Badge>
  );
}

export type Confidence = "confirmed" | "firm" | "tentative";

/** What each confidence means, for the badge's tooltip. */
export const CONFIDENCE_MEANING: Record<Confidence, string> = {
  confirmed: "Confirmed: the exposure itself was seen (its content, or the service did what was asked)",
  firm: "Firm: a strong sign of it (a product named by its own page, a template's matchers)",
  tentative: "Tentative: inferred (a version in an affected range); check before acting",
};

export interface ConfidenceBadgeProps extends ComponentProps<"span"> {
  confidence: Confidence;
  /** Text to show instead of the confidence's name (e.g. the app's label for it). */
  label?: string;
}

/** How sure a finding is; outlined, so that it never competes with the severity's colour. */
export function ConfidenceBadge({ confidence, label, ...rest }: ConfidenceBadgeProps) {
  return (
    <Badge
      variant="outline"
      title={CONFIDENCE_MEANING[confidence]}
      data-testid="confidence-badge"
      data-confidence={confidence}
      className={confidence === "tentative" ? "border-dashed" : undefined}
      {...rest}
    >
      {label ?? confidence}
    </Badge>
  );
}

export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

const DOT: Record<StatusTone, string> = {
  neutral: "bg-muted-foreground",
  success: "bg-success",
  warning: "bg-warning",
  danger: "bg-destructive",
  info: "bg-info",
};

export interface StatusPillProps extends ComponentProps<"span"> {
  /** The text shown, e.g. "verified" or "scan failed". */
  status: string;
  tone?: StatusTone;
}

export function StatusPill({ status, tone = "neutral", ...rest }: StatusPillProps) {
  return (
    <Badge variant="outline" data-testid="status-pill" data-tone={tone} {...rest}>
      {/* The dot repeats the tone for those who skim; the text carries the meaning. */}
      <span className={cn("size-2 rounded-full", DOT[tone])} aria-hidden="true" />
      {status}
    </Badge>
  );
}
