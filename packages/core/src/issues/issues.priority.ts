// An issue's priority (docs/api.md, Priority): the score 0-100 is the database's (function issue_priority in
// migration 20261128120000_issue_sla_and_priority, kept on every issue by triggers so that lists sort on an index);
// here, its band and the reasons in words, from the same inputs.
import { BlockList, isIP } from "node:net";
import type { Criticality, Severity } from "@ems/db";

export const PRIORITY_BANDS = ["P1", "P2", "P3", "P4"] as const;
export type PriorityBand = (typeof PRIORITY_BANDS)[number];

/** P1 from 75, P2 from 50, P3 from 25, else P4. */
export const bandOf = (score: number): PriorityBand =>
  score >= 75 ? "P1" : score >= 50 ? "P2" : score >= 25 ? "P3" : "P4";

/** The ranges is_internet_facing (the same migration) counts as internal. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
  ["0.0.0.0", 8],
] as const)
  INTERNAL.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["::", 128],
] as const)
  INTERNAL.addSubnet(net, prefix, "ipv6");

/** No address known, or one that does not parse: internet-facing (what this product watches). */
export function isInternetFacing(address: string | null): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || !family) return true;
  return !INTERNAL.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface PriorityInputs {
  priority: number;
  severity: Severity;
  kev: boolean;
  epssPercentile: number | null;
  criticality: Criticality;
  internetFacing: boolean;
}

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
};

/** "Known exploited · EPSS 97th percentile · asset critical": what raised or lowered the score besides severity. */
export function priorityOf(i: PriorityInputs) {
  const reasons = [`${i.severity[0]!.toUpperCase()}${i.severity.slice(1)} severity`];
  if (i.kev) reasons.push("Known exploited");
  if (i.epssPercentile !== null && i.epssPercentile >= 0.5)
    reasons.push(`EPSS ${ordinal(Math.floor(i.epssPercentile * 100))} percentile`);
  if (i.criticality !== "medium") reasons.push(`asset ${i.criticality}`);
  if (!i.internetFacing) reasons.push("not internet-facing");
  return { score: i.priority, band: bandOf(i.priority), reasons };
}
