// First data from the server (the create-t3-turbo pattern): a server component prefetches its view's queries into a
// per-request QueryClient, through the same procedures and the dashboard's context, and wraps the view in
// <HydrateClient>; the view's useQuery, with the same query options, finds the answers in its cache, so the first HTML
// holds the data and the browser does not ask again. Server components only.
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { cache, type ReactNode } from "react";
import { appRouter } from "@ems/core";
import { dashboardContext } from "@/server/context";
import { makeQueryClient } from "./query-client";

/** One QueryClient per request (React's cache lives for one server render). */
export const getQueryClient = cache(() => makeQueryClient({ onServer: true }));

/** `trpc.x.y.queryOptions(input)` on the server: the same keys as the browser's `useTRPC()`. */
export const trpc = createTRPCOptionsProxy({
  router: appRouter,
  // The request's context (shared with the layout's session check), with a reply of each call's own.
  ctx: async () => ({ ...(await dashboardContext()), reply: {} }),
  queryClient: getQueryClient,
});

/**
 * Runs the queries before the page renders, together. A failure is not thrown: that query stays out of the HTML and
 * the browser asks for it as it did before (with its retries), so a failed prefetch never breaks a page.
 */
export async function prefetch(...queries: ReturnType<TRPCQueryOptions<never>>[]) {
  const qc = getQueryClient();
  await Promise.all(queries.map((q) => qc.prefetchQuery(q)));
}

/** The prefetched answers, handed to the client views inside it. */
export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}
