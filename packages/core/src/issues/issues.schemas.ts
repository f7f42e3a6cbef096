import { z } from "zod";
import { confidenceSchema, dateTime, instant, messageSchema, text } from "../common-schemas.ts";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { pagingInput } from "../paging.ts";
import { storedEnum } from "../stored-values.ts";
import { enrichmentFields, exploitFilters } from "../enrichment/enrichment.schemas.ts";
import { SLA_STATUSES } from "./issues.sla.ts";
import { PRIORITY_BANDS } from "./issues.priority.ts";

export const ISSUE_STATUSES = ["open", "in-progress", "resolved", "dismissed"] as const;
export const DISMISS_REASONS = ["false-positive", "accepted-risk", "mitigated-elsewhere"] as const;

/** An issue's priority where the reports and the overview list or count issues: its score and band. */
export const priorityScoreSchema = z
  .object({
    score: z.number().int().meta({ description: "0-100 (docs/api.md, Priority)" }),
    band: z.enum(PRIORITY_BANDS).meta({ description: "P1 from 75, P2 from 50, P3 from 25, else P4" }),
  })
  .meta({ id: "PriorityScore" });

export const prioritySchema = z
  .object({
    score: z.number().int().meta({ description: "0-100 (docs/api.md, Priority)" }),
    band: z.enum(PRIORITY_BANDS).meta({ description: "P1 from 75, P2 from 50, P3 from 25, else P4" }),
    reasons: z.array(z.string()).meta({
      description:
        'What made it, in words: "High severity", "Known exploited", "EPSS 97th percentile", "asset critical"',
    }),
  })
  .meta({ id: "IssuePriority" });

