import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { createCaller } from "@ems/core";
import { cn } from "@ems/ui";
import { dashboardContext } from "@/server/context";
import { MobileHeader, Sidebar } from "./sidebar";

// Every dashboard page needs a live session in a workspace the user still belongs to.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await dashboardContext();
  if (ctx.credential.kind !== "session" || !ctx.credential.session) redirect("/login");
  const me = await createCaller(ctx)
    .me.get()
    .catch(() => null);
  if (!me) redirect("/login?error=session");
  return (
    <div className="flex min-h-dvh">
      {/* The first thing a keyboard reaches: past the navigation in one Tab. */}
      <a
        href="#content"
        className={cn(
          "sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground",
          "focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50",
        )}
      >
        Skip to content
      </a>
      <Sidebar me={me} className="sticky top-0 hidden h-dvh w-60 shrink-0 md:flex" />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileHeader me={me} />
        <main
          id="content"
          tabIndex={-1}
          className="w-full max-w-[1200px] min-w-0 flex-1 px-4 py-6 outline-none md:px-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
