import type { AuditEntry, Prisma } from "@ems/db";
import { toCsv } from "../csv.ts";
import { dateRange } from "../dates.ts";
import { actAs } from "../door.ts";
import type { FileResponse } from "../rest/files.ts";
import { AUDIT_MARKS } from "../db/marks.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import type { z } from "zod";
import {
  AUDIT_SORT,
  type ACTOR_TYPES,
  type AuditFilters,
  type ListAuditInput,
  type auditEntrySchema,
  type auditFiltersOutput,
} from "./audit-log.schemas.ts";
import { textSearch } from "../list-query.ts";
import { dashed, undashed } from "../enum-names.ts";
import { withResourceNames } from "./audit-log.resources.ts";

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

/** An audit filter as the list's spec takes it: the filters without the search. */
type AuditFilter = Omit<AuditFilters, "q">;

const where = (f: AuditFilter): Prisma.AuditEntryWhereInput => ({
  actorType: f.actorType ? (undashed(f.actorType) as AuditEntry["actorType"]) : undefined,
  actorId: f.actorId,
  action: f.action,
  resourceType: f.resourceType,
  resourceId: f.resourceId,
  createdAt: dateRange(f.from, f.to),
});

const AUDIT_SEARCH = ["action", "actorName"];

const DAY_MS = 86_400_000;

/**
 * The exact number of entries in [gte, lt) (either end open), in one statement (one snapshot): the whole UTC days
 * in range from "AuditDayCount" (kept by trigger), the partial days at the ends from the (workspaceId, createdAt)
 * index. A range within one day is counted from the index alone.
 */
async function countInRange(sc: ServiceContext, range: { gte?: Date; lt?: Date }) {
  const firstDay = range.gte && new Date(Math.ceil(range.gte.getTime() / DAY_MS) * DAY_MS);
  const endDay = range.lt && new Date(Math.floor(range.lt.getTime() / DAY_MS) * DAY_MS);
  const days = !firstDay || !endDay || firstDay < endDay;
  const [row] = await workspaceRows<{ n: string }>(
    sc,
    "audit-count-in-range",
    `select (select coalesce(sum(n), 0) from "AuditDayCount" where "workspaceId" = $1 and $6::boolean
         and ($4::timestamptz is null or day >= ($4::timestamptz at time zone 'UTC')::date)
         and ($5::timestamptz is null or day < ($5::timestamptz at time zone 'UTC')::date))
       + (select count(*) from "AuditEntry" where "workspaceId" = $1
         and "createdAt" >= coalesce($2::timestamptz, '-infinity')
         and "createdAt" < case when $6::boolean then coalesce($4::timestamptz, '-infinity')
           else coalesce($3::timestamptz, 'infinity') end)
       + (select count(*) from "AuditEntry" where "workspaceId" = $1 and $6::boolean
         and "createdAt" >= coalesce($5::timestamptz, 'infinity')
         and "createdAt" < coalesce($3::timestamptz, 'infinity'))
       as n`,
    [range.gte ?? null, range.lt ?? null, firstDay ?? null, endDay ?? null, days],
  );
  return Number(row!.n);
}

/**
 * The exact total of a log the tally does not count, without count(*) where it can: from the day counts (a date range
 * alone), or the search counts (a search alone: the action/actor-name pairs it matches, the same match as the list's).
 */
function auditTotal(sc: ServiceContext, f: AuditFilter, q: string | undefined) {
  const { actorType, actorId, action, resourceType, resourceId, from, to } = f;
  if ([actorType, actorId, action, resourceType, resourceId].some((v) => v !== undefined)) return undefined;
  if (!q) return countInRange(sc, dateRange(from, to)!);
  if (from || to) return undefined;
  return sc.db.auditSearchCount
    .aggregate({ _sum: { n: true }, where: textSearch(q, AUDIT_SEARCH) })
    .then(({ _sum }) => Number(_sum.n ?? 0));
}

/** The audit log, declared once (db/list-page.ts); newest first unless sorted otherwise (ids grow with time). */
export const AUDIT_LIST = defineList<
  AuditFilter,
  Prisma.AuditEntryWhereInput,
  AuditEntry,
  ReturnType<typeof present>,
  keyof typeof AUDIT_SORT
>("audit", {
  // No filter, or one actor type, action or resource type alone (keys hold the stored, dashed values).
  tally: { keys: "tally_keys_audit", prefix: "audit", fields: ["actorType", "action", "resourceType"] },
  marks: AUDIT_MARKS,
  sorts: AUDIT_SORT,
  defaultSort: "createdAt",
  search: { fields: AUDIT_SEARCH },
  where,
  count: auditTotal,
  model: (sc) => ({
    ids: (args) => sc.db.auditEntry.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.auditEntry.findMany(args),
    count: (where) => sc.db.auditEntry.count({ where }),
  }),
  present,
});

export async function listAuditEntries(sc: ServiceContext, input: ListAuditInput) {
  const { actorType, actorId, action, resourceType, resourceId, from, to } = input;
  const page = await listPage(
    sc,
    AUDIT_LIST,
    { actorType, actorId, action, resourceType, resourceId, from, to },
    input,
  );
  return { ...page, items: await withResourceNames(sc, page.items) };
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
async function* batches(sc: ServiceContext<"db" | "scoped">, { q, ...filters }: AuditFilters) {
  const filter = { AND: [where(filters), textSearch(q, AUDIT_SEARCH)] };
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

async function* csvChunks(sc: ServiceContext<"db" | "scoped">, filters: AuditFilters) {
  yield toCsv([], CSV_COLUMNS);
  for await (const rows of batches(sc, filters)) {
    yield toCsv(
      rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), changes: JSON.stringify(r.changes) })),
      CSV_COLUMNS,
      { header: false },
    );
  }
}

async function* jsonChunks(sc: ServiceContext<"db" | "scoped">, filters: AuditFilters) {
  yield "[";
  let first = true;
  for await (const rows of batches(sc, filters)) {
    yield (first ? "\n" : ",\n") + rows.map((r) => JSON.stringify(r)).join(",\n");
    first = false;
  }
  yield "\n]\n";
}

export function exportAuditLog(
  sc: ServiceContext<"db" | "scoped">,
  filters: AuditFilters & { format: "csv" | "json" },
): FileResponse {
  const stamp = sc.services.now().toISOString().slice(0, 10);
  return filters.format === "json"
    ? {
        contentType: "application/json; charset=utf-8",
        filename: `audit-log-${stamp}.json`,
        body: jsonChunks(sc, filters),
      }
    : { contentType: "text/csv; charset=utf-8", filename: `audit-log-${stamp}.csv`, body: csvChunks(sc, filters) };
}
