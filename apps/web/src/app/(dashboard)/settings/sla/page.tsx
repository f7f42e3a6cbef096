import type { Metadata } from "next";
import { SlaPolicyView } from "./sla-view";

export const metadata: Metadata = { title: "SLA policy" };

export default function SlaPolicyPage() {
  return <SlaPolicyView />;
}
