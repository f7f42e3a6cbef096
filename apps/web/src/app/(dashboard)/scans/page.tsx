import type { Metadata } from "next";
import { ScansView } from "./scans-view";

export const metadata: Metadata = { title: "Scans" };

export default function Page() {
  return <ScansView />;
}
