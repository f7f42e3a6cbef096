import { z } from "zod";
import { instant } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";

export const ACTOR_TYPES = ["user", "api-key", "oauth-app", "system"] as const;
export const CHANNELS = ["dashboard", "api-key", "oauth", "cli", "system"] as const;

export const auditFilters = z.object({
  q: searchInput("action or actor name"),
  actorType: z.enum(ACTOR_TYPES).optional(),
  actorId: idParam("actorId").optional(),
  action: z.string().max(100).optional().meta({ description: "Exact action, e.g. project.create" }),
  resourceType: z.string().max(50).optional().meta({ description: "e.g. project" }),
  resourceId: z.string().max(64).optional(),
  from: instant.optional().meta({ description: "Entries at or after this instant" }),
  to: instant.optional().meta({ description: "Entries before this instant (a date: up to the end of that day)" }),
});

export const AUDIT_SORT = {
  createdAt: { field: "id", order: "desc" },
  action: { field: "action", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listAuditInput = pagingInput.extend(auditFilters.shape).extend(sortInputs(AUDIT_SORT, "createdAt"));
export const exportAuditInput = auditFilters.extend({
  format: z.enum(["csv", "json"]).optional().default("csv"),
});

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: z.date(),
    actorType: z.enum(ACTOR_TYPES),
    actorId: z.number().int().nullable(),
    actorName: z.string(),
    userId: z.number().int().nullable(),
    apiKeyId: z.number().int().nullable(),
    oauthAppId: z.number().int().nullable(),
    channel: z.enum(CHANNELS),
    action: z.string(),
    resourceType: z.string(),
    resourceId: z.string().nullable(),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).meta({
      description: "Changed fields: { field: { before, after } }",
    }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });

/** A page of the log: each entry with the name of what it is about. */
export const auditListEntrySchema = auditEntrySchema
  .extend({
    resource: z
      .object({
        name: z
          .string()
          .nullable()
          .meta({
            description:
              "What the resource is called now (an asset's value, a project's name…), or the name the entry " +
              "recorded when it is gone; null when it has none",
          }),
        exists: z.boolean().meta({ description: "Whether the resource still exists (the dashboard links it then)" }),
      })
      .meta({ description: "The resource (resourceType, resourceId) by name" }),
  })
  .meta({ id: "AuditListEntry" });

export const auditFiltersOutput = z.object({
  actors: z.array(z.object({ type: z.enum(ACTOR_TYPES), id: z.number().int().nullable(), name: z.string() })),
  actions: z.array(z.string()),
  resourceTypes: z.array(z.string()),
});

export type AuditFilters = z.output<typeof auditFilters>;
export type ListAuditInput = z.output<typeof listAuditInput>;
