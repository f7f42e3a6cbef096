// Audit entries are written by services inside the transaction of the change
// they describe, so a change never exists without its entry (and a failing
// entry rolls the change back).
import type { Prisma } from "@ems/db";
import type { Actor } from "../actors.ts";

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** The fields among `fields` whose value differs between before and after (null = absent). */
export function changesOf<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    const b = before ? normalise(before[field]) : null;
    const a = after ? normalise(after[field]) : null;
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[field] = { before: b, after: a };
  }
  return changes;
}

const normalise = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

export interface AuditInput {
  action: string;
  resourceType: string;
  resourceId?: string | number | null;
  changes?: Changes;
}

/** Any client or transaction that can insert audit entries (scoped or not). */
export interface AuditWriter {
  auditEntry: { create(args: { data: Prisma.AuditEntryUncheckedCreateInput }): PromiseLike<unknown> };
}

const entryData = (actor: Actor, entry: AuditInput): Prisma.AuditEntryUncheckedCreateInput => ({
  workspaceId: actor.workspaceId,
  actorType: actor.type,
  actorId: actor.id,
  actorName: actor.name,
  userId: actor.userId,
  apiKeyId: actor.apiKeyId,
  oauthAppId: actor.oauthAppId,
  channel: actor.channel,
  action: entry.action,
  resourceType: entry.resourceType,
  resourceId: entry.resourceId == null ? null : String(entry.resourceId),
  changes: (entry.changes ?? {}) as Prisma.InputJsonObject,
  ip: actor.ip?.slice(0, 64),
  userAgent: actor.userAgent?.slice(0, 512),
});

export async function writeAudit(tx: AuditWriter, actor: Actor, entry: AuditInput) {
  await tx.auditEntry.create({ data: entryData(actor, entry) });
}

/** Several entries by one actor in one insert (a change that touches many resources at once). */
export async function writeAudits(
  tx: { auditEntry: { createMany(args: { data: Prisma.AuditEntryCreateManyInput[] }): PromiseLike<unknown> } },
  actor: Actor,
  entries: AuditInput[],
) {
  if (entries.length) await tx.auditEntry.createMany({ data: entries.map((e) => entryData(actor, e)) });
}
