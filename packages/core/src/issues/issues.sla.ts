// An issue's SLA state (docs/api.md, SLA): derived from the instants the database keeps on the issue (`dueAt`, and
// `atRiskAt` when 80 % of its time has gone; trigger issue_derived) and the one clock, never stored as a word. The
// same rule reads one issue (slaStatusOf) and filters a list (slaWhere), so the two cannot disagree.
import type { IssueStatus, Prisma } from "@ems/db";

/**
 * on_track, at_risk (under 20 % of its time left), breached (past due), paused (dismissed): unresolved issues;
 * met or missed: resolved issues, by their resolution against the deadline they had then. null: info issues.
 */
export const SLA_STATUSES = ["on_track", "at_risk", "breached", "paused", "met", "missed"] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];

interface SlaFields {
  status: IssueStatus;
  dueAt: Date | null;
  atRiskAt: Date | null;
  resolvedAt: Date | null;
}

export function slaStatusOf(i: SlaFields, now: Date): SlaStatus | null {
  if (!i.dueAt || !i.atRiskAt) return null;
  if (i.status === "dismissed") return "paused";
  if (i.status === "resolved") return i.resolvedAt && i.resolvedAt <= i.dueAt ? "met" : "missed";
  if (now >= i.dueAt) return "breached";
  return now >= i.atRiskAt ? "at_risk" : "on_track";
}

/**
 * The same rule as SQL conditions on an issue row (`i`, with its "dueAt" and "atRiskAt") at the instant `now` (a
 * parameter or expression), for the reports, the assessments and the overview that count unresolved issues by SLA
 * state in SQL: breached from dueAt on; at risk from atRiskAt to just before dueAt.
 */
export const slaSql = {
  breached: (i: string, now: string) => `${i}."dueAt" <= ${now}`,
  atRisk: (i: string, now: string) => `(${i}."atRiskAt" <= ${now} and ${i}."dueAt" > ${now})`,
};

const UNRESOLVED: IssueStatus[] = ["open", "in_progress"];

/** The instant an SLA state is judged at, and the `dueAt` column (met and missed compare resolvedAt with it). */
export interface SlaJudgement {
  now: Date;
  dueAt: Prisma.FieldRef<"Issue", "DateTime">;
}

/** The issues in `status` at `now`, as a Prisma filter. */
export function slaWhere(status: SlaStatus, { now, dueAt }: SlaJudgement): Prisma.IssueWhereInput {
  switch (status) {
    case "on_track":
      // dueAt > now follows from atRiskAt > now; said so the (workspaceId, dueAt) index serves it.
      return { status: { in: UNRESOLVED }, atRiskAt: { gt: now }, dueAt: { gt: now } };
    case "at_risk":
      return { status: { in: UNRESOLVED }, atRiskAt: { lte: now }, dueAt: { gt: now } };
    case "breached":
      return { status: { in: UNRESOLVED }, dueAt: { lte: now } };
    case "paused":
      return { status: "dismissed", dueAt: { not: null } };
    case "met":
      return { status: "resolved", dueAt: { not: null }, resolvedAt: { lte: dueAt } };
    case "missed":
      return { status: "resolved", dueAt: { not: null }, resolvedAt: { gt: dueAt } };
  }
}
