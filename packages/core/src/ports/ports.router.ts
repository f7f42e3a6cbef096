import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  PORT_GROUP_ASSETS,
  assetPortSchema,
  assetPortsInput,
  listPortsInput,
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
          "Open and in-progress issues only, riskiest port first: services that answered without authentication, " +
          "then dangerous categories (databases, clear-text logins, remote desktop, file sharing, administration " +
          "APIs), then severity, assets and port. Each group counts all its assets exactly and shows the " +
          `${PORT_GROUP_ASSETS} most recently seen; GET /app/ports/{port}/assets pages the rest. Every parameter ` +
          "is optional: without any, the first 100 groups in that order.",
      },
      paged: true,
      ...read,
    })
    .input(listPortsInput)
    .output(pageOf(openPortGroupSchema))
    .query(({ ctx, input }) => openPorts(ctx, input)),

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
