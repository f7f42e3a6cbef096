import { z } from "zod";
import { DANGEROUS_PORT_CATEGORIES, PORT_CATEGORIES } from "@ems/scanners";
import { severityCounts } from "../assets/assets.schemas.ts";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { pagingInput, positiveInt } from "../paging.ts";

/** How many assets a port group of GET /app/ports shows: the most recently seen; the rest are paged by port. */
export const PORT_GROUP_ASSETS = 20;

export const openPortAssetSchema = z
  .object({
    assetId: z.number().int(),
    value: z.string(),
    type: z.string(),
    issueId: z.number().int(),
    status: z.string(),
    severity: z.enum(SEVERITY_VALUES),
    banner: z.string().nullable(),
    unauthenticated: z
      .boolean()
      .meta({ description: "A service on this port answered this asset's scan without authentication" }),
    lastSeenAt: z.date(),
  })
  .meta({ id: "OpenPortAsset" });

export type OpenPortAsset = z.output<typeof openPortAssetSchema>;

export const openPortGroupSchema = z
  .object({
    port: z.number().int(),
    protocol: z.string(),
    service: z.string().nullable().meta({ description: "As the port scan named it on the assets shown" }),
    severity: z.enum(SEVERITY_VALUES).meta({ description: "The most severe of the port's open issues" }),
    category: z.enum(PORT_CATEGORIES).meta({ description: "What the port is for (by its number, else its service)" }),
    dangerous: z.boolean().meta({
      description: `The category should never face the internet: ${DANGEROUS_PORT_CATEGORIES.join(", ")}`,
    }),
    unauthenticatedCount: z.number().int().meta({
      description: "Assets on which a service on this port answered without authentication (service.unauthenticated.*)",
    }),
    assetCount: z.number().int().meta({ description: "Assets on which the port is open (open or in-progress issue)" }),
    severityCounts: severityCounts.meta({ description: "The port's open issues by severity" }),
    assetsTruncated: z.boolean().meta({
      description: `true when assetCount is more than the assets shown: GET /app/ports/{port}/assets pages them all`,
    }),
    assets: z
      .array(openPortAssetSchema)
      .max(PORT_GROUP_ASSETS)
      .meta({
        description: `At most ${PORT_GROUP_ASSETS}: the most recently seen first`,
      }),
  })
  .meta({ id: "OpenPortGroup" });

export type OpenPortGroup = z.output<typeof openPortGroupSchema>;

/**
 * The groups' orders (docs/api.md, Open ports). `risk`: services that answered without authentication first (most
 * such assets first), then dangerous categories, then the most severe issue, the most assets, the lowest port.
 */
export const PORT_SORT = {
  risk: { field: "risk", order: "desc" },
  port: { field: "port", order: "asc" },
  assetCount: { field: "assetCount", order: "desc" },
  severity: { field: "severity", order: "desc" },
} as const satisfies Record<string, SortColumn<string>>;

const portNumber = positiveInt(65_535, "must be a port number from 1 to 65535");

export const listPortsInput = pagingInput.extend({
  q: searchInput("the port number, its service, or the asset's name or value"),
  ...sortInputs(PORT_SORT, "risk"),
  port: portNumber.optional(),
  service: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .describe("The service the port scan named (ssh, redis, …), any case")
    .optional(),
  assetId: idParam("assetId").optional(),
  projectId: idParam("projectId").optional(),
});
export type ListPortsInput = z.output<typeof listPortsInput>;

export const portAssetsInput = pagingInput.extend({ port: portNumber });

export const assetPortsInput = pagingInput.extend({ id: idParam() });

export const assetPortSchema = z
  .object({
    port: z.number().int(),
    protocol: z.string(),
    service: z.string().nullable(),
    banner: z.string().nullable(),
    firstSeenAt: z.date(),
    lastSeenAt: z.date(),
    issue: z
      .object({ id: z.number().int(), severity: z.enum(SEVERITY_VALUES), status: z.string() })
      .nullable()
      .meta({ description: "The port's issue (kind port.open.<port>), whatever its status" }),
  })
  .meta({ id: "AssetPort" });
