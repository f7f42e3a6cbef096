import { z } from "zod";
import { instant, messageSchema } from "../common-schemas.ts";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { findingListInputs } from "../findings/findings.schemas.ts";
import { issueListInputs } from "../issues/issues.schemas.ts";
import { PORT_SCAN_MODES, scanProfileWords } from "../scan-profiles.ts";

export const SCAN_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;

/** A retest's focus, as stored on the scan (Scan.focus). */
export const scanFocusSchema = z
  .object({
    issueIds: z.array(z.number().int()).meta({ description: "The issues retested" }),
    kinds: z.array(z.string()).meta({ description: "The kinds looked for (the issues' kinds)" }),
    ports: z.array(z.number().int()).meta({ description: "The ports probed (the issues' ports); none: no port scan" }),
    lookedAt: z
      .array(z.string())
      .nullable()
      .meta({
        description:
          "Once finished: the kinds looked at to the end (each stage that reports them finished in time). Only " +
          "these are resolved when not found; a kind missing here was not looked at and its issue is left as it was",
      }),
  })
  .meta({ id: "ScanFocus" });
export type ScanFocusValue = z.output<typeof scanFocusSchema>;

/** A cap that bit during the scan (the engine's ScanCap, @ems/scanners). */
export const scanCapSchema = z
  .object({
    stage: z.string().meta({ description: "The stage it bit in: ports, http, crawl, services…" }),
    cap: z.enum(["stage-time-limit", "port-time-limit", "crawl-pages"]).meta({
      description:
        "stage-time-limit: the stage ran out of time; port-time-limit: one port's (or web endpoint's) share of the " +
        "stage's time ended its checks; crawl-pages: the crawl fetched its pages per web endpoint",
    }),
    limit: z.number().meta({ description: "The limit that bit, in `unit`" }),
    unit: z.enum(["ms", "pages"]),
    leftOut: z
      .object({
        what: z.string().meta({ description: '"open ports", "web endpoints", "pages", "the rest of the stage"…' }),
        count: z.number().int().optional().meta({ description: "How many were left out (absent: not known)" }),
        of: z.number().int().optional().meta({ description: "Out of how many" }),
        ports: z.array(z.number().int()).optional().meta({ description: "The ports left out (at most 200)" }),
        urls: z.array(z.string()).optional().meta({ description: "The web endpoints or pages left out (at most 200)" }),
      })
      .meta({ description: "What was not looked at; the asset's next scan looks at these first" }),
    reason: z.string().meta({ description: "In words, for people" }),
  })
  .meta({ id: "ScanCap" });

