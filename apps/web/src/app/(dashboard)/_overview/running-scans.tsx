"use client";
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { Card, EmptyState, Skeleton, StatusPill } from "@ems/ui";
import { label } from "@/components/labels";
import { Progress, SCAN_TONE } from "@/components/progress";

type Scans = RouterOutputs["overview"]["get"]["runningScans"];

/** Queued and running scans; the overview refreshes every few seconds while there are any. */
export function RunningScans({ scans }: { scans: Scans | undefined }) {
  return (
    <Card
      title="Scans running now"
      description={scans && scans.total > scans.items.length ? `${scans.total} in all` : undefined}
      actions={<Link href="/scans">All scans</Link>}
      data-testid="running-scans"
    >
      {!scans ? (
        <Skeleton className="h-20 w-full" />
      ) : scans.items.length === 0 ? (
        <EmptyState title="No scan is running" description="Start one from an asset, or schedule scans." />
      ) : (
        <ul className="flex flex-col divide-y">
          {scans.items.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="running-scan">
              <Link href={`/scans/${s.id}`} className="min-w-[min(100%,12rem)] flex-1 wrap-break-word">
                {s.asset.value}
              </Link>
              <StatusPill status={label("scanStatus", s.status)} tone={SCAN_TONE[s.status]} />
              <Progress value={s.progress} label={s.stage ? label("scanStage", s.stage) : undefined} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
