import type { ActorType, IssueStatus, Prisma } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { dateRange } from "../dates.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import { tally, tallyKey, type TallyKey } from "../db/tally.ts";
import { ISSUE_MARKS, markedJump } from "../db/marks.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { deferredPage } from "../db/deferred-page.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import {
  ISSUE_SORT,
  type DISMISS_REASONS,
  type ListIssuesInput,
  type commentSchema,
  type issueSchema,
} from "./issues.schemas.ts";
import { orderByOf, type Direction } from "../list-query.ts";
import { textSearchWithAsset } from "../db/search.ts";
import { dashed, undashed } from "../enum-names.ts";
import { displayName } from "../users/display-name.ts";
import { classifyIssue } from "../enrichment/classification.ts";
import { withExploitFigures } from "../enrichment/exploits.figures.ts";

const include = {
  asset: { select: { id: true, value: true, type: true, projectId: true } },
  assignee: { select: { id: true, email: true, firstName: true, lastName: true } },
} as const;
type IssueRow = Prisma.IssueGetPayload<{ include: typeof include }>;
type Issue = z.output<typeof issueSchema>;

function presentIssue(i: IssueRow, findingsCount: number): Omit<Issue, "kev" | "epss"> {
  return {
    id: i.id,
    assetId: i.assetId,
    asset: i.asset,
    kind: i.kind,
    title: i.title,
    description: i.description,
    severity: i.severity,
    confidence: i.confidence,
    status: dashed(i.status),
    port: i.port,
    assignee: i.assignee
      ? {
          id: i.assignee.id,
          email: i.assignee.email,
          name: displayName(i.assignee),
        }
      : null,
    dismissReason: i.dismissReason as Issue["dismissReason"],
    dismissNote: i.dismissNote,
    dismissedUntil: i.dismissedUntil,
    dismissedAt: i.dismissedAt,
    firstSeenAt: i.firstSeenAt,
    lastSeenAt: i.lastSeenAt,
    resolvedAt: i.resolvedAt,
    verified: i.status === "resolved" ? (i.verified ?? false) : null,
    findingsCount,
    ...classifyIssue(i),
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

/**
 * The issues with their findings counted, for these issues only (Prisma's `_count` include aggregates the whole
 * Finding table and joins the result: ~1 s at a million findings), and their CVEs' KEV and EPSS figures.
 */
async function presentIssues(
  sc: Pick<ServiceContext, "pool">,
  db: Pick<ServiceContext["db"], "finding">,
  rows: IssueRow[],
): Promise<Issue[]> {
  const counts = rows.length
    ? await db.finding.groupBy({ by: ["issueId"], where: { issueId: { in: rows.map((r) => r.id) } }, _count: true })
    : [];
  const byIssue = new Map(counts.map((c) => [c.issueId, c._count]));
  return withExploitFigures(
    sc.pool,
    rows.map((r) => presentIssue(r, byIssue.get(r.id) ?? 0)),
  );
}

export type IssueListQuery = PagingInput & { q?: string; sort?: keyof typeof ISSUE_SORT; order?: Direction };

/**
 * Most severe first, then newest, unless sorted otherwise (each order and filter served by an index: see the Issue
 * model). The page is a deferred join; the findings are counted for the page's issues only. `tallied`: the tally key
 * that counts what `filter` selects, when there is one (never with `q`).
 */
export async function listIssuesWhere(
  sc: ServiceContext,
  filter: Prisma.IssueWhereInput,
  p: IssueListQuery,
  tallied?: TallyKey,
) {
  const where = { AND: [filter, await textSearchWithAsset(sc, p.q, ["title"])] };
  const orderBy = orderByOf(ISSUE_SORT, "severity", p);
  const counted = p.q ? undefined : tallied;
  const { rows, total } = await deferredPage(sc, p, {
    orderBy,
    ids: (page) => sc.db.issue.findMany({ where, select: { id: true }, ...page }),
    rows: (ids) => sc.db.issue.findMany({ where: { id: { in: ids } }, include }),
    total: () => (counted ? tally(sc, counted) : sc.db.issue.count({ where })),
    jump: markedJump(sc, ISSUE_MARKS, counted, orderBy),
  });
  return { items: await presentIssues(sc, sc.db, rows), total, page: p.page, limit: p.limit };
}

/** What `status=unresolved` selects. */
const UNRESOLVED = ["open", "in-progress"] as const;

/** The person `assignee=me` names: the caller, when the caller acts for a person. */
function assigneeOf(sc: ServiceContext, i: ListIssuesInput): number | undefined {
  if (i.assignee !== "me") return i.assigneeUserId;
  if (i.assigneeUserId !== undefined) throw validationError("assignee", "give assignee or assigneeUserId, not both");
  if (sc.actor.userId === undefined)
    throw validationError(
      "assignee",
      "me names a person, and this credential acts for nobody (an API key or an app's own token): use assigneeUserId",
    );
  return sc.actor.userId;
}

export function listIssues(sc: ServiceContext, i: ListIssuesInput) {
  // assignee=me is the caller's person, then filtered (and counted) as assigneeUserId.
  const { page, limit, sort, order, assignee: _me, ...rest } = i;
  const assigneeUserId = assigneeOf(sc, i);
  const filters = { ...rest, assigneeUserId };
  return listIssuesWhere(
    sc,
    {
      assetId: i.assetId,
      severity: i.severity,
      status:
        i.status === "unresolved"
          ? { in: UNRESOLVED.map((s) => undashed<IssueStatus>(s)) }
          : i.status
            ? undashed<IssueStatus>(i.status)
            : undefined,
      kind: i.kind,
      assigneeUserId,
      projectId: i.projectId,
      lastSeenAt: dateRange(i.from, i.to),
    },
    { page, limit, sort, order, q: i.q },
    // No filter, or one severity, status or project alone: kept by triggers (tally_keys_issue); unresolved is two
    // statuses.
    tallyKey("issues", { ...filters, status: i.status === "unresolved" ? UNRESOLVED : i.status }, [
      "severity",
      "status",
      "projectId",
    ]),
  );
}

export async function requireIssue(sc: ServiceContext, tx: Pick<ServiceContext["db"], "issue">, id: number) {
  const issue = await tx.issue.findUnique({ where: { id }, include });
  if (!issue) throw notFound("Issue");
  return issue;
}

export const getIssue = async (sc: ServiceContext, id: number) =>
  (await presentIssues(sc, sc.db, [await requireIssue(sc, sc.db, id)]))[0]!;

const AUDITED = ["status", "verified", "assigneeUserId", "dismissReason", "dismissNote", "dismissedUntil"] as const;

/** A change to an issue's workflow fields, audited, in one transaction. */
async function changeIssue(
  sc: ServiceContext,
  id: number,
  action: string,
  data: (before: IssueRow) => Prisma.IssueUncheckedUpdateInput,
) {
  return sc.db.$transaction(async (tx) => {
    const before = await requireIssue(sc, tx, id);
    const after = await tx.issue.update({ where: { id }, data: data(before), include });
    const changes = changesOf(
      { ...before, status: dashed(before.status) },
      { ...after, status: dashed(after.status) },
      AUDITED,
    );
    if (Object.keys(changes).length)
      await writeAudit(tx, sc.actor, { action, resourceType: "issue", resourceId: id, changes });
    return (await presentIssues(sc, tx, [after]))[0]!;
  });
}

/** open ↔ in-progress → resolved → open; a dismissed issue is reopened with status open. */
export const setIssueStatus = (sc: ServiceContext, id: number, status: "open" | "in-progress" | "resolved") =>
  changeIssue(sc, id, "issue.status", (before) => ({
    status: undashed<IssueStatus>(status),
    resolvedAt: status === "resolved" ? new Date() : null,
    // Resolved by hand: not verified until a scan that looks for its kind finds it gone (issues.sync.ts).
    verified: status !== "resolved" ? null : before.status === "resolved" ? before.verified : false,
    ...(status !== "resolved"
      ? { dismissedAt: null, dismissReason: null, dismissNote: null, dismissedUntil: null }
      : {}),
  }));

export async function setIssueAssignee(sc: ServiceContext, id: number, userId: number | null) {
  if (userId !== null && !(await sc.db.membership.findFirst({ where: { userId }, select: { id: true } }))) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, "userId: not a member of this workspace", { field: "userId" });
  }
  return changeIssue(sc, id, "issue.assign", () => ({ assigneeUserId: userId }));
}

