import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  exportSummaryInput,
  exportVulnerableAssetsInput,
  reportFiltersInput,
  reportSummarySchema,
  slaReportInput,
  slaReportSchema,
  vulnerableAssetSchema,
  vulnerableAssetsInput,
} from "./reports.schemas.ts";
import { exportSummarySeries, exportVulnerableAssets } from "./reports.export.ts";
import { slaReport } from "./sla.ts";
import { reportSummary } from "./summary.ts";
import { vulnerableAssets } from "./vulnerable-assets.ts";

const tags = ["Reports"];
const read = { scope: "reports:read", kind: "read" } as const;
const periodRules =
  "Period: `period` (7d, 30d, 90d, 180d, 12m) or `from`/`to` (YYYY-MM-DD, UTC, both included); default the last " +
  "30 days; at most 400 days, not after today. Dismissed issues are left out unless includeDismissed=true. " +
  "docs/api.md, Reports.";

export const reportsRouter = router({
  summary: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/reports/summary",
        tags,
        summary: "Period summary",
        description:
          `Issues opened, resolved, reopened and still open by severity; scans; assets added; time to ` +
          `remediate; a per-day series. ${periodRules}`,
      },
      ...read,
    })
    .input(reportFiltersInput)
    .output(reportSummarySchema)
    .query(({ ctx, input }) => reportSummary(ctx, input)),

  vulnerableAssets: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/reports/vulnerable-assets",
        tags,
        summary: "Most vulnerable assets",
        description:
          "Assets ranked by risk score over what is open now (docs/api.md, Risk score), with the counts behind it.",
      },
      paged: true,
      ...read,
    })
    .input(vulnerableAssetsInput)
    .output(pageOf(vulnerableAssetSchema))
    .query(({ ctx, input }) => vulnerableAssets(ctx, input)),

  sla: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/reports/sla",
        tags,
        summary: "SLA report",
        description:
          `Per severity: open issues within SLA, at risk and breached; resolutions in the period on time ` +
          `and late; the breach rate per week or month; the 10 oldest breaches. ${periodRules}`,
      },
      ...read,
    })
    .input(slaReportInput)
    .output(slaReportSchema)
    .query(({ ctx, input }) => slaReport(ctx, input)),

  exportSummary: procedure
    .meta({
      file: {
        path: "/app/reports/summary/export",
        tags,
        summary: "The summary's per-day series as CSV",
        description: `Columns date, opened, resolved, openAtEnd. ${periodRules}`,
        contentTypes: ["text/csv"],
      },
      ...read,
    })
    .input(exportSummaryInput)
    .query(({ ctx, input }) => exportSummarySeries(ctx, input)),

  exportVulnerableAssets: procedure
    .meta({
      file: {
        path: "/app/reports/vulnerable-assets/export",
        tags,
        summary: "The ranked assets as CSV",
        description: "Every asset with a score above 0 (at most 10,000), ranked, with the counts behind the score.",
        contentTypes: ["text/csv"],
      },
      ...read,
    })
    .input(exportVulnerableAssetsInput)
    .query(({ ctx, input }) => exportVulnerableAssets(ctx, input)),
});
