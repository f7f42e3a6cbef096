import { z } from "zod";
import { criticalitySchema, messageSchema, SEVERITY_VALUES, text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { PORT_SCAN_MODES, scanProfileWords } from "../scan-profiles.ts";

export const ASSET_TYPES = ["domain", "subdomain", "ipv4", "ipv6", "bucket"] as const;
export const ASSET_STATUSES = ["pending", "reachable", "unreachable", "error"] as const;
export const OWNERSHIP_METHODS = ["dns-txt", "http-file", "html-meta", "parent-domain"] as const;
/** Scanners an asset can turn off (the scan engine's stages). */
export const SCANNER_TYPES = ["port-scan", "tls", "http", "dns", "technologies", "templates", "screenshot"] as const;
/** The parts of the outside view. */
export const OUTSIDE_VIEW_PARTS = ["dns", "http", "https", "tls", "technologies", "screenshot"] as const;

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(", ")}` });

export const assetSchema = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    name: z.string().nullable(),
    type: enumOf(ASSET_TYPES),
    value: z.string(),
    status: enumOf(ASSET_STATUSES),
    canonicalUrl: z.string().nullable(),
    resolvedIp: z.string().nullable(),
    cdnProvider: z.string().nullable(),
    bucketProvider: z.string().nullable(),
    lastCheckedAt: z.date().nullable(),
    failReason: z.string().nullable(),
    checkWarnings: z.array(z.string()).meta({
      description:
        "What the last check went on without: DNS record types the resolvers refused, SERVFAILed or did not answer " +
        "in time (e.g. AAAA: checked over IPv4 only). Empty when nothing was missing.",
    }),
    skippedRedirectHost: z.string().nullable(),
    disabledScannerTypes: z.array(z.string()),
    portScanMode: enumOf(PORT_SCAN_MODES).meta({ description: `The scan profile: ${scanProfileWords()}` }),
    nucleiMinSeverity: enumOf(SEVERITY_VALUES),
    ownershipVerifiedAt: z.date().nullable(),
    ownershipToken: z.string(),
    ownershipMethod: enumOf(OWNERSHIP_METHODS).nullable(),
    criticality: criticalitySchema
      .nullable()
      .meta({ description: "Its own criticality (low, medium, high, critical); null: its project's" }),
    effectiveCriticality: criticalitySchema.meta({
      description: "Its own criticality, else its project's: an input of its issues' priority (docs/api.md, Priority)",
    }),
    discoveryAutoAdd: z.boolean().meta({
      description: "A domain's or subdomain's: the hosts its discovery runs find are added as assets by themselves",
    }),
    createdAt: z.date(),
    updatedAt: z.date(),
    project: z.object({ id: z.number().int(), name: z.string() }),
  })
  .meta({ id: "Asset" });

/** Issues by severity (asset counts, port groups). */
export const severityCounts = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
});

export const assetListItemSchema = assetSchema
  .extend({
    issueCounts: severityCounts
      .extend({ open: z.number().int() })
      .meta({ description: "Open issues (not resolved or dismissed), by severity" }),
    ownership: z.enum(["proven", "pending"]).meta({ description: "proven once ownershipVerifiedAt is set" }),
    scanStatus: z
      .enum(["queued", "running", "completed", "failed", "cancelled"])
      .nullable()
      .meta({ description: "Status of the latest scan, null if never scanned" }),
  })
  .meta({ id: "AssetListItem" });

export const technologySchema = z.object({
  name: z.string(),
  version: z.string().nullable(),
  category: z.string(),
  evidence: z.string(),
});

export const assetDetailSchema = assetSchema
  .extend({
    severityBreakdown: severityCounts.meta({ description: "Open issues by severity" }),
    openIssues: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        severity: enumOf(SEVERITY_VALUES),
        status: z.string(),
        lastSeenAt: z.date(),
      }),
    ),
    schedules: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        frequency: z.string(),
        time: z.string(),
        enabled: z.boolean(),
        nextRunAt: z.date().nullable(),
      }),
    ),
    technologies: z.array(technologySchema),
    ownershipProvenBy: z
      .object({ id: z.number().int(), value: z.string() })
      .nullable()
      .meta({ description: "The proven domain this subdomain is proven through (ownershipMethod parent-domain)" }),
    activeScan: z
      .object({ id: z.number().int(), status: z.enum(["queued", "running"]), progress: z.number().int() })
      .nullable()
      .meta({ description: "The queued or running scan, if any (one at a time per asset)" }),
    lastCompletedScan: z.object({ id: z.number().int(), finishedAt: z.date() }).nullable().meta({
      description: "The newest scan that ran to the end; null: no scan ran to the end (nothing is known yet)",
    }),
    uncoveredRedirectHost: z
      .string()
      .nullable()
      .meta({ description: "Where the site sends visitors, when the ownership proof does not cover that host" }),
    check: z
      .object({
        attempts: z.number().int().meta({
          description: "Starts of the current reachability check, those whose worker crashed or timed out included",
        }),
        maxAttempts: z
          .number()
          .int()
          .meta({ description: "Starts after which the check is given up and the asset marked error" }),
        screenshotError: z.string().nullable().meta({ description: "Why the last check took no screenshot" }),
      })
      .meta({ description: "The reachability check's retry state" }),
  })
  .meta({ id: "AssetDetail" });

/** The dashboard's filter counts (not a REST route). */
export const assetSummarySchema = z.object({
  byStatus: z.partialRecord(enumOf(ASSET_STATUSES), z.number().int()),
  byType: z.partialRecord(enumOf(ASSET_TYPES), z.number().int()),
  total: z.number().int(),
});

export const ASSET_SORT = {
  createdAt: { field: "id", order: "asc" },
  name: { field: "name", order: "asc" },
  value: { field: "value", order: "asc" },
  status: { field: "status", order: "asc" },
  lastCheckedAt: { field: "lastCheckedAt", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listAssetsInput = pagingInput.extend({
  q: searchInput("asset name or value"),
  ...sortInputs(ASSET_SORT, "createdAt"),
  projectId: idParam("projectId").optional(),
  type: enumOf(ASSET_TYPES).optional(),
  status: enumOf(ASSET_STATUSES).optional(),
});

const scanProfile = {
  name: text(255).optional().nullable(),
  criticality: criticalitySchema
    .nullable()
    .optional()
    .meta({ description: "low, medium, high or critical; null: its project's (the default)" }),
  portScanMode: enumOf(PORT_SCAN_MODES)
    .optional()
    .meta({ description: `The scan profile: ${scanProfileWords()}` }),
  nucleiMinSeverity: enumOf(SEVERITY_VALUES).optional(),
  disabledScannerTypes: z
    .array(enumOf(SCANNER_TYPES))
    .max(SCANNER_TYPES.length)
    .transform((s) => [...new Set(s)])
    .optional(),
  discoveryAutoAdd: z.boolean().optional().meta({
    description:
      "domains and subdomains only: add the new hosts discovery finds under it as assets (within the plan's slots)",
  }),
};

export const createAssetInput = z.object({
  projectId: idParam("projectId"),
  type: enumOf(ASSET_TYPES),
  value: z.string().max(2048, "must be at most 2048 characters"),
  ...scanProfile,
  /** Dashboard only: buy one asset slot first when the plan's are all used. */
  buySlot: z.boolean().optional().meta({ description: "Dashboard only: buy an asset slot when none is free" }),
});

export const updateAssetInput = z.object({
  id: idParam(),
  projectId: idParam("projectId").optional(),
  type: enumOf(ASSET_TYPES).optional(),
  value: z.string().max(2048, "must be at most 2048 characters").optional(),
  ...scanProfile,
});

export const assetIdInput = z.object({ id: idParam() });
export const deleteAssetOutput = messageSchema.extend({
  deleted: z.object({
    scans: z.number().int(),
    findings: z.number().int(),
    issues: z.number().int(),
    schedules: z.number().int(),
  }),
});
export const revalidateOutput = messageSchema.extend({ remainingThisHour: z.number().int() });

export const ownershipSchema = z
  .object({
    state: z.enum(["proven", "pending"]),
    method: enumOf(OWNERSHIP_METHODS).nullable(),
    verifiedAt: z.date().nullable(),
    token: z.string(),
    coveredBy: z
      .object({ assetId: z.number().int(), value: z.string() })
      .nullable()
      .meta({ description: "The proven parent domain that covers this subdomain" }),
    covers: z
      .number()
      .int()
      .meta({ description: "Subdomain assets proven through this one (proving a domain proves those under it)" }),
    methods: z.array(
      z.object({
        method: enumOf(OWNERSHIP_METHODS),
        instructions: z.string(),
        record: z
          .record(z.string(), z.string())
          .meta({ description: "What to publish: e.g. { name, type, value } for DNS, { url, content } for a file" }),
      }),
    ),
    lastAttempt: z
      .object({
        method: z.string().nullable(),
        success: z.boolean(),
        outcome: z.enum(["proven", "failed", "could-not-check"]).meta({
          description:
            "could-not-check: what the proof needs could not be looked up (e.g. the TXT lookup was refused or timed " +
            "out): no verdict, try again",
        }),
        detail: z.string(),
        checkedAt: z.date(),
      })
      .nullable(),
  })
  .meta({ id: "Ownership" });

export const verifyOwnershipInput = z.object({
  id: idParam(),
  method: enumOf(["dns-txt", "http-file", "html-meta"] as const)
    .optional()
    .meta({ description: "Default: try every method that applies" }),
});

const httpSummary = z
  .object({
    url: z.string(),
    status: z.number().int(),
    headers: z.record(z.string(), z.string()).meta({ description: "Lower-case names" }),
    title: z.string().nullable(),
    hops: z.array(z.object({ url: z.string(), status: z.number().int(), location: z.string().optional() }).loose()),
  })
  .loose();

export const outsideViewSchema = z
  .object({
    checkedAt: z.date().nullable().meta({ description: "The latest completed check; null before the first" }),
    dns: z
      .object({
        a: z.array(z.string()),
        aaaa: z.array(z.string()),
        cname: z.array(z.string()),
        failures: z
          .array(z.object({ type: z.string(), code: z.string(), message: z.string() }))
          .optional()
          .meta({ description: "Record types that did not answer (their lists are empty); absent when all did" }),
      })
      .loose()
      .nullable(),
    http: httpSummary.nullable(),
    https: httpSummary.nullable(),
    tls: z
      .object({
        protocol: z.string(),
        cipher: z.string(),
        subject: z.string(),
        issuer: z.string(),
        validFrom: z.string(),
        validTo: z.string(),
        selfSigned: z.boolean(),
        authorized: z.boolean(),
        authorizationError: z.string().optional(),
        altNames: z.array(z.string()),
      })
      .loose()
      .nullable(),
    technologies: z.array(technologySchema),
    errors: z
      .object({ http: z.string().nullable(), https: z.string().nullable() })
      .meta({ description: "Why each of HTTP and HTTPS stopped without an answer, else null" }),
    screenshot: z
      .object({ url: z.string(), takenAt: z.date() })
      .nullable()
      .meta({ description: "GET this URL for the PNG; null when the last check took none" }),
  })
  .meta({ id: "OutsideView" });

export const outsideViewInput = z.object({ id: idParam(), part: enumOf(OUTSIDE_VIEW_PARTS) });

export type CreateAssetInput = z.output<typeof createAssetInput>;
export type UpdateAssetInput = z.output<typeof updateAssetInput>;
export type ListAssetsInput = z.output<typeof listAssetsInput>;
