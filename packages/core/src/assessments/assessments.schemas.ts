import { z } from "zod";
import { messageSchema } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { storedEnum } from "../stored-values.ts";
import { priorityScoreSchema } from "../issues/issues.schemas.ts";

export const SCOPE_TYPES = ["workspace", "project", "asset"] as const;
export const ASSESSMENT_STATUSES = ["pending", "ready", "failed"] as const;
export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;

/** Share links: 7 days unless asked, at most 30 (docs/api.md, Share links). */
export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 30;

/** Dates inside the frozen snapshot stay ISO 8601 strings: the JSON column keeps them so. */
const isoString = z.string().meta({ format: "date-time" });

const bySeverity = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
});
export type BySeverity = z.output<typeof bySeverity>;

/** The frozen snapshot a report is rendered from (written once by the job, never recomputed). */
export const assessmentDataSchema = z
  .object({
    version: z.literal(1),
    asOf: isoString.meta({ description: "when the snapshot was taken" }),
    scope: z.object({
      type: z.enum(SCOPE_TYPES),
      id: z.number().int().nullable(),
      name: z.string(),
      workspaceName: z.string(),
    }),
    assets: z.object({
      total: z.number().int(),
      proven: z.number().int(),
      byType: z.record(z.string(), z.number().int()),
      byStatus: z.record(z.string(), z.number().int()),
      mostExposed: z
        .array(
          z.object({
            id: z.number().int(),
            value: z.string(),
            type: z.string(),
            openIssues: bySeverity.extend({ total: z.number().int() }),
          }),
        )
        .meta({ description: "up to 15 assets with the most severe open issues" }),
    }),
    issues: z.object({
      open: bySeverity.extend({ total: z.number().int() }).meta({ description: "open and in progress" }),
      inProgress: z.number().int(),
      resolved: z.number().int(),
      dismissed: z.number().int().meta({ description: "not counted anywhere else in the report" }),
      openByPriority: z
        .object({ P1: z.number().int(), P2: z.number().int(), P3: z.number().int(), P4: z.number().int() })
        .extend({ total: z.number().int() })
        .optional()
        .meta({ description: "open and in progress by priority band (docs/api.md, Priority); absent before issue 29" }),
    }),
    topRisks: z
      .array(
        z.object({
          issueId: z.number().int(),
          title: z.string(),
          kind: z.string(),
          severity: z.enum(SEVERITIES),
          priority: priorityScoreSchema
            .optional()
            .meta({ description: "the issue's priority (absent in reports made before issue 29)" }),
          assetValue: z.string(),
          alsoSeenAs: z
            .array(z.string())
            .optional()
            .meta({ description: "Other assets where the same exposure (kind, address, port) is open; folded here" }),
          firstSeenAt: isoString,
          ageDays: z.number().int(),
        }),
      )
      .meta({
        description: "up to 10 open exposures (linked issues once): highest priority, then most severe, then oldest",
      }),
    sla: z.object({
      source: z.string().meta({ description: "where the remediation days come from" }),
      bySeverity: z
        .array(
          z.object({
            severity: z.enum(SEVERITIES),
            days: z.number().int().meta({ description: "days to remediate" }),
            open: z.number().int(),
            withinSla: z.number().int(),
            atRisk: z.number().int().meta({ description: "under 20 % of its time left (the issues' at_risk)" }),
            breached: z.number().int(),
          }),
        )
        .meta({ description: "open issues of severity critical to low (info has no deadline)" }),
    }),
    trend: z
      .array(
        z.object({
          weekStart: isoString,
          opened: z.number().int(),
          resolved: z.number().int(),
          openAtEnd: z.number().int(),
        }),
      )
      .meta({ description: "the last 12 weeks (the last ends on the report's day), oldest first" }),
    ports: z
      .array(z.object({ port: z.number().int(), service: z.string().nullable(), assets: z.number().int() }))
      .meta({ description: "open ports with open issues, by number of assets" }),
  })
  .meta({ id: "AssessmentData" });
export type AssessmentData = z.output<typeof assessmentDataSchema>;

