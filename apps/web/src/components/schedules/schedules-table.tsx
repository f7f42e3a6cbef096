"use client";
// Scan schedules in a table: when they run in words, next and last run,
// enable/disable (with the system's reason when it disabled one), edit, delete.
// Used by the schedules page and the asset page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import {
  Button,
  ConfirmDialog,
  DataTable,
  RelativeTime,
  type DataTableColumn,
  type DataTableProps,
  plural,
  toast,
} from "@ems/ui";
import { useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { describeRecurrence, type Schedule } from "./recurrence-text";
import { ScheduleDialog } from "./schedule-dialog";

export type SchedulesTableProps = Pick<
  DataTableProps<Schedule>,
  | "rows"
  | "total"
  | "page"
  | "limit"
  | "onPageChange"
  | "limitOptions"
  | "onLimitChange"
  | "sort"
  | "onSortChange"
  | "loading"
  | "empty"
  | "search"
  | "filters"
  | "activeFilters"
> & {
  /** The asset column (the schedules page); the asset page leaves it out. */
  showAsset?: boolean;
};

/** What the next run scans: the asset, or how many of the project's assets and the first ones (and the skips). */
function NextScan({ schedule: s }: { schedule: Schedule }) {
  const next = s.nextScan;
  if (!s.enabled) return null;
  const names = next.assets.map((a) => a.value).join(", ");
  const more = next.assetCount > next.assets.length ? ", …" : "";
  return (
    <span className="block text-xs text-muted-foreground" data-testid="schedule-next-scan">
      {s.project
        ? next.assetCount
          ? `${plural(next.assetCount, "asset")}: ${names}${more}`
          : "no proven asset yet"
        : next.assetCount
          ? null
          : "skipped: ownership not proven"}
      {s.project && next.unprovenCount > 0 && ` (${next.unprovenCount} not proven, skipped)`}
    </span>
  );
}

export function SchedulesTable({ showAsset = false, ...table }: SchedulesTableProps) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.scanSchedules.pathKey() });
  const toggle = useMutation(
    trpc.scanSchedules.update.mutationOptions({
      onSuccess: (s) => (toast.success(`Schedule "${s.name}" ${s.enabled ? "enabled" : "disabled"}`), refresh()),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  const remove = useMutation(
    trpc.scanSchedules.delete.mutationOptions({
      onSuccess: (r) => (toast.success(r.message), setDeleting(null), refresh()),
    }),
  );

  const columns: DataTableColumn<Schedule>[] = [
    {
      key: "name",
      sortable: true,
      header: "Schedule",
      render: (s) => (
        <span>
          <strong>{s.name}</strong>
          <br />
          <span className="text-sm text-muted-foreground" data-testid="schedule-frequency">
            {describeRecurrence(s)}
          </span>
        </span>
      ),
    },
    ...(showAsset
      ? [
          {
            key: "asset",
            header: "Scans",
            render: (s: Schedule) =>
              s.asset ? (
                <Link href={`/assets/${s.asset.id}`}>
                  {s.asset.name ? `${s.asset.name} (${s.asset.value})` : s.asset.value}
                </Link>
              ) : (
                <Link href={`/assets?projectId=${s.project!.id}`}>Project {s.project!.name}</Link>
              ),
          },
        ]
      : []),
    {
      key: "nextRunAt",
      header: "Next run",
      sortable: true,
      render: (s) => (
        <span>
          <RelativeTime date={s.nextRunAt} fallback="not scheduled" />
          <NextScan schedule={s} />
        </span>
      ),
    },
    {
      key: "lastRunAt",
      header: "Last run",
      sortable: true,
      render: (s) => <RelativeTime date={s.lastRunAt} fallback="never" />,
    },
    {
      key: "enabled",
      header: "Enabled",
      render: (s) => (
        <span>
          <label>
            <input
              type="checkbox"
              role="switch"
              aria-label={`Enabled: ${s.name}`}
              checked={s.enabled}
              disabled={!canWrite || toggle.isPending}
              onChange={(e) => toggle.mutate({ id: s.id, enabled: e.target.checked })}
            />{" "}
            {s.enabled ? "on" : "off"}
          </label>
          {s.disabledReason && (
            <span className="block text-xs text-muted-foreground" data-testid="disabled-reason">
              {s.disabledReason}
            </span>
          )}
        </span>
      ),
    },
    ...(canWrite
      ? [
          {
            key: "actions",
            header: "",
            render: (s: Schedule) => (
              <span className="flex flex-wrap items-center gap-1.5">
                <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
                  Edit
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(s)}>
                  Delete
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable<Schedule>
        label="Scan schedules"
        data-testid="schedules-table"
        columns={columns}
        rowKey={(s) => s.id}
        {...table}
      />
      {editing && <ScheduleDialog schedule={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete schedule "${deleting?.name ?? ""}"?`}
        danger
        confirmLabel="Delete schedule"
        onCancel={() => setDeleting(null)}
        onConfirm={() => remove.mutateAsync({ id: deleting!.id })}
      >
        Its skip history goes with it; the scans it started stay.
      </ConfirmDialog>
    </>
  );
}
