import { createLoader, parseAsInteger, type SearchParams } from "nuqs/server";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";
import { OverviewView } from "./overview-view";

export const metadata = { title: "Overview" };

// The URL key overview-view.tsx reads (nuqs), parsed the same way.
const loadParams = createLoader({ projectId: parseAsInteger });

export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { projectId } = await loadParams(searchParams);
  // The tiles and cards come with the HTML.
  await prefetch(trpc.overview.get.queryOptions({ projectId: projectId ?? undefined }));
  return (
    <HydrateClient>
      <OverviewView />
    </HydrateClient>
  );
}
