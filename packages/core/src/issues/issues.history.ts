// An issue's history for people (docs/api.md, Issues, "History"): its audit
// entries, oldest first, with names instead of ids — who acted (a person's
// name, not their email) and whom an assignment named — so that a page can
// say "Dana assigned this to Sam".
import type { Prisma } from "@ems/db";
import { dashed } from "../enum-names.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import { displayName } from "../users/display-name.ts";
import type { z } from "zod";
import type { historyEventSchema } from "./issues.schemas.ts";
import { requireIssue } from "./issues.service.ts";

type Event = z.output<typeof historyEventSchema>;
type Changes = Record<string, { before: unknown; after: unknown } | undefined>;

const asId = (v: unknown) => (typeof v === "number" ? v : null);
const asText = (v: unknown) => (typeof v === "string" ? v : null);

export async function issueHistory(sc: ServiceContext, issueId: number, p: PagingInput) {
  await requireIssue(sc, sc.db, issueId);
  const where: Prisma.AuditEntryWhereInput = { resourceType: "issue", resourceId: String(issueId) };
  const [rows, total] = await Promise.all([
    sc.db.auditEntry.findMany({ where, orderBy: { id: "asc" }, ...skipTake(p) }),
    sc.db.auditEntry.count({ where }),
  ]);
  // Every id comes from this workspace's own entries: people who are or were its members.
  const ids = new Set<number>();
  for (const r of rows) {
    const c = r.changes as Changes;
    for (const id of [
      r.actorType === "user" ? r.userId : null,
      asId(c.assigneeUserId?.before),
      asId(c.assigneeUserId?.after),
    ])
      if (id !== null) ids.add(id);
  }
  const users = ids.size
    ? await sc.db.user.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, email: true, firstName: true, lastName: true },
      })
    : [];
  const person = (id: number | null) => {
    const u = id === null ? undefined : users.find((x) => x.id === id);
    return id === null ? null : { id, name: u ? displayName(u) : `user ${id}` };
  };
  const items = rows.map((r): Event => {
    const c = r.changes as Changes;
    return {
      id: r.id,
      at: r.createdAt,
      action: r.action,
      actor: {
        type: dashed(r.actorType),
        id: r.actorId,
        name: r.actorType === "user" && r.userId !== null ? person(r.userId)!.name : r.actorName,
      },
      status: c.status ? { from: asText(c.status.before), to: asText(c.status.after) } : null,
      assignee: c.assigneeUserId
        ? { from: person(asId(c.assigneeUserId.before)), to: person(asId(c.assigneeUserId.after)) }
        : null,
      dismissal:
        r.action === "issue.dismiss"
          ? {
              reason: asText(c.dismissReason?.after),
              note: asText(c.dismissNote?.after),
              until: asText(c.dismissedUntil?.after),
            }
          : null,
      scanId: asId(c.scanId?.after),
      discoveryRunId: asId(c.discoveryRunId?.after),
    };
  });
  return { items, total, page: p.page, limit: p.limit };
}
