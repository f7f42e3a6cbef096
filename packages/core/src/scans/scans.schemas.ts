import { z } from "zod";
import { messageSchema } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { findingListInputs } from "../findings/findings.schemas.ts";
import { issueListInputs } from "../issues/issues.schemas.ts";

export const SCAN_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .meta({ description: "ISO 8601 date-time or date" });

export const scanSchema = z
  .object({
    id: z.number().int(),
    assetId: z.number().int(),
    asset: z.object({ id: z.number().int(), value: z.string(), type: z.string(), projectId: z.number().int() }),
    status: z.enum(SCAN_STATUSES),
    trigger: z.string().meta({ description: "manual or schedule" }),
    stage: z
      .string()
      .nullable()
      .meta({ description: "starting, ports, tls, http, technologies, templates, nuclei, done" }),
    progress: z.number().int().meta({ description: "0 to 100" }),
    error: z.string().nullable(),
    attempts: z.number().int().meta({ description: "Times a worker started this scan (0 while first queued)" }),
    maxAttempts: z
      .number()
      .int()
      .meta({ description: "A scan whose worker died is run once more by another worker, up to this many starts" }),
    retryReason: z
      .string()
      .nullable()
      .meta({ description: "Why the previous attempt was abandoned, when the scan was retried" }),
    findingsCount: z.number().int(),
    stages: z.array(
      z.object({ stage: z.string(), ms: z.number(), timedOut: z.boolean(), error: z.string().optional() }),
    ),
    createdBy: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    createdAt: z.date(),
    startedAt: z.date().nullable(),
    finishedAt: z.date().nullable(),
    heartbeatAt: z.date().nullable(),
  })
  .meta({ id: "Scan" });

export const SCAN_SORT = {
  createdAt: { field: "id", order: "desc" },
  status: { field: "status", order: "asc" },
  finishedAt: { field: "finishedAt", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listScansInput = pagingInput.extend({
  q: searchInput("asset name or value"),
  ...sortInputs(SCAN_SORT, "createdAt"),
  assetId: idParam("assetId").optional(),
  projectId: idParam("projectId").optional(),
  status: z.enum(SCAN_STATUSES).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export const activeScansInput = pagingInput;
export const scanIdInput = z.object({ id: idParam() });
export const scanFindingsInput = pagingInput.extend({ id: idParam(), ...findingListInputs });
export const scanIssuesInput = pagingInput.extend({ id: idParam(), ...issueListInputs });
export const startScanInput = z.object({ assetId: idParam("assetId") });
export const deleteScanOutput = messageSchema.extend({ outcome: z.enum(["cancelled", "deleted"]) });

export type ListScansInput = z.output<typeof listScansInput>;
