import type { Metadata } from "next";
import { Suspense } from "react";
import { SchedulesView } from "./schedules-view";

export const metadata: Metadata = { title: "Scan schedules" };

// The view reads its filters from the URL (useSearchParams needs a Suspense boundary).
export default function SchedulesPage() {
  return (
    <Suspense>
      <SchedulesView />
    </Suspense>
  );
}
