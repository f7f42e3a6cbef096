import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { createCaller } from "@ems/core";
import { dashboardContext } from "@/server/context";
import { Sidebar } from "./sidebar";

// Every dashboard page needs a live session in a workspace the user still belongs to.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await dashboardContext();
  if (ctx.credential.kind !== "session" || !ctx.credential.session) redirect("/login");
  const me = await createCaller(ctx)
    .me.get()
    .catch(() => null);
  if (!me) redirect("/login?error=session");
  return (
    <div className="shell">
      <Sidebar me={me} />
      <main className="main">{children}</main>
    </div>
  );
}
