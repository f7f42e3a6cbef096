// Design tokens shared by the components, the dashboard and the reports.
export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Background colors per severity (WCAG AA with white text). */
export const SEVERITY_COLORS: Record<Severity, string> = {
  critical: "#7f1d1d",
  high: "#b91c1c",
  medium: "#b45309",
  low: "#1d4ed8",
  info: "#475569",
};
