"use client";
// A new workspace's checklist: what to do first, in order, each step ticking itself as the workspace advances (the
// overview's firstSteps, workspace-wide). Gone once every step is done.
import { Check } from "lucide-react";
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { buttonVariants, Card, cn } from "@ems/ui";

type Step = RouterOutputs["overview"]["get"]["firstSteps"][number];

const STEPS: Record<Step["step"], { title: string; why: string; action: string; href: (s: Step) => string }> = {
  project: {
    title: "Create a project",
    why: "Projects group assets by product, team or environment.",
    action: "Create a project",
    href: () => "/projects",
  },
  asset: {
    title: "Add an asset",
    why: "A domain, subdomain, IP address or cloud bucket you want watched.",
    action: "Add an asset",
    href: () => "/assets/new",
  },
  ownership: {
    title: "Prove you own it",
    why: "Publish the record the asset's page shows: nothing is scanned before.",
    action: "Prove ownership",
    href: (s) => (s.assetId ? `/assets/${s.assetId}` : "/assets"),
  },
  scan: {
    title: "Run a scan",
    why: "Open ports, TLS, web server and software problems become issues to fix.",
    action: "Start a scan",
    href: (s) => (s.assetId ? `/assets/${s.assetId}` : "/assets"),
  },
};

export function FirstSteps({ steps }: { steps: Step[] }) {
  if (steps.every((s) => s.done)) return null;
  const next = steps.find((s) => !s.done)!;
  const done = steps.filter((s) => s.done).length;
  return (
    <Card
      title="Get started"
      description={`${done} of ${steps.length} done. Each step ticks itself when it is done.`}
      data-testid="first-steps"
    >
      <ol className="flex flex-col gap-3">
        {steps.map((s, i) => {
          const step = STEPS[s.step];
          const current = s === next;
          return (
            <li
              key={s.step}
              className="flex items-start gap-3"
              data-testid={`first-step-${s.step}`}
              data-done={s.done}
              aria-current={current ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full border text-sm font-medium",
                  s.done && "border-success bg-success text-white",
                  current && "border-primary text-primary",
                )}
                aria-hidden="true"
              >
                {s.done ? <Check className="size-4" /> : i + 1}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className={cn("font-medium", s.done && "text-muted-foreground line-through")}>
                  {step.title}
                  <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
                </span>
                {!s.done && <span className="text-sm text-muted-foreground">{step.why}</span>}
                {current && (
                  <Link
                    href={step.href(s)}
                    className={cn(buttonVariants({ variant: "primary", size: "sm" }), "w-fit")}
                    data-testid="first-step-action"
                  >
                    {step.action}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
