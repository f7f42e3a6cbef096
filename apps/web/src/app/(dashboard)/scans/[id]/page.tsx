import type { Metadata } from "next";
import { ScanView } from "./scan-view";

export const metadata: Metadata = { title: "Scan" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <ScanView id={Number((await params).id)} />;
}
