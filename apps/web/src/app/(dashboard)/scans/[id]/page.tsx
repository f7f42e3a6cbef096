import type { Metadata } from "next";
import { detailId } from "@/server/detail-id";
import { ScanView } from "./scan-view";

export const metadata: Metadata = { title: "Scan" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ScanView id={await detailId(params)} />;
}
