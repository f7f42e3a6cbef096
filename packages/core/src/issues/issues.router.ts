import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  commentSchema,
  createCommentInput,
  deleteCommentInput,
  deleteCommentOutput,
  dismissInput,
  editCommentInput,
  historyEventSchema,
  issueHistoryInput,
  issueIdInput,
  issueSchema,
  listCommentsInput,
  listIssuesInput,
  setAssigneeInput,
  setStatusInput,
} from "./issues.schemas.ts";
import {
  addComment,
  deleteComment,
  dismissIssue,
  editComment,
  getIssue,
  listComments,
  listIssues,
  setIssueAssignee,
  setIssueStatus,
} from "./issues.service.ts";
import { issueHistory } from "./issues.history.ts";
import { issueDetailSchema } from "../problems/problems.schemas.ts";
import { withLinkedIssues } from "../problems/problems.service.ts";
import { retestIssue, retestIssues } from "./issues.retest.ts";
import { retestIssuesInput, retestIssuesOutput } from "./issues.retest.schemas.ts";
import { scanSchema } from "../scans/scans.schemas.ts";

const tags = ["Issues"];
const read = { scope: "issues:read", kind: "read" } as const;
const write = { scope: "issues:write", kind: "write" } as const;
/** A retest starts a scan: the scans' scope (docs/api.md, Issues: retest). */
const retest = { scope: "scans:write", kind: "write" } as const;
const RETEST_RULES =
  "The asset's ownership must be proven (409 OWNERSHIP_NOT_PROVEN); one active scan per asset (409 " +
  "SCAN_ALREADY_ACTIVE); a kind no check looks for alone (nuclei's, discovery's) cannot be retested (422 " +
  "NOT_RETESTABLE).";

export const issuesRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/issues",
        tags,
        summary: "List issues",
        description: "Most severe first, then newest.",
      },
      paged: true,
      ...read,
    })
    .input(listIssuesInput)
    .output(pageOf(issueSchema))
    .query(({ ctx, input }) => listIssues(ctx, input)),

  // Declared before /app/issues/{id}/…: a static path first (the REST adapter takes the first template that matches).
  retestMany: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/issues/retest",
        tags,
        summary: "Retest many issues",
        description:
          "One focused scan per asset for the selected issues of that asset; one answer per id saying whether its " +
          `retest started and, if not, why. ${RETEST_RULES}`,
      },
      ...retest,
    })
    .input(retestIssuesInput)
    .output(retestIssuesOutput)
    .mutation(async ({ ctx, input }) => ({ results: await retestIssues(ctx, input.ids) })),

  get: procedure
    .meta({ openapi: { method: "GET", path: "/app/issues/{id}", tags, summary: "Get an issue" }, ...read })
    .input(issueIdInput)
    .output(issueDetailSchema)
    .query(async ({ ctx, input }) => withLinkedIssues(ctx, await getIssue(ctx, input.id))),

  comments: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/issues/{id}/comments",
        tags,
        summary: "List an issue's comments",
        description: "Oldest first.",
      },
      paged: true,
      ...read,
    })
    .input(listCommentsInput)
    .output(pageOf(commentSchema))
    .query(({ ctx, input }) => listComments(ctx, input.id, input)),

  history: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/issues/{id}/history",
        tags,
        summary: "An issue's history, with names",
        description:
          "Its audit entries, oldest first: who acted (a person's name) and what changed — status, assignee (by " +
          "name), dismissal, the scan that reopened or resolved it, comments.",
      },
      paged: true,
      ...read,
    })
    .input(issueHistoryInput)
    .output(pageOf(historyEventSchema))
    .query(({ ctx, input }) => issueHistory(ctx, input.id, input)),

  addComment: procedure
    .meta({
      openapi: { method: "POST", path: "/app/issues/{id}/comments", tags, summary: "Comment on an issue" },
      successStatus: 201,
      ...write,
    })
    .input(createCommentInput)
    .output(commentSchema)
    .mutation(({ ctx, input }) => addComment(ctx, input.id, input.body)),

  setAssignee: procedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/app/issues/{id}/assignee",
        tags,
        summary: "Assign an issue (userId, or null)",
      },
      ...write,
    })
    .input(setAssigneeInput)
    .output(issueSchema)
    .mutation(({ ctx, input }) => setIssueAssignee(ctx, input.id, input.userId)),

  editComment: procedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/app/issues/{id}/comments/{commentId}",
        tags,
        summary: "Edit a comment (its author only)",
      },
      ...write,
    })
    .input(editCommentInput)
    .output(commentSchema)
    .mutation(({ ctx, input }) => editComment(ctx, input)),

  dismiss: procedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/app/issues/{id}/dismiss",
        tags,
        summary: "Dismiss an issue",
        description:
          "reason: false-positive, accepted-risk or mitigated-elsewhere; optional note and until (then rescans " +
          "reopen it).",
      },
      ...write,
    })
    .input(dismissInput)
    .output(issueSchema)
    .mutation(({ ctx, input }) => dismissIssue(ctx, input)),

  setStatus: procedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/app/issues/{id}/status",
        tags,
        summary: "Change an issue's status (open, in-progress, resolved)",
      },
      ...write,
    })
    .input(setStatusInput)
    .output(issueSchema)
    .mutation(({ ctx, input }) => setIssueStatus(ctx, input.id, input.status)),

  retest: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/issues/{id}/retest",
        tags,
        summary: "Retest an issue: is it gone?",
        description:
          "Starts a scan of the issue's asset that looks only for the issue's kind (on its port): 202 with the scan " +
          "(trigger retest, focus). When it finishes, the issue is resolved (verified) if the kind was looked at " +
          "to the end and not seen, keeps fresh evidence if seen, and is left as it was if not looked at (the " +
          `scan's focus.lookedAt says which); no other issue of the asset is touched. ${RETEST_RULES}`,
      },
      successStatus: 202,
      ...retest,
    })
    .input(issueIdInput)
    .output(scanSchema)
    .mutation(({ ctx, input }) => retestIssue(ctx, input.id)),

  deleteComment: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/issues/{id}/comments/{commentId}",
        tags,
        summary: "Delete a comment (its author only)",
      },
      ...write,
    })
    .input(deleteCommentInput)
    .output(deleteCommentOutput)
    .mutation(({ ctx, input }) => deleteComment(ctx, input)),
});
