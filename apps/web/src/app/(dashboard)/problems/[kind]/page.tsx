import type { Metadata } from "next";
import { ProblemView } from "./problem-view";

export const metadata: Metadata = { title: "Problem" };

export default async function Page({ params }: { params: Promise<{ kind: string }> }) {
  return <ProblemView kind={decodeURIComponent((await params).kind)} />;
}
