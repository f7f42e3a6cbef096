"use client";
// A partial scan, in words: each cap that bit (which stage, what it left out, why), from the scan's `caps`.
import type { RouterOutputs } from "@ems/core";
import { Card } from "@ems/ui";

type Scan = RouterOutputs["scans"]["get"];

const sentence = (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;

export function ScanCaps({ scan }: { scan: Pick<Scan, "completeness" | "caps"> }) {
  if (scan.completeness !== "partial") return null;
  return (
    <Card title="Partial scan: not everything was looked at" data-testid="scan-caps">
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm wrap-break-word">
        {scan.caps.map((c, i) => (
          <li key={i} data-testid="scan-cap">
            {sentence(c.reason)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        What was left out was not looked at, so its issues were left as they were. The asset&apos;s next scan looks at
        it first.
      </p>
    </Card>
  );
}
