import type { ActorType, IssueStatus, Prisma, Severity } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { dateRange } from "../dates.ts";
import { AppError, ErrorCode, notFound, validationError } from "../errors.ts";
import { ISSUE_MARKS } from "../db/marks.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import { defineList, listPage, type ListInput } from "../db/list-page.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import {
  ISSUE_SORT,
  type DISMISS_REASONS,
  type ListIssuesInput,
  type commentSchema,
  type issueSchema,
} from "./issues.schemas.ts";
import { dashed, undashed } from "../enum-names.ts";
import { displayName } from "../users/display-name.ts";
import { classifyIssue } from "../enrichment/classification.ts";
import { withExploitFigures } from "../enrichment/exploits.figures.ts";
import { ensureBundledKev } from "../enrichment/exploits.import.ts";
import { slaStatusOf, slaWhere, type SlaJudgement, type SlaStatus } from "./issues.sla.ts";
import { isInternetFacing, priorityOf } from "./issues.priority.ts";

const include = {
  asset: {
    select: {
      id: true,
      value: true,
      type: true,
      projectId: true,
      criticality: true,
      resolvedIp: true,
      project: { select: { criticality: true } },
    },
  },
  assignee: { select: { id: true, email: true, firstName: true, lastName: true } },
} as const;
type IssueRow = Prisma.IssueGetPayload<{ include: typeof include }>;
type Issue = z.output<typeof issueSchema>;
type IssueItem = Omit<Issue, "kev" | "epss" | "findingsCount">;

function presentIssue(i: IssueRow, now: Date): IssueItem {
  const { criticality, resolvedIp, project, ...asset } = i.asset;
  return {
    id: i.id,
    assetId: i.assetId,
    asset,
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
    ...classifyIssue(i),
    priority: priorityOf({
      ...i,
      criticality: criticality ?? project.criticality,
      internetFacing: isInternetFacing(resolvedIp),
    }),
    dueAt: i.dueAt,
    atRiskAt: i.atRiskAt,
    slaStatus: slaStatusOf(i, now),
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

/**
 * The issues with their findings counted, for these issues only (Prisma's `_count` include aggregates the whole
 * Finding table and joins the result: ~1 s at a million findings), and their CVEs' KEV and EPSS figures.
 */
async function withCountsAndFigures(
  sc: Pick<ServiceContext, "pool">,
  db: Pick<ServiceContext["db"], "finding">,
  items: IssueItem[],
): Promise<Issue[]> {
  const counts = items.length
    ? await db.finding.groupBy({ by: ["issueId"], where: { issueId: { in: items.map((r) => r.id) } }, _count: true })
    : [];
  const byIssue = new Map(counts.map((c) => [c.issueId, c._count]));
  return withExploitFigures(
    sc.pool,
    items.map((r) => ({ ...r, findingsCount: byIssue.get(r.id) ?? 0 })),
  );
}

const presentIssues = (sc: ServiceContext, db: Pick<ServiceContext["db"], "finding">, rows: IssueRow[]) => {
  const now = sc.services.now();
  return withCountsAndFigures(
    sc,
    db,
    rows.map((r) => presentIssue(r, now)),
  );
};

/** What `status=unresolved` selects. */
const UNRESOLVED = ["open", "in-progress"] as const;

/** An issues list's filter: the input's, with `assignee=me` resolved, or a scan's issues. */
export interface IssueFilter extends Record<string, unknown> {
  assetId?: number;
  projectId?: number;
  severity?: Severity;
  status?: z.output<typeof issueSchema>["status"] | typeof UNRESOLVED;
  kind?: string;
  assigneeUserId?: number;
  from?: string;
  to?: string;
  kev?: boolean;
  epssMin?: number;
  /** The SLA state asked for and the instant it is judged at. */
  sla?: SlaJudgement & { status: SlaStatus };
  scanId?: number;
}

const statusWhere = (s: IssueFilter["status"]) =>
  s === undefined
    ? undefined
    : typeof s === "string"
      ? undashed<IssueStatus>(s)
      : { in: s.map((x) => undashed<IssueStatus>(x)) };

/**
 * The issues list, declared once (db/list-page.ts): most severe first, then newest, unless sorted otherwise (each
 * order and filter served by an index: see the Issue model). The page is a deferred join; the findings are counted
 * for the page's issues only.
 */
export const ISSUE_LIST = defineList<IssueFilter, Prisma.IssueWhereInput, IssueRow, IssueRow, keyof typeof ISSUE_SORT>(
  "issues",
  {
    // No filter, or one severity, status or project alone: kept by triggers (tally_keys_issue); unresolved is two
    // statuses.
    tally: { keys: "tally_keys_issue", prefix: "issues", fields: ["severity", "status", "projectId"] },
    marks: ISSUE_MARKS,
    sorts: ISSUE_SORT,
    defaultSort: "severity",
    search: { fields: ["title"], asset: true },
    where: (f) => ({
      AND: [
        {
          assetId: f.assetId,
          projectId: f.projectId,
          severity: f.severity,
          status: statusWhere(f.status),
          kind: f.kind,
          assigneeUserId: f.assigneeUserId,
          lastSeenAt: dateRange(f.from, f.to),
          kev: f.kev,
          epssScore: f.epssMin === undefined ? undefined : { gte: f.epssMin },
          findings: f.scanId === undefined ? undefined : { some: { scanId: f.scanId } },
        },
        f.sla ? slaWhere(f.sla.status, f.sla) : {},
      ],
    }),
    model: (sc) => ({
      ids: (args) => sc.db.issue.findMany({ ...args, select: { id: true } }),
      rows: (args) => sc.db.issue.findMany({ ...args, include }),
      count: (where) => sc.db.issue.count({ where }),
    }),
    // Presented with the page (presentIssues): its findings counted, its figures looked up, its SLA judged now.
    present: (row) => row,
  },
);

export type IssueListQuery = ListInput<keyof typeof ISSUE_SORT>;

/** A page of the issues `filter` selects, presented. */
export async function listIssuesWhere(sc: ServiceContext, filter: IssueFilter, p: IssueListQuery) {
  // The stored KEV figures (filter, priority) count from the catalogue's first load, which refreshes them.
  await ensureBundledKev(sc.pool);
  const page = await listPage(sc, ISSUE_LIST, filter, p);
  return { ...page, items: await presentIssues(sc, sc.db, page.items) };
}

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
  const { page, limit, sort, order, q, assignee: _me, slaStatus, status, ...rest } = i;
  return listIssuesWhere(
    sc,
    {
      ...rest,
      // assignee=me is the caller's person, then filtered (and counted) as assigneeUserId.
      assigneeUserId: assigneeOf(sc, i),
      status: status === "unresolved" ? UNRESOLVED : status,
      sla: slaStatus ? { status: slaStatus, now: sc.services.now(), dueAt: sc.db.issue.fields.dueAt } : undefined,
    },
    { page, limit, sort, order, q },
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
    resolvedAt: status === "resolved" ? sc.services.now() : null,
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
    dismissedAt: sc.services.now(),
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
