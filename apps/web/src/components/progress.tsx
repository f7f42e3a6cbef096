/** A thin progress bar with its percent, for scans. */
export function Progress({ value, label }: { value: number; label?: string }) {
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8, minWidth: 160 }} data-testid="scan-progress">
      <span
        role="progressbar"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ flex: 1, height: 6, background: "#e5e7eb", borderRadius: 3, overflow: "hidden" }}
      >
        <span style={{ display: "block", width: `${value}%`, height: "100%", background: "#1d4ed8" }} />
      </span>
      <span className="muted">
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
