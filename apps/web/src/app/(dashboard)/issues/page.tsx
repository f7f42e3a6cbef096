import type { Metadata } from "next";
import { IssuesPage } from "./issues-page";

export const metadata: Metadata = { title: "Issues" };

export default function Page() {
  return <IssuesPage />;
}
