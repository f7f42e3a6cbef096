import type { Metadata } from "next";
import { ChecksView } from "./checks-view";

export const metadata: Metadata = { title: "What we check" };

export default function ChecksPage() {
  return <ChecksView />;
}
