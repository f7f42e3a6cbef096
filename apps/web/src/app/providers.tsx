"use client";
import { SessionProvider } from "next-auth/react";
import { ThemeProvider, useTheme } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import type { ReactNode } from "react";
import { Toaster } from "@ems/ui";
import { TRPCReactProvider } from "@/trpc/client";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme === "dark" ? "dark" : "light"} />;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <SessionProvider>
        <TRPCReactProvider>
          <NuqsAdapter>
            {children}
            <ThemedToaster />
          </NuqsAdapter>
        </TRPCReactProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}