export const assessmentNarrativeSchema = z
  .object({
    executiveSummary: z.array(z.string()),
    keyRisks: z.array(z.string()),
    whatImproved: z.array(z.string()),
    recommendations: z.array(z.string()),
  })
  .meta({ id: "AssessmentNarrative", description: "paragraphs and bullet points written from data by templates" });
export type AssessmentNarrative = z.output<typeof assessmentNarrativeSchema>;

const shareLink = z
  .object({
    url: z.string().nullable().meta({
      description: "the link; only in the answer of POST …/share (it is stored hashed, like an API key)",
    }),
    expiresAt: z.date(),
  })
  .meta({ id: "AssessmentShareLink" });

export const assessmentSchema = z
  .object({
    id: z.number().int(),
    workspaceId: z.number().int(),
    scopeType: z.enum(SCOPE_TYPES),
    scopeId: z.number().int().nullable(),
    scopeName: z.string(),
    status: z.enum(ASSESSMENT_STATUSES),
    error: z.string().nullable(),
    trigger: storedEnum("assessment trigger", ["manual"], "manual"),
    createdByUserId: z.number().int().nullable(),
    shareExpiresAt: z.date().nullable(),
    shareRevokedAt: z.date().nullable(),
    generatedAt: z.date().nullable(),
    createdAt: z.date(),
    updatedAt: z.date(),
    createdByUser: z.object({ firstName: z.string(), lastName: z.string() }).optional(),
    hasNarrative: z.boolean(),
    shareUrl: shareLink.nullable().meta({ description: "the HTML link while it is live, else null" }),
    sharePdfUrl: shareLink.nullable().meta({ description: "the PDF link while it is live, else null" }),
    shareLive: z.boolean(),
    shareViewCount: z.number().int().meta({ description: "views of the current link (HTML and PDF)" }),
    data: assessmentDataSchema.nullable().optional().meta({ description: "in the answer of GET …/{id} only" }),
    narrative: assessmentNarrativeSchema.nullable().optional().meta({ description: "as data" }),
  })
  .meta({ id: "AssessmentReport" });
export type Assessment = z.output<typeof assessmentSchema>;

export const createAssessmentInput = z
  .object({
    scopeType: z.enum(SCOPE_TYPES),
    scopeId: idParam("scopeId").optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.scopeType !== "workspace" && v.scopeId == null)
      ctx.addIssue({ code: "custom", path: ["scopeId"], message: `required when scopeType is ${v.scopeType}` });
    if (v.scopeType === "workspace" && v.scopeId != null)
      ctx.addIssue({ code: "custom", path: ["scopeId"], message: "must not be set when scopeType is workspace" });
  });
export type CreateAssessmentInput = z.output<typeof createAssessmentInput>;

export const ASSESSMENT_SORT = {
  createdAt: { field: "id", order: "desc" },
  scopeName: { field: "scopeName", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listAssessmentsInput = pagingInput.extend({
  q: searchInput("the assessed scope's name"),
  ...sortInputs(ASSESSMENT_SORT, "createdAt"),
  scopeType: z.enum(SCOPE_TYPES).optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
});
export type ListAssessmentsInput = z.output<typeof listAssessmentsInput>;

export const assessmentIdInput = z.object({ id: idParam() });

export const shareAssessmentInput = z.object({
  id: idParam(),
  expiresInDays: z
    .number()
    .int("must be a whole number")
    .min(1, `must be from 1 to ${SHARE_MAX_DAYS}`)
    .max(SHARE_MAX_DAYS, `must be from 1 to ${SHARE_MAX_DAYS}`)
    .optional()
    .meta({ description: `days the link lives; default ${SHARE_DEFAULT_DAYS}, at most ${SHARE_MAX_DAYS}` }),
});

export const deleteAssessmentOutput = messageSchema;

/** What an assessment covers: the workspace, a project or an asset, by the name it had then. */
export interface SnapshotScope {
  type: "workspace" | "project" | "asset";
  id: number | null;
  name: string;
}
