/** A thin progress bar with its percent, for scans. */
export function Progress({ value, label }: { value: number; label?: string }) {
  return (
    <span className="inline-flex min-w-40 items-center gap-2" data-testid="scan-progress">
      <span
        role="progressbar"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label ? `${label} progress` : "Progress"}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <span className="block h-full bg-primary" style={{ width: `${value}%` }} />
      </span>
      <span className="text-sm whitespace-nowrap text-muted-foreground">
        {label ? `${label} · ` : ""}
        {value}%
      </span>
    </span>
  );
}

export const SCAN_TONE = {
  queued: "info",
  running: "info",
  completed: "success",
  failed: "danger",
  cancelled: "neutral",
} as const;
export const ISSUE_TONE = {
  open: "danger",
  "in-progress": "warning",
  resolved: "success",
  dismissed: "neutral",
} as const;

export const SLA_TONE = {
  on_track: "success",
  at_risk: "warning",
  breached: "danger",
  paused: "neutral",
  met: "success",
  missed: "danger",
} as const;

export const ASSET_TONE = { pending: "info", reachable: "success", unreachable: "warning", error: "danger" } as const;
