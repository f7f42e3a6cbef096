"use client";

import * as LabelPrimitive from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "../lib/utils.ts";

export const labelClass =
  "flex items-center gap-2 text-sm font-medium leading-none select-none " +
  "peer-disabled:cursor-not-allowed peer-disabled:opacity-50";

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root data-slot="label" className={cn(labelClass, className)} {...props} />;
}
