import { z } from "zod";
import { SEVERITY_VALUES } from "../findings/findings.schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";

export const openPortGroupSchema = z
  .object({
    port: z.number().int(),
    protocol: z.string(),
    service: z.string().nullable(),
    severity: z.enum(SEVERITY_VALUES),
    assets: z.array(
      z.object({
        assetId: z.number().int(),
        value: z.string(),
        type: z.string(),
        issueId: z.number().int(),
        status: z.string(),
        severity: z.enum(SEVERITY_VALUES),
        banner: z.string().nullable(),
        lastSeenAt: z.date(),
      }),
    ),
  })
  .meta({ id: "OpenPortGroup" });

export type OpenPortGroup = z.output<typeof openPortGroupSchema>;

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
