import type { Metadata } from "next";
import { createLoader, type SearchParams } from "nuqs/server";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";
import { issuesView, PROBLEM_KEYS, problemsInput, VIEW_KEYS } from "./issues-query";
import { IssuesPage } from "./issues-page";

export const metadata: Metadata = { title: "Issues" };

const loadParams = createLoader({ ...VIEW_KEYS, ...PROBLEM_KEYS });

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const state = await loadParams(searchParams);
  // The problems view (the default) comes with the HTML; the flat list loads in the browser.
  if (issuesView(state) === "problems") await prefetch(trpc.problems.list.queryOptions(problemsInput(state, state)));
  return (
    <HydrateClient>
      <IssuesPage />
    </HydrateClient>
  );
}
