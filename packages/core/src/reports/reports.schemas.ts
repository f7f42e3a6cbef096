import { z } from "zod";
import { queryFlag } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { priorityScoreSchema } from "../issues/issues.schemas.ts";
import { pagingInput } from "../paging.ts";
import { SLA_SEVERITIES, slaDaysSchema } from "../sla-policy/sla-policy.schemas.ts";
import { MAX_PERIOD_DAYS, PERIOD_PRESETS, type PeriodPreset } from "./period.ts";
import { SEVERITIES } from "./report-sql.ts";

const presets = Object.keys(PERIOD_PRESETS) as [PeriodPreset, ...PeriodPreset[]];
// A query string carries "true"/"false" (the dashboard sends the same strings).
const flag = queryFlag;
/** A day of a report's period: its format is checked with the period (period.ts). */
const day = z.string().max(10, "must be a date (YYYY-MM-DD)").meta({ format: "date" });

export const reportFiltersInput = z.object({
  period: z
    .enum(presets, { message: `must be one of ${presets.join(", ")}` })
    .optional()
    .meta({ description: "The last 7, 30, 90, 180 days or 12 months (365 days) up to today. Not with from/to." }),
  from: day.optional().meta({
    description: `First day (YYYY-MM-DD, UTC), included. Default: 29 days before to. At most ${MAX_PERIOD_DAYS} days.`,
  }),
  to: day.optional().meta({ description: "Last day (YYYY-MM-DD, UTC), included; not after today. Default today." }),
  projectId: idParam("projectId").optional(),
  includeDismissed: flag
    .optional()
    .meta({ description: "Count dismissed issues (false positives, accepted risks) as open. Default false." }),
});

export const vulnerableAssetsInput = pagingInput.extend({
  projectId: reportFiltersInput.shape.projectId,
  includeDismissed: reportFiltersInput.shape.includeDismissed,
});

export const slaReportInput = reportFiltersInput.extend({
  // Refused rather than ignored: a caller who chose a window would otherwise read counts by another rule unawares.
  atRiskDays: z
    .string()
    .max(16)
    .refine(() => false, "is no longer taken: at risk is the issues' rule (under 20 % of the time left, atRiskAt)")
    .optional()
    .meta({ description: "Removed (400 if sent): an issue is at risk from its atRiskAt (docs/api.md, SLA)." }),
});

export const exportSummaryInput = reportFiltersInput;
export const exportVulnerableAssetsInput = vulnerableAssetsInput.omit({ page: true, limit: true });

const bySeverity = z.object({
  ...Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int()])),
  total: z.number().int(),
}) as z.ZodObject<Record<(typeof SEVERITIES)[number] | "total", z.ZodNumber>>;

const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int() });
const scope = {
  period: periodSchema,
  projectId: z.number().int().nullable(),
  includeDismissed: z.boolean(),
};

export const reportSummarySchema = z
  .object({
    ...scope,
    issues: z.object({
      opened: bySeverity.meta({ description: "issues first seen in the period" }),
      resolved: bySeverity.meta({ description: "resolutions in the period" }),
      reopened: bySeverity.meta({ description: "resolved or dismissed issues that came back in the period" }),
      dismissed: bySeverity.meta({ description: "dismissals in the period (non-zero with includeDismissed)" }),
      stillOpen: bySeverity.meta({ description: "open at the end of the period" }),
    }),
    openExposures: bySeverity.meta({
      description:
        "Open and in-progress issues now, those on names that reach the same address and port counted once " +
        "(docs/api.md, Problems); the project's issues each with projectId",
    }),
    scans: z.object({ run: z.number().int(), failed: z.number().int() }),
    assetsAdded: z.number().int(),
    timeToRemediate: z.array(
      z.object({
        severity: z.enum(SEVERITIES),
        resolved: z.number().int(),
        meanDays: z.number().nullable(),
        medianDays: z.number().nullable(),
      }),
    ),
    series: z.array(
      z.object({
        date: z.string(),
        opened: z.number().int(),
        resolved: z.number().int(),
        openAtEnd: z.number().int(),
      }),
    ),
  })
  .meta({ id: "ReportSummary" });

export const vulnerableAssetSchema = z
  .object({
    assetId: z.number().int(),
    name: z.string().nullable(),
    value: z.string(),
    type: z.string(),
    projectId: z.number().int(),
    projectName: z.string(),
    critical: z.number().int(),
    high: z.number().int(),
    medium: z.number().int(),
    low: z.number().int(),
    info: z.number().int(),
    oldestOpenAt: z.date().nullable(),
    priorities: z
      .object({ P1: z.number().int(), P2: z.number().int(), P3: z.number().int(), P4: z.number().int() })
      .meta({ description: "its open issues per priority band (docs/api.md, Priority)" }),
    exposedPorts: z.array(z.number().int()).meta({ description: "open datastore or remote-admin ports" }),
    issueScore: z.number(),
    portScore: z.number(),
    score: z.number().meta({ description: "issueScore + portScore (docs/api.md, Risk score)" }),
  })
  .meta({ id: "VulnerableAsset" });

export const slaReportSchema = z
  .object({
    ...scope,
    policy: slaDaysSchema,
    bySeverity: z.array(
      z.object({
        severity: z.enum(SLA_SEVERITIES),
        slaDays: z.number().int().meta({ description: "the workspace's days; projects may have their own" }),
        open: z.number().int(),
        withinSla: z.number().int(),
        atRisk: z.number().int().meta({ description: "under 20 % of the time left (from atRiskAt to dueAt)" }),
        breached: z.number().int(),
        resolvedInPeriod: z.number().int(),
        resolvedWithinSla: z.number().int(),
        resolvedLate: z.number().int(),
      }),
    ),
    breachRate: z.object({
      bucket: z.enum(["week", "month"]),
      points: z.array(
        z.object({
          start: z.string(),
          due: z.number().int(),
          breached: z.number().int(),
          rate: z.number(),
        }),
      ),
    }),
    oldestBreaches: z.array(
      z.object({
        issueId: z.number().int(),
        title: z.string(),
        severity: z.enum(SLA_SEVERITIES),
        assetId: z.number().int(),
        assetValue: z.string(),
        assetName: z.string().nullable(),
        firstSeenAt: z.date(),
        dueAt: z.date(),
        daysOver: z.number().int(),
        priority: priorityScoreSchema,
      }),
    ),
  })
  .meta({ id: "SlaReport" });
