import { z } from "zod";
import { queryFlag } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { storedEnum, storedList } from "../stored-values.ts";

/** Where a name was found (the engine's DiscoverySource). */
export const DISCOVERY_SOURCES = ["crtsh", "certspotter", "bruteforce", "certificate", "cname", "redirect"] as const;
export const DISCOVERED_STATUSES = ["new", "ignored", "added"] as const;
export const RUN_STATUSES = ["queued", "running", "done", "failed"] as const;
/** Hosts one add request may name. */
export const MAX_ADD_IDS = 100;

/** A DNS name as people type it: trimmed, lower-case, no trailing dot. */
const hostName = z
  .string()
  .max(254, "must be at most 253 characters")
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\.$/, ""))
  .pipe(
    z
      .string()
      .min(1, "must not be empty")
      .max(253, "must be at most 253 characters")
      .regex(/^[a-z0-9_.-]+$/, "must be a DNS name (letters, digits, '-', '_' and dots)"),
  )
  // What the checks above accept, before trimming and lower-casing.
  .meta({ pattern: "^\\s*[A-Za-z0-9_.-]+\\s*$" });

export const discoveredHostnameSchema = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    domain: z.string().meta({ description: "the proven domain the host was found under" }),
    host: z.string(),
    sources: storedList("discovery source", z.enum(DISCOVERY_SOURCES)).meta({ description: "sorted, unique" }),
    resolves: z
      .object({ a: z.array(z.string()), aaaa: z.array(z.string()) })
      .nullable()
      .meta({ description: "the addresses at the end of the CNAME chain; null when the name does not resolve" }),
    resolvedIp: z
      .object({ address: z.string(), family: z.union([z.literal(4), z.literal(6)]) })
      .nullable()
      .meta({ description: "the first address (IPv4 first); null when the name does not resolve" }),
    cname: z
      .object({ chain: z.array(z.string()), target: z.string() })
      .nullable()
      .meta({ description: "the CNAME chain in order and its last name; null when the name has no CNAME" }),
    wildcard: z
      .object({ zone: z.string(), addresses: z.array(z.string()) })
      .nullable()
      .meta({ description: "set when the answer equals the wildcard answer of `zone`: the name may not exist" }),
    status: z.enum(DISCOVERED_STATUSES),
    assetId: z
      .object({ id: z.number().int(), value: z.string() })
      .nullable()
      .meta({ description: "the asset the host became (status added); null otherwise" }),
    firstSeenAt: z.date(),
    lastSeenAt: z.date(),
    project: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  })
  .meta({ id: "DiscoveredHostname" });

export const discoveryRunSchema = z
  .object({
    id: z.number().int(),
    assetId: z.number().int().meta({ description: "the proven domain asset the run searches under" }),
    domain: z.string(),
    trigger: storedEnum("discovery run trigger", ["manual", "schedule"], "manual"),
    status: z.enum(RUN_STATUSES),
    progress: z.object({
      phase: storedEnum("discovery run phase", ["sources", "resolve", "merge"], null),
      done: z.number().int(),
      total: z.number().int(),
    }),
    found: z.number().int().meta({ description: "hosts the run found (done runs)" }),
    new: z.number().int().meta({ description: "of which were not known before" }),
    capped: z
      .object({
        limit: z.number().int().meta({ description: "the most hosts one run stores (EMS_DISCOVERY_MAX_HOSTS)" }),
        dropped: z.number().int().meta({ description: "names the run found past it and did not store" }),
      })
      .nullable()
      .meta({ description: "set when the run found more hosts than one run stores; null otherwise" }),
    sourceErrors: storedList(
      "discovery source error",
      z.object({ source: z.enum(DISCOVERY_SOURCES), message: z.string() }),
    ).meta({ description: "sources that failed without failing the run" }),
    autoAdd: z
      .object({
        added: z.number().int().meta({ description: "new hosts the run added as assets by itself" }),
        refused: z.array(
          z.object({
            code: z.string().meta({ description: "as POST /app/assets would answer (ASSET_SLOT_REQUIRED, …)" }),
            message: z.string().meta({ description: "the first such host's reason, in words" }),
            count: z.number().int(),
          }),
        ),
      })
      .nullable()
      .meta({ description: "what adding new hosts by themselves did (the domain's discoveryAutoAdd); null when off" }),
    error: z.string().nullable(),
    createdAt: z.date(),
    startedAt: z.date().nullable(),
    finishedAt: z.date().nullable(),
  })
  .meta({ id: "DiscoveryRun" });

export const HOST_SORT = {
  createdAt: { field: "id", order: "desc" },
  host: { field: "host", order: "asc" },
  status: { field: "status", order: "asc" },
  lastSeenAt: { field: "lastSeenAt", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listHostsInput = pagingInput.extend({
  ...sortInputs(HOST_SORT, "createdAt"),
  projectId: idParam("projectId").optional(),
  domain: hostName.optional().meta({ description: "hosts found under this domain" }),
  status: z.enum(DISCOVERED_STATUSES).optional(),
  source: z.enum(DISCOVERY_SOURCES).optional(),
  resolves: queryFlag.optional().meta({ description: "true: resolving hosts only; false: the others" }),
  q: searchInput("hosts", 253),
});

export const summaryInput = z.object({ projectId: idParam("projectId").optional() });

const count = z.number().int();
export const summarySchema = z
  .object({
    new: count,
    ignored: count,
    added: count,
    total: count,
    bySource: storedList("discovery source count", z.object({ source: z.enum(DISCOVERY_SOURCES), count })),
    byDomain: z.array(z.object({ domain: z.string(), new: count, ignored: count, added: count })),
    lastRun: discoveryRunSchema.nullable().meta({ description: "the newest run" }),
    activeRuns: z.array(discoveryRunSchema).meta({ description: "queued and running runs" }),
  })
  .meta({ id: "DiscoverySummary" });

export const hostIdInput = z.object({ id: idParam() });

export const addHostsInput = z.object({
  ids: z
    .array(idParam("ids"))
    .min(1, "must name at least one host")
    .max(MAX_ADD_IDS, `must name at most ${MAX_ADD_IDS} hosts`),
});

export const addHostsOutput = z
  .object({
    added: z.array(
      z.object({
        id: z.number().int(),
        host: z.string(),
        asset: z.object({ id: z.number().int(), value: z.string() }),
      }),
    ),
    refused: z
      .array(
        z.object({
          id: z.number().int(),
          host: z.string().nullable(),
          code: z.string(),
          message: z.string(),
          asset: z
            .object({ id: z.number().int(), value: z.string() })
            .nullable()
            .meta({ description: "The asset this host already is (ALREADY_EXISTS, CONFLICT), to link to" }),
        }),
      )
      .meta({ description: "code as POST /app/assets would answer (ASSET_SLOT_REQUIRED, ALREADY_EXISTS, …)" }),
  })
  .meta({ id: "DiscoveryAddResult" });

export const runInput = z.object({
  projectId: idParam("projectId").optional().meta({ description: "every proven domain of the project" }),
  assetId: idParam("assetId").optional().meta({ description: "one proven domain or subdomain asset" }),
  domain: hostName.optional().meta({ description: "one proven domain or subdomain asset, by value" }),
});

export const runOutput = z.object({ runs: z.array(discoveryRunSchema) }).meta({ id: "DiscoveryRunStarted" });

export type ListHostsInput = z.output<typeof listHostsInput>;
export type RunInput = z.output<typeof runInput>;
export type DiscoveredHostnameOut = z.output<typeof discoveredHostnameSchema>;
export type DiscoveryRunOut = z.output<typeof discoveryRunSchema>;
