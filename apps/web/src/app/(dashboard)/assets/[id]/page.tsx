import type { Metadata } from "next";
import { detailId } from "@/server/detail-id";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";
import { assetIssuesInput } from "./asset-issues-input";
import { AssetView } from "./asset-view";

export const metadata: Metadata = { title: "Asset" };

export default async function AssetPage({ params }: { params: Promise<{ id: string }> }) {
  const id = await detailId(params);
  // The header, reachability, ownership, the role's buttons and the open issues tab come with the HTML. An asset
  // that is not there fails here and is left out: the view then shows "not found" as before.
  await prefetch(
    trpc.assets.get.queryOptions({ id }),
    trpc.me.get.queryOptions(),
    trpc.issues.list.queryOptions(assetIssuesInput(id, 1)),
  );
  return (
    <HydrateClient>
      <AssetView id={id} />
    </HydrateClient>
  );
}
