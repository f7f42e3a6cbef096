import { z } from "zod";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { pageOf } from "../paging.ts";
import { reportFiltersInput, reportSummarySchema, vulnerableAssetSchema } from "../reports/reports.schemas.ts";
import { scanSchema } from "../scans/scans.schemas.ts";
import { priorityScoreSchema } from "../issues/issues.schemas.ts";

export const overviewInput = z.object({ projectId: reportFiltersInput.shape.projectId });

/** How many rows each list of the overview carries (the totals say how many there are). */
export const OVERVIEW_LIMITS = {
  riskiestAssets: 5,
  recentChanges: 10,
  runningScans: 10,
  waiting: 5,
  since: 5,
  topProblems: 5,
} as const;
/** Days of the exposure trend. */
export const EXPOSURE_DAYS = 90;

const assetRef = z.object({ id: z.number().int(), name: z.string().nullable(), value: z.string() });

const waitingAsset = assetRef.extend({
  type: z.string(),
  status: z.string(),
  failReason: z.string().nullable(),
  createdAt: z.date(),
});

const waitingList = z.object({ total: z.number().int(), items: z.array(waitingAsset) });

export const recentChangeSchema = z
  .object({
    type: z.enum(["issue.opened", "issue.reopened", "issue.resolved", "port.opened"]),
    at: z.date(),
    asset: assetRef,
    issue: z.object({ id: z.number().int(), title: z.string(), severity: z.enum(SEVERITY_VALUES) }).nullable(),
    port: z.object({ port: z.number().int(), protocol: z.string(), service: z.string().nullable() }).nullable(),
  })
  .meta({ id: "OverviewChange" });

const seriousCounts = z.object({ critical: z.number().int(), high: z.number().int() });

/** An unresolved issue the overview points at, with its priority and deadline. */
const urgentIssue = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    title: z.string(),
    severity: z.enum(SEVERITY_VALUES),
    priority: priorityScoreSchema,
    dueAt: z.date().nullable(),
    asset: assetRef,
  })
  .meta({ id: "OverviewIssue" });
const urgentList = z.object({ total: z.number().int(), items: z.array(urgentIssue) });

export const sinceSchema = z
  .object({
    from: z.date().meta({ description: "Where the window starts (it ends now)" }),
    newIssues: seriousCounts.meta({ description: "Critical and high issues first seen in the window" }),
    reopenedIssues: seriousCounts.meta({ description: "Critical and high issues that came back in the window" }),
    issues: z
      .array(
        z.object({
          at: z.date(),
          change: z.enum(["new", "reopened"]),
          issue: z.object({ id: z.number().int(), title: z.string(), severity: z.enum(["critical", "high"]) }),
          asset: assetRef,
        }),
      )
      .meta({ description: "The first five of them: critical before high, newest first" }),
    slaBreaches: urgentList.meta({
      description: "Unresolved issues whose SLA deadline passed in the window; the first five by priority",
    }),
    newHosts: z
      .object({
        total: z.number().int(),
        items: z.array(
          z.object({
            id: z.number().int(),
            host: z.string(),
            domain: z.string(),
            assetId: z.number().int().nullable(),
            firstSeenAt: z.date(),
          }),
        ),
      })
      .meta({ description: "Hosts discovery saw for the first time in the window; the five newest" }),
    newPorts: z
      .object({
        total: z.number().int(),
        items: z.array(
          z.object({
            at: z.date(),
            port: z.object({ port: z.number().int(), protocol: z.string(), service: z.string().nullable() }),
            asset: assetRef,
          }),
        ),
      })
      .meta({ description: "Ports first seen open in the window and open still; the five newest" }),
  })
  .meta({ id: "OverviewSince" });

export const overviewSeenSchema = z
  .object({
    seenAt: z.date(),
    lastVisitFrom: z.date().nullable().meta({
      description: 'Where this visit\'s "since your last visit" starts; null on a first visit or for API keys',
    }),
  })
  .meta({ id: "OverviewSeen" });

export const FIRST_STEPS = ["project", "asset", "ownership", "scan"] as const;

export const firstStepSchema = z.object({
  step: z.enum(FIRST_STEPS),
  done: z.boolean(),
  assetId: z.number().int().nullable().meta({
    description: "The asset the step is about: the first unproven one (ownership), the first proven one (scan)",
  }),
});

export const overviewSchema = z
  .object({
    projectId: z.number().int().nullable(),
    openIssues: reportSummarySchema.shape.issues.shape.stillOpen.meta({
      description: "Open and in-progress issues now, by severity (dismissed ones left out)",
    }),
    openExposures: reportSummarySchema.shape.openExposures,
    trend: z
      .array(z.object({ date: z.string(), opened: z.number().int(), resolved: z.number().int() }))
      .meta({ description: "The last 30 days (UTC, today included): issues first seen and resolutions per day" }),
    since: z
      .object({
        lastVisit: sinceSchema.nullable().meta({
          description:
            "Since the caller's last visit (the end of their previous visit, docs/api.md, Overview); null on a first " +
            "visit and for API keys, which are not a person",
        }),
        yesterday: sinceSchema.meta({ description: "The last 24 hours" }),
      })
      .meta({ description: "What is new and serious: critical and high issues, hosts discovered, ports opened" }),
    sla: z
      .object({
        breached: urgentList.meta({ description: "Unresolved issues past their deadline; the first five by priority" }),
        atRisk: urgentList.meta({
          description: "Unresolved issues with under 20 % of their time left; the first five by priority",
        }),
      })
      .meta({ description: "SLA now (docs/api.md, SLA)" }),
    topProblems: z.array(urgentIssue).meta({
      description:
        "The five problems (kinds) whose most urgent unresolved issue ranks highest by priority, info left out: that " +
        "issue for each",
    }),
    exposure: z
      .array(
        z.object({
          date: z.string(),
          critical: z.number().int(),
          high: z.number().int(),
          medium: z.number().int(),
          low: z.number().int(),
        }),
      )
      .meta({
        description:
          `The exposure trend: issues open at the end of each of the last ${EXPOSURE_DAYS} days (UTC) by severity, ` +
          "info left out",
      }),
    riskiestAssets: z
      .array(vulnerableAssetSchema)
      .meta({ description: "The five highest risk scores (docs/api.md, Risk score)" }),
    recentChanges: z
      .array(recentChangeSchema)
      .meta({ description: "The last ten: issues opened, reopened or resolved, ports first seen open; newest first" }),
    runningScans: pageOf(scanSchema)
      .omit({ page: true, limit: true })
      .meta({ description: "Queued and running scans, the ten newest" }),
    waiting: z
      .object({
        ownershipPending: waitingList.meta({ description: "Assets not scanned until their ownership is proven" }),
        unreachable: waitingList.meta({
          description: "Assets whose last check reached nothing (unreachable or error)",
        }),
      })
      .meta({ description: "What waits for the user; the first five of each, oldest first" }),
    firstSteps: z.array(firstStepSchema).meta({
      description:
        "A new workspace's checklist, workspace-wide and in order: a project, an asset, a proven asset, a scan run " +
        "to the end; all done once any scan completed",
    }),
  })
  .meta({ id: "Overview" });

export type OverviewInput = z.output<typeof overviewInput>;
