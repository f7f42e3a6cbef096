"use client";
// The slots an asset's schedules skipped, newest first: when, which schedule, why.
import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState, RelativeTime, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@ems/ui";
import { label } from "@/components/labels";
import { useTRPC } from "@/trpc/client";
import type { Schedule } from "./recurrence-text";

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
    <Table data-testid="skip-history">
      <TableHeader>
        <TableRow>
          <TableHead>Slot</TableHead>
          <TableHead>Schedule</TableHead>
          <TableHead>Why it was skipped</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {skips.map((k) => (
          <TableRow key={k.id} data-testid="skip" data-reason={k.reason}>
            <TableCell>
              <RelativeTime date={k.slotAt} />
            </TableCell>
            <TableCell>{names.get(k.scheduleId)}</TableCell>
            <TableCell>
              {label("skipReason", k.reason)}
              {k.activeScanId !== null && (
                <>
                  {" "}
                  (<Link href={`/scans/${k.activeScanId}`}>scan {k.activeScanId}</Link>)
                </>
              )}
              <span className="block text-xs text-muted-foreground">{k.message}</span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
