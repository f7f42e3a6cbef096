"use client";
// The asset page's scan schedules: its schedules, "Add schedule" (within the
// plan's number per asset), and the slots they skipped.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, EmptyState, plural } from "@ems/ui";
import { ScheduleDialog } from "@/components/schedules/schedule-dialog";
import { SchedulesTable } from "@/components/schedules/schedules-table";
import { SkipHistory } from "@/components/schedules/skip-history";
import { useMe } from "@/components/use-me";
import { useTRPC } from "@/trpc/client";

export function AssetSchedules({ assetId, proven }: { assetId: number; proven: boolean }) {
  const trpc = useTRPC();
  const { canWrite } = useMe();
  const [adding, setAdding] = useState(false);
  const plan = useQuery(trpc.plan.get.queryOptions({})).data;
  // An asset has at most 5 schedules: one page holds them all.
  const list = useQuery(trpc.scanSchedules.list.queryOptions({ assetId, limit: 50 }));
  const schedules = list.data?.items ?? [];
  const max = plan?.limits.schedulesPerAsset;
  const full = max !== undefined && schedules.length >= max;
  const why = !proven
    ? "Prove ownership first: only proven assets are scanned"
    : full
      ? `Plan ${plan!.label} allows ${plural(max, "schedule")} per asset`
      : undefined;

  return (
    <>
      <Card
        title="Scan schedules"
        description="Scans that start by themselves. Hover a time for the exact instant (UTC)."
        data-testid="asset-schedules"
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setAdding(true)} disabled={why !== undefined} title={why}>
              Add schedule
            </Button>
          )
        }
      >
        {why && canWrite && (
          <p className="text-sm text-muted-foreground" data-testid="add-schedule-why">
            {why}.
          </p>
        )}
        <SchedulesTable
          rows={schedules}
          total={list.data?.total ?? 0}
          page={1}
          limit={50}
          onPageChange={() => {}}
          loading={list.isLoading}
          empty={<EmptyState title="No schedules" description="This asset is scanned only when someone asks." />}
        />
      </Card>
      {schedules.length > 0 && (
        <Card title="Skipped runs" description="Slots that started no scan, and why." data-testid="asset-skips">
          <SkipHistory schedules={schedules} />
        </Card>
      )}
      {adding && <ScheduleDialog target={{ assetId }} onClose={() => setAdding(false)} />}
    </>
  );
}
