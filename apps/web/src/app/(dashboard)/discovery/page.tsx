import type { Metadata } from "next";
import { Suspense } from "react";
import { DiscoveryView } from "./discovery-view";

export const metadata: Metadata = { title: "Discovery" };

// The filters live in the URL (useSearchParams): the view renders on the client under Suspense.
export default function DiscoveryPage() {
  return (
    <Suspense>
      <DiscoveryView />
    </Suspense>
  );
}
