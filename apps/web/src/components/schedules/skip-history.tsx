"use client";
// The slots an asset's schedules skipped, newest first: when, which schedule, why.
import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import type { RouterOutputs } from "@ems/core";
import { EmptyState } from "@ems/ui";
import { useTRPC } from "@/trpc/client";
import type { Schedule } from "./recurrence-text";
import { When } from "./when";

type Skip = RouterOutputs["scanSchedules"]["skips"]["items"][number];
const REASONS: Record<Skip["reason"], string> = {
  "scan-already-active": "a scan of the asset was still running",
  "ownership-not-proven": "the asset's ownership was no longer proven",
};
/** The newest skips of each schedule; an asset has at most five schedules. */
const PER_SCHEDULE = 20;

export function SkipHistory({ schedules }: { schedules: Schedule[] }) {
  const trpc = useTRPC();
  const pages = useQueries({
    queries: schedules.map((s) => trpc.scanSchedules.skips.queryOptions({ id: s.id, limit: PER_SCHEDULE })),
  });
  const names = new Map(schedules.map((s) => [s.id, s.name]));
  const skips = pages
    .flatMap((p) => p.data?.items ?? [])
    .sort((a, b) => b.slotAt.getTime() - a.slotAt.getTime() || b.id - a.id);
  if (skips.length === 0)
    return <EmptyState title="No skipped runs" description="Every slot so far started its scan." />;
  return (
    <table style={{ width: "100%", fontSize: 13, borderCollapse: "collapse" }} data-testid="skip-history">
      <thead>
        <tr>
          <th style={{ textAlign: "left" }}>Slot</th>
          <th style={{ textAlign: "left" }}>Schedule</th>
          <th style={{ textAlign: "left" }}>Why it was skipped</th>
        </tr>
      </thead>
      <tbody>
        {skips.map((k) => (
          <tr key={k.id} data-testid="skip" data-reason={k.reason}>
            <td>
              <When date={k.slotAt} />
            </td>
            <td>{names.get(k.scheduleId)}</td>
            <td>
              {REASONS[k.reason]}
              {k.activeScanId !== null && (
                <>
                  {" "}
                  (<Link href={`/scans/${k.activeScanId}`}>scan {k.activeScanId}</Link>)
                </>
              )}
              <span className="muted" style={{ display: "block", fontSize: 12 }}>
                {k.message}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
