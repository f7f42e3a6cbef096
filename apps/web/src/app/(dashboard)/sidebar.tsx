"use client";
import { Link } from "@/components/intent-link";
import { usePathname, useRouter } from "next/navigation";
import { signOut, useSession } from "next-auth/react";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu } from "lucide-react";
import type { RouterOutputs } from "@ems/core";
import { Button, cn, deferred, inertTrigger, NativeSelect } from "@ems/ui";
import { ThemeToggle } from "@/components/theme-toggle";
import { label } from "@/components/labels";

type Me = RouterOutputs["me"]["get"];

// The features, in the order people use them.
const NAV = [
  { href: "/", label: "Overview" },
  { href: "/projects", label: "Projects" },
  { href: "/assets", label: "Assets" },
  { href: "/discovery", label: "Discovery" },
  { href: "/scans", label: "Scans" },
  { href: "/schedules", label: "Schedules" },
  { href: "/issues", label: "Issues" },
  { href: "/findings", label: "Findings" },
  { href: "/ports", label: "Ports" },
  { href: "/reports", label: "Reports" },
  { href: "/assessments", label: "Assessments" },
  { href: "/audit-log", label: "Audit log" },
];
const SETTINGS = [
  { href: "/settings/profile", label: "Your profile" },
  { href: "/settings/api-keys", label: "API keys", admin: true },
  { href: "/settings/oauth-apps", label: "OAuth apps", admin: true },
  { href: "/settings/webhooks", label: "Webhooks", admin: true },
  { href: "/settings/email", label: "E-mail", admin: true },
  { href: "/settings/members", label: "Members" },
  { href: "/settings/plan", label: "Plan & slots" },
  { href: "/settings/sla", label: "SLA policy" },
  { href: "/settings/checks", label: "What we check" },
];

// The sheet's code (Radix's dialog) loads after the page shows; until then its button shows, inert.
const NavSheet = deferred(() => import("./nav-sheet").then((m) => m.NavSheet), inertTrigger);

const Brand = () => <div className="px-2 py-1 text-[15px] font-bold text-white">Exposure Monitoring</div>;

/** Navigation, workspace switcher and account; the sidebar on wide screens, the sheet's content on small ones. */
function SidebarBody({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const path = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { update } = useSession();
  const isAdmin = me.role === "owner" || me.role === "admin";
  const name = `${me.user.firstName} ${me.user.lastName}`.trim();
  const link = (item: { href: string; label: string }) => (
    <Link
      key={item.href}
      href={item.href}
      onClick={onNavigate}
      aria-current={(item.href === "/" ? path === "/" : path.startsWith(item.href)) ? "page" : undefined}
      className={cn(
        "rounded-md px-2.5 py-1.5 text-sm text-sidebar-foreground no-underline",
        "hover:bg-sidebar-accent hover:no-underline",
        "focus-visible:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-white",
        "aria-[current=page]:bg-sidebar-primary aria-[current=page]:text-white",
      )}
    >
      {item.label}
    </Link>
  );

  async function switchWorkspace(id: number) {
    await update({ workspaceId: id });
    queryClient.clear();
    router.refresh();
  }

  return (
    <>
      <nav aria-label="Main" className="flex flex-col gap-0.5">
        {NAV.map(link)}
        <div className="px-2.5 pt-3 pb-1 text-[11px] font-medium tracking-wider text-sidebar-muted uppercase">
          Settings
        </div>
        {SETTINGS.filter((s) => !s.admin || isAdmin).map(link)}
      </nav>
      <div className="mt-auto flex flex-col gap-2 px-2 pt-4 text-[13px]">
        <label className="flex flex-col gap-1">
          <span className="text-sidebar-muted">Workspace</span>
          <NativeSelect
            className="border-sidebar-border bg-sidebar-accent text-white"
            data-testid="workspace-switcher"
            value={me.workspace.id}
            onChange={(e) => void switchWorkspace(Number(e.target.value))}
            disabled={me.workspaces.length < 2}
          >
            {me.workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div data-testid="signed-in-as" className="wrap-break-word">
          {name && (
            <>
              <span className="font-medium text-white">{name}</span>
              <br />
            </>
          )}
          {me.user.email}
          <br />
          <span className="text-sidebar-muted">{label("role", me.role)}</span>
        </div>
        <div className="flex items-center gap-2">
          <Button
            size="sm"
            className="flex-1 border-sidebar-border bg-transparent text-sidebar-foreground hover:bg-sidebar-accent"
            onClick={() => void signOut({ callbackUrl: "/login" })}
          >
            <LogOut aria-hidden="true" /> Sign out
          </Button>
          <ThemeToggle className="text-sidebar-foreground hover:bg-sidebar-accent" />
        </div>
      </div>
    </>
  );
}

export function Sidebar({ me, className }: { me: Me; className?: string }) {
  return (
    <aside className={cn("flex-col gap-4 overflow-y-auto bg-sidebar px-3 py-4 text-sidebar-foreground", className)}>
      <Brand />
      <SidebarBody me={me} />
    </aside>
  );
}

/** Below md: a bar with a menu button that opens the navigation in a sheet. */
export function MobileHeader({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex items-center gap-2 bg-sidebar px-3 py-2 md:hidden">
      <NavSheet
        open={open}
        onOpenChange={setOpen}
        title={<Brand />}
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="text-sidebar-foreground hover:bg-sidebar-accent"
            aria-label="Open navigation"
            data-testid="nav-menu"
          >
            <Menu aria-hidden="true" />
          </Button>
        }
      >
        <SidebarBody me={me} onNavigate={() => setOpen(false)} />
      </NavSheet>
      <Brand />
    </header>
  );
}
