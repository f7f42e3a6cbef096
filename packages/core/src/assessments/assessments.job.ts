// Generating a report (a pg-boss job): the snapshot, its narrative and the
// PDF, stored together, pending -> ready. Any failure is recorded on the
// report (failed, with the reason) rather than retried: the same data would
// fail the same way. A worker that dies mid-report is retried by the queue.
import type { Prisma } from "@ems/db";
import type { Services } from "../service-context.ts";
import { actAs } from "../door.ts";
import { jobActor } from "../actors.ts";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { writeNarrative } from "./assessments.narrative.ts";
import { takeSnapshot } from "./assessments.snapshot.ts";
import { renderAssessmentHtml } from "./render/html.ts";
import { renderPdf } from "./render/pdf.ts";

const assessmentPayload = z.object({ reportId: z.number().int(), workspaceId: z.number().int() });
export type AssessmentJob = z.output<typeof assessmentPayload>;

export async function runAssessmentJob(services: Services, job: AssessmentJob) {
  await actAs(services, jobActor(job.workspaceId), async (sc) => {
    const report = await sc.db.assessmentReport.findUnique({
      where: { id: job.reportId },
      select: { id: true, status: true, scopeType: true, scopeId: true, scopeName: true },
    });
    if (!report || report.status !== "pending") return; // deleted meanwhile, or already done by an earlier try
    try {
      const now = services.now();
      const data = await takeSnapshot(sc, { type: report.scopeType, id: report.scopeId, name: report.scopeName }, now);
      const narrative = writeNarrative(data);
      const html = renderAssessmentHtml({ ...report, generatedAt: now, data, narrative });
      const pdf = await renderPdf(html, { net: services.net, title: `Exposure assessment: ${report.scopeName}` });
      await sc.db.assessmentReport.updateMany({
        where: { id: report.id, status: "pending" },
        data: {
          status: "ready",
          generatedAt: now,
          data: data as unknown as Prisma.InputJsonObject,
          narrative: narrative as unknown as Prisma.InputJsonObject,
          pdf,
          error: null,
        },
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`assessment ${report.id} failed:`, message);
      await sc.db.assessmentReport.updateMany({
        where: { id: report.id, status: "pending" },
        data: { status: "failed", error: message.slice(0, 1000) },
      });
    }
  });
}

/** The snapshot, narrative and PDF of one assessment report. */
export const assessmentJob = defineJob({
  queue: "assessment-generate",
  // A worker that dies mid-report is replaced after this long; the handler records ordinary failures itself.
  policy: { retryLimit: 2, retryDelay: 10, expireInSeconds: 300 },
  payload: assessmentPayload,
  // Chromium prints one PDF at a time per process: it is the heaviest thing a worker runs.
  concurrency: { slots: 1 },
  handler: runAssessmentJob,
});