export const issueSchema = z
  .object({
    id: z.number().int(),
    assetId: z.number().int(),
    asset: z.object({ id: z.number().int(), value: z.string(), type: z.string(), projectId: z.number().int() }),
    kind: z.string().meta({ description: "The kind of problem: one issue per kind and asset" }),
    title: z.string(),
    description: z.string(),
    severity: z.enum(SEVERITY_VALUES),
    confidence: confidenceSchema.meta({ description: "How sure the issue's latest finding is" }),
    status: z.enum(ISSUE_STATUSES),
    port: z.number().int().nullable(),
    assignee: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).nullable(),
    dismissReason: storedEnum("dismissal reason", DISMISS_REASONS, null),
    dismissNote: z.string().nullable(),
    dismissedUntil: z.date().nullable(),
    dismissedAt: z.date().nullable(),
    firstSeenAt: z.date(),
    lastSeenAt: z.date(),
    resolvedAt: z.date().nullable(),
    verified: z
      .boolean()
      .nullable()
      .meta({
        description:
          "A resolved issue: true when a scan or retest that looked for its kind found it gone, false when it was " +
          "resolved by hand and nothing has confirmed it yet (retest it); null while it is not resolved",
      }),
    findingsCount: z.number().int(),
    ...enrichmentFields,
    priority: prioritySchema,
    dueAt: z
      .date()
      .nullable()
      .meta({
        description:
          "The SLA deadline: first seen + the days its project's (else the workspace's) policy gives its severity. " +
          "null: info. A resolved issue keeps the one it was resolved against",
      }),
    atRiskAt: z.date().nullable().meta({ description: "When 80 % of its time is gone (at_risk from then)" }),
    slaStatus: z
      .enum(SLA_STATUSES)
      .nullable()
      .meta({
        description:
          "on_track, at_risk (under 20 % of its time left), breached (past dueAt), paused (dismissed); resolved: " +
          "met or missed. null: info (no deadline)",
      }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Issue" });

export const ISSUE_SORT = {
  severity: { field: "severity", order: "desc" },
  priority: { field: "priority", order: "desc" },
  dueAt: { field: "dueAt", order: "asc" },
  status: { field: "status", order: "asc" },
  title: { field: "title", order: "asc" },
  firstSeenAt: { field: "firstSeenAt", order: "desc" },
  lastSeenAt: { field: "lastSeenAt", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

/** The sort and search inputs of every issue list (also a scan's issues). */
export const issueListInputs = {
  q: searchInput("issue title, asset name or value"),
  ...sortInputs(ISSUE_SORT, "severity"),
};

export const listIssuesInput = pagingInput.extend({
  ...issueListInputs,
  assetId: idParam("assetId").optional(),
  projectId: idParam("projectId").optional(),
  severity: z.enum(SEVERITY_VALUES).optional(),
  status: z
    .enum([...ISSUE_STATUSES, "unresolved"])
    .optional()
    .meta({ description: "unresolved: open or in-progress. Default: every status" }),
  kind: z.string().max(200).optional(),
  assigneeUserId: idParam("assigneeUserId").optional(),
  assignee: z
    .enum(["me"], { message: "must be me" })
    .optional()
    .meta({
      description:
        "me: the issues assigned to the caller — the signed-in person, or the person who granted an OAuth token. " +
        "400 for an API key or an app's own token (they act for nobody: use assigneeUserId)",
    }),
  from: instant.optional().meta({ description: "Last seen at or after" }),
  to: instant.optional().meta({ description: "Last seen before" }),
  ...exploitFilters,
  slaStatus: z
    .enum(SLA_STATUSES)
    .optional()
    .meta({ description: "The issues in this SLA state now (see slaStatus); info issues are in none" }),
});

export const issueIdInput = z.object({ id: idParam() });
export const setStatusInput = z.object({
  id: idParam(),
  status: z.enum(["open", "in-progress", "resolved"], {
    message: "must be open, in-progress or resolved (use /dismiss to dismiss)",
  }),
});
export const setAssigneeInput = z.object({
  id: idParam(),
  userId: idParam("userId").nullable().meta({ description: "A workspace member, or null to unassign" }),
});
export const dismissInput = z.object({
  id: idParam(),
  reason: z.enum(DISMISS_REASONS, { message: `must be one of ${DISMISS_REASONS.join(", ")}` }),
  note: text(2000).optional(),
  until: dateTime()
    .refine((d) => d.getTime() > Date.now(), "must be in the future")
    .optional(),
});

export const commentSchema = z
  .object({
    id: z.number().int(),
    issueId: z.number().int(),
    body: z.string(),
    author: z.object({ type: z.string(), id: z.number().int().nullable(), name: z.string() }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "IssueComment" });
export const listCommentsInput = pagingInput.extend({ id: idParam() });
export const createCommentInput = z.object({ id: idParam(), body: text(10_000, 1) });
export const editCommentInput = z.object({ id: idParam(), commentId: idParam("commentId"), body: text(10_000, 1) });
export const deleteCommentInput = z.object({ id: idParam(), commentId: idParam("commentId") });
export const deleteCommentOutput = messageSchema;

export type ListIssuesInput = z.output<typeof listIssuesInput>;

const personRef = z.object({ id: z.number().int(), name: z.string() });
export const historyEventSchema = z
  .object({
    id: z.number().int().meta({ description: "The audit entry's id" }),
    at: z.date(),
    action: z.string().meta({
      description: "issue.status, issue.assign, issue.dismiss, issue.reopen, issue.resolve, issue.comment…",
    }),
    actor: z.object({
      type: z.enum(["user", "api-key", "oauth-app", "system"]),
      id: z.number().int().nullable(),
      name: z.string().meta({ description: "A person's name (their email if they gave none), a key's or app's name" }),
    }),
    status: z
      .object({ from: z.string().nullable(), to: z.string().nullable() })
      .nullable()
      .meta({ description: "A status change" }),
    assignee: z
      .object({ from: personRef.nullable(), to: personRef.nullable() })
      .nullable()
      .meta({ description: "An assignment: who had it before and who has it now (null: nobody)" }),
    dismissal: z
      .object({ reason: z.string().nullable(), note: z.string().nullable(), until: z.string().nullable() })
      .nullable(),
    scanId: z.number().int().nullable().meta({ description: "The scan that reopened or resolved it" }),
    discoveryRunId: z.number().int().nullable().meta({ description: "The discovery run that reopened or resolved it" }),
  })
  .meta({ id: "IssueHistoryEvent" });
export const issueHistoryInput = pagingInput.extend({ id: idParam() });
