"use client";
// tRPC over React Query for the dashboard's client components.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@ems/core";
import { transformer } from "@ems/core/transformer";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 5_000, retry: (n, err) => n < 2 && !isClientError(err) } },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

interface ErrorData {
  code?: string;
  status?: number;
  field?: string;
  message?: string;
}

const isClientError = (err: unknown) => (errorData(err).status ?? 500) < 500;

/** The common error body that the server put in a tRPC error. */
export function errorData(err: unknown): ErrorData {
  return ((err as { data?: ErrorData } | null)?.data ?? {}) as ErrorData;
}

export function errorMessage(err: unknown): string {
  return (err as { message?: string } | null)?.message ?? "Something went wrong";
}
