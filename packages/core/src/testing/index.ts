// For tests only: setting up and inspecting rows directly, past the door, and
// running a job in the test's process. Apps enter a workspace through door.ts
// (actAs, asOperator), never this way.
export { runInWorkspace } from "../db/scoped.ts";
export { runAssetCheck } from "../assets/assets.check.ts";
export { runSchedulerTick } from "../scan-schedules/scheduler.ts";
export { runDiscoveryTick } from "../discovery/discovery.runs.ts";
export { failAbandonedDiscoveryRuns } from "../discovery/discovery.job.ts";
export { runAssessmentJob } from "../assessments/assessments.job.ts";
// The parts of that job, timed one by one by `pnpm bench:assessment`.
export { takeSnapshot } from "../assessments/assessments.snapshot.ts";
export { writeNarrative } from "../assessments/assessments.narrative.ts";
export { renderAssessmentHtml } from "../assessments/render/html.ts";
export { renderPdf } from "../assessments/render/pdf.ts";
// Scan results as a worker stores them, run concurrently by `pnpm bench:lists`.
export { syncIssues } from "../issues/issues.sync.ts";
export { notifySlaBreaches } from "../issues/issues.sla-breach.ts";
export { sendDueDigests } from "../webhooks/webhooks.digest.ts";
// The reports' ledgers' folding, run by workers every minute; tests and `pnpm bench:reports` run it at will.
export { compactReportRollups } from "../reports/rollups.ts";
// How deep a page must start before it may be read from the end (deep-pages.test.ts seeds past it).
export { WALK_FROM_START } from "../paging.ts";
// A list page's KEV and EPSS look-up, timed by `pnpm bench:exploits`.
export { withExploitFigures } from "../enrichment/exploits.figures.ts";
export { scanJob } from "../scans/scans.run.ts";
