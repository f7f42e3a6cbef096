import type { Metadata } from "next";
import { detailId } from "@/server/detail-id";
import { AssetView } from "./asset-view";

export const metadata: Metadata = { title: "Asset" };

export default async function AssetPage({ params }: { params: Promise<{ id: string }> }) {
  return <AssetView id={await detailId(params)} />;
}
