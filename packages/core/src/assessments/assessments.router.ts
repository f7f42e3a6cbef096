import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  assessmentIdInput,
  assessmentSchema,
  createAssessmentInput,
  deleteAssessmentOutput,
  listAssessmentsInput,
  shareAssessmentInput,
} from "./assessments.schemas.ts";
import {
  assessmentHtml,
  assessmentPdf,
  createAssessment,
  deleteAssessment,
  getAssessment,
  listAssessments,
} from "./assessments.service.ts";
import { revokeShare, shareAssessment } from "./assessments.share.ts";

const tags = ["Assessment reports"];
const read = { scope: "reports:read", kind: "read" } as const;
const write = { scope: "reports:write", kind: "write" } as const;
const notReady = "409 ASSESSMENT_NOT_READY while the report is pending or when it failed.";

export const assessmentsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assessments",
        tags,
        summary: "List assessment reports",
        description: "Newest first, without data and narrative (GET /app/assessments/{id} has them).",
      },
      paged: true,
      ...read,
    })
    .input(listAssessmentsInput)
    .output(pageOf(assessmentSchema))
    .query(({ ctx, input }) => listAssessments(ctx, input)),

  get: procedure
    .meta({
      openapi: { method: "GET", path: "/app/assessments/{id}", tags, summary: "Get an assessment report" },
      ...read,
    })
    .input(assessmentIdInput)
    .output(assessmentSchema)
    .query(({ ctx, input }) => getAssessment(ctx, input.id)),

  html: procedure
    .meta({
      file: {
        path: "/app/assessments/{id}/html",
        tags,
        summary: "The report as a self-contained HTML page",
        description: notReady,
        contentTypes: ["text/html"],
      },
      ...read,
    })
    .input(assessmentIdInput)
    .query(({ ctx, input }) => assessmentHtml(ctx, input.id)),

  pdf: procedure
    .meta({
      file: {
        path: "/app/assessments/{id}/pdf",
        tags,
        summary: "The report as PDF",
        description: notReady,
        contentTypes: ["application/pdf"],
      },
      ...read,
    })
    .input(assessmentIdInput)
    .query(({ ctx, input }) => assessmentPdf(ctx, input.id)),

  create: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/assessments",
        tags,
        summary: "Queue an assessment report",
        description:
          "201 with the pending report, or 200 with the one already pending for the same scope. " +
          "At most 10 creations an hour per workspace (429 RATE_LIMITED with Retry-After).",
      },
      successStatus: 201,
      ...write,
    })
    .input(createAssessmentInput)
    .output(assessmentSchema)
    .mutation(async ({ ctx, input }) => {
      const { report, created } = await createAssessment(ctx, input);
      if (!created) ctx.reply.status = 200;
      return report;
    }),

  share: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/assessments/{id}/share",
        tags,
        summary: "Share a report through a link",
        description:
          "Makes a new link (replacing any earlier one) that shows the report without an account until it " +
          "expires (expiresInDays, default 7, at most 30) or is revoked. The URLs are in this answer only. " +
          notReady,
      },
      ...write,
    })
    .input(shareAssessmentInput)
    .output(assessmentSchema)
    .mutation(({ ctx, input }) => shareAssessment(ctx, input.id, input.expiresInDays)),

  unshare: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/assessments/{id}/share",
        tags,
        summary: "Stop sharing a report",
        description: "The link answers 410 from now on.",
      },
      ...write,
    })
    .input(assessmentIdInput)
    .output(assessmentSchema)
    .mutation(({ ctx, input }) => revokeShare(ctx, input.id)),

  delete: procedure
    .meta({
      openapi: { method: "DELETE", path: "/app/assessments/{id}", tags, summary: "Delete a report" },
      ...write,
    })
    .input(assessmentIdInput)
    .output(deleteAssessmentOutput)
    .mutation(({ ctx, input }) => deleteAssessment(ctx, input.id)),
});
