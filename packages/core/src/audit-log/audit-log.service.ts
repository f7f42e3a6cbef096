import { stringify } from "csv-stringify/sync";
import type { AuditEntry, Prisma } from "@ems/db";
import { dateRange } from "../dates.ts";
import { actAs } from "../door.ts";
import type { FileResponse } from "../rest/files.ts";
import { skipTake } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import {
  AUDIT_SORT,
  type ACTOR_TYPES,
  type AuditFilters,
  type ListAuditInput,
  type auditEntrySchema,
  type auditFiltersOutput,
} from "./audit-log.schemas.ts";
import { orderByOf, textSearch } from "../list-query.ts";
import { dashed, undashed } from "../enum-names.ts";

function present(e: AuditEntry): z.output<typeof auditEntrySchema> {
  return {
    id: e.id,
    createdAt: e.createdAt,
    actorType: dashed(e.actorType),
    actorId: e.actorId,
    actorName: e.actorName,
    userId: e.userId,
    apiKeyId: e.apiKeyId,
    oauthAppId: e.oauthAppId,
    channel: dashed(e.channel),
    action: e.action,
    resourceType: e.resourceType,
    resourceId: e.resourceId,
    changes: e.changes as z.output<typeof auditEntrySchema>["changes"],
    ip: e.ip,
    userAgent: e.userAgent,
  };
}

function where(f: AuditFilters): Prisma.AuditEntryWhereInput {
  return {
    actorType: f.actorType ? (undashed(f.actorType) as AuditEntry["actorType"]) : undefined,
    actorId: f.actorId,
    action: f.action,
    resourceType: f.resourceType,
    resourceId: f.resourceId,
    createdAt: dateRange(f.from, f.to),
    OR: textSearch(f.q, ["action", "actorName"]).OR,
  };
}

/** Newest first unless sorted otherwise (ids grow with time). */
export async function listAuditEntries(sc: ServiceContext, input: ListAuditInput) {
  const filter = where(input);
  const unfiltered = Object.values(filter).every((v) => v === undefined);
  const [rows, total] = await Promise.all([
    sc.db.auditEntry.findMany({
      where: filter,
      orderBy: orderByOf(AUDIT_SORT, "createdAt", input),
      ...skipTake(input),
    }),
    // The whole log's total is kept by triggers; count(*) over a million entries costs ~60 ms.
    unfiltered
      ? sc.db.workspace
          .findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { auditEntryCount: true } })
          .then((w) => w.auditEntryCount)
      : sc.db.auditEntry.count({ where: filter }),
  ]);
  return { items: rows.map(present), total, page: input.page, limit: input.limit };
}

/** The actors, actions and resource types present in the workspace's log. */
export async function auditLogFilters(sc: ServiceContext): Promise<z.output<typeof auditFiltersOutput>> {
  const [actors, actions, resourceTypes] = await Promise.all([
    // Raw SQL is not scoped by the client: filter by workspace explicitly. It reads the stored (dashed) values.
    sc.db.$queryRaw<{ actorType: (typeof ACTOR_TYPES)[number]; actorId: number | null; actorName: string }[]>`
      select distinct on ("actorType", "actorId") "actorType"::text as "actorType", "actorId", "actorName"
      from "AuditEntry" where "workspaceId" = ${sc.workspaceId}
      order by "actorType", "actorId", id desc`,
    sc.db.auditEntry.groupBy({ by: ["action"], orderBy: { action: "asc" } }),
    sc.db.auditEntry.groupBy({ by: ["resourceType"], orderBy: { resourceType: "asc" } }),
  ]);
  return {
    actors: actors.map((a) => ({ type: a.actorType, id: a.actorId, name: a.actorName })),
    actions: actions.map((a) => a.action),
    resourceTypes: resourceTypes.map((r) => r.resourceType),
  };
}

const EXPORT_BATCH = 1000;
const CSV_COLUMNS = [
  "id",
  "createdAt",
  "actorType",
  "actorId",
  "actorName",
  "channel",
  "action",
  "resourceType",
  "resourceId",
  "changes",
  "ip",
  "userAgent",
] as const;

/** Every matching entry, newest first, fetched in keyset batches so memory stays flat. */
async function* batches(sc: ServiceContext, filters: AuditFilters) {
  const filter = where(filters);
  let beforeId: number | undefined;
  for (;;) {
    // Streamed after the procedure returned, outside its workspace scope: each batch enters again.
    const rows = await actAs(sc.services, sc.actor, ({ db }) =>
      db.auditEntry.findMany({
        where: beforeId ? { AND: [filter, { id: { lt: beforeId } }] } : filter,
        orderBy: { id: "desc" },
        take: EXPORT_BATCH,
      }),
    );
    if (rows.length === 0) return;
    yield rows.map(present);
    if (rows.length < EXPORT_BATCH) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}

async function* csvChunks(sc: ServiceContext, filters: AuditFilters) {
  yield stringify([], { header: true, columns: [...CSV_COLUMNS] });
  for await (const rows of batches(sc, filters)) {
    yield stringify(
      rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), changes: JSON.stringify(r.changes) })),
      { columns: [...CSV_COLUMNS] },
    );
  }
}

async function* jsonChunks(sc: ServiceContext, filters: AuditFilters) {
  yield "[";
  let first = true;
  for await (const rows of batches(sc, filters)) {
    yield (first ? "\n" : ",\n") + rows.map((r) => JSON.stringify(r)).join(",\n");
    first = false;
  }
  yield "\n]\n";
}

export function exportAuditLog(sc: ServiceContext, filters: AuditFilters & { format: "csv" | "json" }): FileResponse {
  const stamp = new Date().toISOString().slice(0, 10);
  return filters.format === "json"
    ? {
        contentType: "application/json; charset=utf-8",
        filename: `audit-log-${stamp}.json`,
        body: jsonChunks(sc, filters),
      }
    : { contentType: "text/csv; charset=utf-8", filename: `audit-log-${stamp}.csv`, body: csvChunks(sc, filters) };
}
