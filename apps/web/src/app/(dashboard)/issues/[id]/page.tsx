import type { Metadata } from "next";
import { IssueView } from "./issue-view";

export const metadata: Metadata = { title: "Issue" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return <IssueView id={Number((await params).id)} />;
}
