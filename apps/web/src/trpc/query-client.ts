// The React Query client of both ends: the browser's (trpc/client.tsx) and the per-request one of server components
// (trpc/server.tsx), which prefetches a page's first data and hands it over in the HTML. Cached data crosses as the
// wire does, with the one transformer (superjson), so dates arrive as Date objects either way.
import { QueryClient } from "@tanstack/react-query";
import { transformer } from "@ems/core/transformer";

export interface ErrorData {
  code?: string;
  status?: number;
  field?: string;
  message?: string;
}

/** The common error body that the server put in a tRPC error. */
export function errorData(err: unknown): ErrorData {
  return ((err as { data?: ErrorData } | null)?.data ?? {}) as ErrorData;
}

const isClientError = (err: unknown) => (errorData(err).status ?? 500) < 500;

/**
 * `onServer`: no retries: a failed prefetch is left out of the page (only answered queries are dehydrated, React
 * Query's default) and the browser asks again, with its retries.
 */
export function makeQueryClient({ onServer = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data from the server's HTML counts as fresh for as long as the browser's own answers do: no second request.
        staleTime: 5_000,
        retry: onServer ? false : (n, err) => n < 2 && !isClientError(err),
      },
      dehydrate: { serializeData: transformer.serialize },
      hydrate: { deserializeData: transformer.deserialize },
    },
  });
}
