import { z } from "zod";
import { procedure, router } from "../trpc.ts";
import { openPorts } from "./ports.service.ts";

const openPortGroup = z
  .object({
    port: z.number().int(),
    protocol: z.string(),
    service: z.string().nullable(),
    severity: z.string(),
    assets: z.array(
      z.object({
        assetId: z.number().int(),
        value: z.string(),
        type: z.string(),
        issueId: z.number().int(),
        status: z.string(),
        severity: z.string(),
        banner: z.string().nullable(),
        lastSeenAt: z.date(),
      }),
    ),
  })
  .meta({ id: "OpenPortGroup" });

export const portsRouter = router({
  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/ports", tags: ["Open ports"], summary: "Open-port issues grouped by port", description: "Open and in-progress issues only, by port ascending." },
      scope: "issues:read",
      kind: "read",
    })
    .input(z.object({}))
    .output(z.array(openPortGroup))
    .query(({ ctx }) => openPorts(ctx)),
});