export const scanSchema = z
  .object({
    id: z.number().int(),
    assetId: z.number().int(),
    asset: z.object({ id: z.number().int(), value: z.string(), type: z.string(), projectId: z.number().int() }),
    status: z.enum(SCAN_STATUSES),
    trigger: z.string().meta({ description: "manual, schedule or retest" }),
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
    focus: scanFocusSchema.nullable().meta({ description: "A retest's focus; null for a whole scan" }),
    completeness: z.enum(["complete", "partial"]).meta({
      description:
        "partial: a cap left something out (see caps), so what it left was not looked at and its issues were left " +
        "as they were; complete otherwise (and while the scan has not finished)",
    }),
    caps: z.array(scanCapSchema).meta({ description: "The caps that bit: which stage, what was left out, why" }),
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
/** A scan profile chosen with the start: saved on the asset (its portScanMode) in the start's transaction. */
const profileInput = z
  .enum(PORT_SCAN_MODES, { message: `must be one of ${PORT_SCAN_MODES.join(", ")}` })
  .optional()
  .meta({
    description:
      "The scan profile to scan with, saved on the asset (its portScanMode) with the start; absent: the asset's own. " +
      scanProfileWords(),
  });
export const startScanInput = z.object({ assetId: idParam("assetId"), profile: profileInput });
export const deleteScanOutput = messageSchema.extend({ outcome: z.enum(["cancelled", "deleted"]) });

export type ListScansInput = z.output<typeof listScansInput>;

const comparedFinding = z.object({
  kind: z.string().meta({ description: "What matches findings across scans (one issue per kind and asset)" }),
  findingId: z.number().int().meta({ description: "A finding of that kind (this scan's, or the previous one's)" }),
  title: z.string(),
  severity: z.enum(SEVERITY_VALUES),
  port: z.number().int().nullable(),
  issueId: z.number().int().nullable(),
});
const comparedList = z.object({
  total: z.number().int(),
  items: z.array(comparedFinding).meta({ description: "Most severe first; at most 100" }),
});

export const scanComparisonSchema = z
  .object({
    scanId: z.number().int(),
    status: z.enum(SCAN_STATUSES),
    summary: z
      .object({ ...Object.fromEntries(SEVERITY_VALUES.map((s) => [s, z.number().int()])), total: z.number().int() })
      .meta({ description: "This scan's findings by severity" }) as z.ZodObject<
      Record<(typeof SEVERITY_VALUES)[number] | "total", z.ZodNumber>
    >,
    previousScan: z
      .object({ id: z.number().int(), finishedAt: z.date().nullable(), findingsCount: z.number().int() })
      .nullable()
      .meta({ description: "The asset's previous completed scan; null for its first" }),
    newFindings: comparedList
      .nullable()
      .meta({ description: "Kinds this scan saw and the previous did not; null unless both completed" }),
    fixedFindings: comparedList.nullable().meta({
      description: "Kinds the previous scan saw and this one, running their scanner to the end, did not",
    }),
    stages: z.array(
      z.object({
        stage: z.string(),
        seconds: z.number().meta({ description: "to a tenth of a second" }),
        timedOut: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "ScanComparison" });

export const MAX_BULK_SCAN_ASSETS = 500;
const TARGETS = ["assetIds", "projectId", "all"] as const;

/** Scan many: exactly one of the targets (400 naming the field otherwise: the second one sent, or assetIds). */
export const startScansInput = z
  .object({
    assetIds: z
      .array(idParam("assetIds[]"))
      .min(1, "must name at least one asset")
      .max(MAX_BULK_SCAN_ASSETS, `at most ${MAX_BULK_SCAN_ASSETS} assets at once`)
      .optional()
      .meta({ description: `These assets (1 to ${MAX_BULK_SCAN_ASSETS}; repeats count once)` }),
    projectId: idParam("projectId").optional().meta({ description: "Every asset of this project" }),
    all: z.literal(true, { message: "must be true (or absent)" }).optional().meta({
      description: "Every asset of the workspace",
    }),
    profile: profileInput,
  })
  .superRefine((input, ctx) => {
    const sent = TARGETS.filter((t) => input[t] !== undefined);
    if (sent.length === 1) return;
    ctx.addIssue({
      code: "custom",
      path: [sent[1] ?? "assetIds"],
      message: sent.length
        ? `send only one of assetIds, projectId or all (${sent.join(" and ")} were sent)`
        : "send one of assetIds, projectId or all",
    });
  });
export type StartScansInput = z.output<typeof startScansInput>;

export const SCAN_REFUSAL_CODES = ["NOT_FOUND", "OWNERSHIP_NOT_PROVEN", "SCAN_ALREADY_ACTIVE"] as const;

export const bulkScanResultSchema = z
  .object({
    assetId: z.number().int(),
    value: z.string().nullable().meta({ description: "The asset's value; null for an id not in the workspace" }),
    started: z.boolean(),
    scanId: z.number().int().nullable().meta({ description: "The scan started (status queued)" }),
    waiting: z.boolean().meta({
      description:
        "Started, and waits for the plan's concurrent scans: it runs as the workspace's running scans finish",
    }),
    code: z
      .enum(SCAN_REFUSAL_CODES)
      .nullable()
      .meta({
        description:
          "Why it did not start: NOT_FOUND (no such asset in the workspace), OWNERSHIP_NOT_PROVEN, " +
          "SCAN_ALREADY_ACTIVE (a scan of it is queued or running: activeScanId)",
      }),
    reason: z.string().nullable().meta({ description: "Why it did not start, in words" }),
    activeScanId: z.number().int().nullable().meta({ description: "SCAN_ALREADY_ACTIVE: the scan in the way" }),
  })
  .meta({ id: "BulkScanResult" });
export type BulkScanResult = z.output<typeof bulkScanResultSchema>;

export const startScansOutput = z
  .object({
    started: z.number().int().meta({ description: "Scans started (queued)" }),
    notStarted: z.number().int(),
    waiting: z.number().int().meta({ description: "Of those started, how many wait for the plan's concurrency" }),
    concurrentScans: z.number().int().meta({ description: "The plan's scans running at once in the workspace" }),
    results: z.array(bulkScanResultSchema).meta({ description: "One per asset, in the order asked (else by id)" }),
  })
  .meta({ id: "BulkScanStart" });
