import { z } from "zod";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { pageOf } from "../paging.ts";
import { reportFiltersInput, reportSummarySchema, vulnerableAssetSchema } from "../reports/reports.schemas.ts";
import { scanSchema } from "../scans/scans.schemas.ts";

export const overviewInput = z.object({ projectId: reportFiltersInput.shape.projectId });

/** How many rows each list of the overview carries (the totals say how many there are). */
export const OVERVIEW_LIMITS = { riskiestAssets: 5, recentChanges: 10, runningScans: 10, waiting: 5 } as const;

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
