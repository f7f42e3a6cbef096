import { z } from "zod";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { auditFiltersOutput, auditListEntrySchema, exportAuditInput, listAuditInput } from "./audit-log.schemas.ts";
import { auditLogFilters, exportAuditLog, listAuditEntries } from "./audit-log.service.ts";

const tags = ["Audit log"];

// All three need the scope audit:read (the log shows who did what; a key
// that may only read assets should not read that).
export const auditLogRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/audit-log",
        tags,
        summary: "List audit events",
        description: "Newest first. Filters combine with AND.",
      },
      scope: "audit:read",
      kind: "read",
      paged: true,
    })
    .input(listAuditInput)
    .output(pageOf(auditListEntrySchema))
    .query(({ ctx, input }) => listAuditEntries(ctx, input)),

  filters: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/audit-log/filters",
        tags,
        summary: "The actors, actions and resource types present in the log",
      },
      scope: "audit:read",
      kind: "read",
    })
    .input(z.object({}))
    .output(auditFiltersOutput)
    .query(({ ctx }) => auditLogFilters(ctx)),

  export: procedure
    .meta({
      file: {
        path: "/app/audit-log/export",
        tags,
        summary: "Export the audit log",
        description:
          "Streams every matching entry, newest first, as CSV (default) or a JSON array. Same filters as the list.",
        contentTypes: ["text/csv", "application/json"],
      },
      scope: "audit:read",
      kind: "read",
    })
    .input(exportAuditInput)
    .query(({ ctx, input }) => exportAuditLog(ctx, input)),
});
