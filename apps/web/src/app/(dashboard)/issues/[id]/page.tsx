import type { Metadata } from "next";
import { detailId } from "@/server/detail-id";
import { IssueView } from "./issue-view";

export const metadata: Metadata = { title: "Issue" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <IssueView id={await detailId(params)} />;
}
