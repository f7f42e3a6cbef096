import { z } from "zod";
import { severityCounts } from "../assets/assets.schemas.ts";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
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

export const portAssetsInput = pagingInput.extend({
  port: positiveInt(65_535, "must be a port number from 1 to 65535"),
});

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
