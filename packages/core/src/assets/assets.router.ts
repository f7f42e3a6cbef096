import { z } from "zod";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  assetDetailSchema,
  assetIdInput,
  assetListItemSchema,
  assetSchema,
  assetSummarySchema,
  createAssetInput,
  deleteAssetOutput,
  listAssetsInput,
  outsideViewInput,
  outsideViewSchema,
  ownershipSchema,
  revalidateOutput,
  updateAssetInput,
  verifyOwnershipInput,
} from "./assets.schemas.ts";
import { fullOutsideView, getOwnership, outsideView, screenshot, verifyAssetOwnership } from "./assets.ownership.ts";
import {
  assetSummary,
  createAsset,
  deleteAsset,
  getAsset,
  listAssets,
  revalidateAsset,
  updateAsset,
} from "./assets.service.ts";

const tags = ["Assets"];
const read = { scope: "assets:read", kind: "read" } as const;
const write = { scope: "assets:write", kind: "write" } as const;

export const assetsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets",
        tags,
        summary: "List assets",
        description: "Ordered by id; filter by projectId, type, status.",
      },
      paged: true,
      ...read,
    })
    .input(listAssetsInput)
    .output(pageOf(assetListItemSchema))
    .query(({ ctx, input }) => listAssets(ctx, input)),

  /** Counts for the dashboard's filters (not a REST route). */
  summary: procedure
    .meta(read)
    .input(z.object({}).optional())
    .output(assetSummarySchema)
    .query(({ ctx }) => assetSummary(ctx)),

  create: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/assets",
        tags,
        summary: "Add an asset",
        description:
          "Validates the value for its type, then queues a reachability check. Past the plan's slots: 403 " +
          "ASSET_SLOT_REQUIRED (slots are bought in the dashboard).",
      },
      successStatus: 201,
      ...write,
    })
    .input(createAssetInput)
    .output(assetSchema)
    .mutation(({ ctx, input }) => createAsset(ctx, input)),

  get: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets/{id}",
        tags,
        summary: "Get an asset with its issues, schedules and technologies",
      },
      ...read,
    })
    .input(assetIdInput)
    .output(assetDetailSchema)
    .query(({ ctx, input }) => getAsset(ctx, input.id)),

  update: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/assets/{id}",
        tags,
        summary: "Update an asset",
        description:
          "A new value or type is validated as when adding, resets the ownership proof and is checked again.",
      },
      ...write,
    })
    .input(updateAssetInput)
    .output(assetSchema)
    .mutation(({ ctx, input }) => updateAsset(ctx, input)),

  delete: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/assets/{id}",
        tags,
        summary: "Delete an asset with its scans, findings, issues and schedules",
      },
      ...write,
    })
    .input(assetIdInput)
    .output(deleteAssetOutput)
    .mutation(({ ctx, input }) => deleteAsset(ctx, input.id)),

  revalidate: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/assets/{id}/revalidate",
        tags,
        summary: "Run the reachability check again",
        description: "At most 30 an hour per workspace (429 RATE_LIMITED with Retry-After past that).",
      },
      ...write,
    })
    .input(assetIdInput)
    .output(revalidateOutput)
    .mutation(({ ctx, input }) => revalidateAsset(ctx, input.id)),

  ownership: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets/{id}/ownership",
        tags,
        summary: "Ownership state, what to publish, and the last attempt",
      },
      ...read,
    })
    .input(assetIdInput)
    .output(ownershipSchema)
    .query(({ ctx, input }) => getOwnership(ctx, input.id)),

  verifyOwnership: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/assets/{id}/ownership/verify",
        tags,
        summary: "Check the ownership proof now",
      },
      ...write,
    })
    .input(verifyOwnershipInput)
    .output(ownershipSchema)
    .mutation(({ ctx, input }) => verifyAssetOwnership(ctx, input.id, input.method)),

  outside: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets/{id}/outside-view",
        tags,
        summary: "What anyone can see of the asset, every part at once",
        description:
          "DNS records, the HTTP and HTTPS answers (headers, title, redirects), the TLS certificate, technologies " +
          "and the screenshot's URL from the latest check; parts are null before the first check.",
      },
      ...read,
    })
    .input(assetIdInput)
    .output(outsideViewSchema)
    .query(({ ctx, input }) => fullOutsideView(ctx, input.id)),

  outsideView: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/assets/{id}/outside-view/{part}",
        tags,
        summary: "What anyone can see of the asset, by part",
        description:
          "Parts: dns, http, https, tls, technologies, screenshot. 404 NOT_AVAILABLE_YET until a check has completed.",
      },
      ...read,
    })
    .input(outsideViewInput)
    .output(z.object({ part: z.string(), checkedAt: z.date(), data: z.unknown() }))
    .query(({ ctx, input }) => outsideView(ctx, input.id, input.part)),

  screenshot: procedure
    .meta({
      file: {
        path: "/app/assets/{id}/screenshot",
        tags,
        summary: "The asset's screenshot (PNG)",
        contentTypes: ["image/png"],
      },
      ...read,
    })
    .input(assetIdInput)
    .query(({ ctx, input }) => screenshot(ctx, input.id)),
});
