import type { Metadata } from "next";
import { AssessmentsView } from "./assessments-view";

export const metadata: Metadata = { title: "Assessments" };

export default function AssessmentsPage() {
  return <AssessmentsView />;
}
