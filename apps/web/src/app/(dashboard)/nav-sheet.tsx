"use client";
// The navigation's sheet on small screens (MobileHeader loads it after the page shows).
import type { AriaAttributes, ReactElement, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@ems/ui";

export function NavSheet({
  open,
  onOpenChange,
  trigger,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement<AriaAttributes>;
  title: ReactElement;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="gap-4 border-sidebar-border bg-sidebar px-3 py-4 text-sidebar-foreground">
        <SheetTitle asChild>{title}</SheetTitle>
        <SheetDescription className="sr-only">Pages of the dashboard</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
