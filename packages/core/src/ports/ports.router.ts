import { z } from "zod";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { assetPortSchema, assetPortsInput, openPortGroupSchema } from "./ports.schemas.ts";
import { assetPorts, openPorts } from "./ports.service.ts";

const tags = ["Open ports"];
const read = { scope: "issues:read", kind: "read" } as const;

export const portsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/ports",
        tags,
        summary: "Open-port issues grouped by port",
        description: "Open and in-progress issues only, by port ascending.",
      },
      ...read,
    })
    .input(z.object({}))
    .output(z.array(openPortGroupSchema))
    .query(({ ctx }) => openPorts(ctx)),

  ofAsset: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets/{id}/ports",
        tags,
        summary: "The ports open on an asset",
        description: "As its last port scan saw them, by port ascending, each with its issue (any status).",
      },
      paged: true,
      ...read,
    })
    .input(assetPortsInput)
    .output(pageOf(assetPortSchema))
    .query(({ ctx, input }) => assetPorts(ctx, input.id, input)),
});
