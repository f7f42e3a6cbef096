"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "../lib/utils.ts";
import { Button } from "./button.tsx";
import { toast } from "./sonner.tsx";

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy token". */
  label?: string;
  className?: string;
  "data-testid"?: string;
}

/** An icon button that copies `value` and says so (a toast, and a check mark for a moment). */
export function CopyButton({ value, label = "Copy", className, "data-testid": testId }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
      toast.success("Copied to the clipboard");
    } catch {
      toast.error("Could not copy: select the text and copy it yourself.");
    }
  }
  return (
    <Button
      size="icon"
      variant="ghost"
      className={cn("size-8", className)}
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
    </Button>
  );
}
