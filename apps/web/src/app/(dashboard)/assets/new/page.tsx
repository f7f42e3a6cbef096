import type { Metadata } from "next";
import { NewAssetView } from "./new-asset-view";

export const metadata: Metadata = { title: "Add asset" };

export default function NewAssetPage() {
  return <NewAssetView />;
}
