import { z } from "zod";
import { pageOf } from "../paging.ts";
import { storedList } from "../stored-values.ts";
import { procedure, router } from "../trpc.ts";
import {
  PORT_GROUP_ASSETS,
  assetPortSchema,
  assetPortsInput,
  openPortAssetSchema,
  openPortGroupSchema,
  portAssetsInput,
} from "./ports.schemas.ts";
import { assetPorts, openPorts, portAssets } from "./ports.service.ts";

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
        description:
          "Open and in-progress issues only, by port ascending. Each group counts all its assets exactly and " +
          `shows the ${PORT_GROUP_ASSETS} most recently seen; GET /app/ports/{port}/assets pages the rest.`,
      },
      ...read,
    })
    .input(z.object({}))
    .output(storedList("OpenPortGroup", openPortGroupSchema))
    .query(({ ctx }) => openPorts(ctx)),

  assets: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/ports/{port}/assets",
        tags,
        summary: "The assets on which a port is open",
        description: "Assets with an open or in-progress open-port issue for the port, the most recently seen first.",
      },
      paged: true,
      ...read,
    })
    .input(portAssetsInput)
    .output(pageOf(openPortAssetSchema))
    .query(({ ctx, input }) => portAssets(ctx, input.port, input)),

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
