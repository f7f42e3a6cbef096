import type { Metadata } from "next";
import { PlanView } from "./plan-view";

export const metadata: Metadata = { title: "Plan and asset slots" };

export default function PlanPage() {
  return <PlanView />;
}
