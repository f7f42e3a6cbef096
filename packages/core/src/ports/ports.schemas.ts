import { z } from "zod";
import { SEVERITY_VALUES } from "../findings/findings.schemas.ts";

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
