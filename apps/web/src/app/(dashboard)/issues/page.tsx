import type { Metadata } from "next";
import { IssuesView } from "./issues-view";

export const metadata: Metadata = { title: "Issues" };

export default function Page() {
  return <IssuesView />;
}
