// The scan profiles (an asset's port scan mode) and the words a person reads for each: one map for the OpenAPI
// document's descriptions and the dashboard's selects and pills (`@ems/core/scan-profiles`). No dependency.
export const PORT_SCAN_MODES = ["off", "web", "top100", "top1000", "full"] as const;
export type PortScanMode = (typeof PORT_SCAN_MODES)[number];

export const SCAN_PROFILE_LABELS: Record<PortScanMode, string> = {
  off: "No port scan",
  web: "Web ports (80, 443)",
  top100: "Top 100 ports",
  top1000: "Top 1,000 ports",
  full: "All 65,535 ports",
};

/** "off: No port scan; web: Web ports (80, 443); …", for the OpenAPI document. */
export const scanProfileWords = () => PORT_SCAN_MODES.map((m) => `\`${m}\`: ${SCAN_PROFILE_LABELS[m]}`).join("; ");
