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

const tags = ["Issues"];
const read = { scope: "issues:read", kind: "read" } as const;
const write = { scope: "issues:write", kind: "write" } as const;

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