export const dismissIssue = (
  sc: ServiceContext,
  input: { id: number; reason: (typeof DISMISS_REASONS)[number]; note?: string; until?: Date },
) =>
  changeIssue(sc, input.id, "issue.dismiss", () => ({
    status: "dismissed",
    dismissReason: input.reason,
    dismissNote: input.note ?? null,
    dismissedUntil: input.until ?? null,
    dismissedAt: new Date(),
    verified: null,
  }));

// -------------------------------------------------------------- comments

type CommentRow = Prisma.IssueCommentGetPayload<object>;
const presentComment = (c: CommentRow): z.output<typeof commentSchema> => ({
  id: c.id,
  issueId: c.issueId,
  body: c.body,
  author: { type: dashed(c.authorType), id: c.authorId, name: c.authorName },
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export async function listComments(sc: ServiceContext, issueId: number, p: PagingInput) {
  await requireIssue(sc, sc.db, issueId);
  const [rows, total] = await Promise.all([
    sc.db.issueComment.findMany({ where: { issueId }, orderBy: { id: "asc" }, ...skipTake(p) }),
    sc.db.issueComment.count({ where: { issueId } }),
  ]);
  return { items: rows.map(presentComment), total, page: p.page, limit: p.limit };
}

export async function addComment(sc: ServiceContext, issueId: number, body: string) {
  return sc.db.$transaction(async (tx) => {
    await requireIssue(sc, tx, issueId);
    const c = await tx.issueComment.create({
      data: {
        workspaceId: sc.workspaceId,
        issueId,
        body,
        authorUserId: sc.actor.userId ?? null,
        authorType: sc.actor.type,
        authorId: sc.actor.id,
        authorName: sc.actor.name,
      },
    });
    await writeAudit(tx, sc.actor, {
      action: "issue.comment",
      resourceType: "issue",
      resourceId: issueId,
      changes: { commentId: { before: null, after: c.id } },
    });
    return presentComment(c);
  });
}

/** Only the author (the same user, key or app) edits or deletes a comment. */
async function ownComment(
  sc: ServiceContext,
  tx: Pick<ServiceContext["db"], "issueComment">,
  issueId: number,
  commentId: number,
) {
  const c = await tx.issueComment.findFirst({ where: { id: commentId, issueId } });
  if (!c) throw notFound("Comment");
  if (c.authorType !== (sc.actor.type as ActorType) || c.authorId !== sc.actor.id) {
    throw new AppError(403, ErrorCode.NOT_COMMENT_AUTHOR, "Only the comment's author can change or delete it");
  }
  return c;
}

export async function editComment(sc: ServiceContext, input: { id: number; commentId: number; body: string }) {
  return sc.db.$transaction(async (tx) => {
    const before = await ownComment(sc, tx, input.id, input.commentId);
    const after = await tx.issueComment.update({ where: { id: input.commentId }, data: { body: input.body } });
    await writeAudit(tx, sc.actor, {
      action: "issue.comment-edit",
      resourceType: "issue",
      resourceId: input.id,
      changes: { body: { before: before.body, after: after.body } },
    });
    return presentComment(after);
  });
}

export async function deleteComment(sc: ServiceContext, input: { id: number; commentId: number }) {
  return sc.db.$transaction(async (tx) => {
    const c = await ownComment(sc, tx, input.id, input.commentId);
    await tx.issueComment.delete({ where: { id: c.id } });
    await writeAudit(tx, sc.actor, {
      action: "issue.comment-delete",
      resourceType: "issue",
      resourceId: input.id,
      changes: { body: { before: c.body, after: null } },
    });
    return { message: `Comment ${c.id} deleted` };
  });
}
