import type { Metadata } from "next";
import { PortsView } from "./ports-view";

export const metadata: Metadata = { title: "Open ports" };

export default function Page() {
  return <PortsView />;
}
