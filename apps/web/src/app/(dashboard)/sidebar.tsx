"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { signOut, useSession } from "next-auth/react";
import { useQueryClient } from "@tanstack/react-query";
import type { RouterOutputs } from "@ems/core";

// The features, in the order people use them.
const NAV = [
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
  { href: "/settings/api-keys", label: "API keys", admin: true },
  { href: "/settings/oauth-apps", label: "OAuth apps", admin: true },
  { href: "/settings/webhooks", label: "Webhooks", admin: true },
  { href: "/settings/members", label: "Members" },
  { href: "/settings/plan", label: "Plan & slots" },
  { href: "/settings/sla", label: "SLA policy" },
];

export function Sidebar({ me }: { me: RouterOutputs["me"]["get"] }) {
  const path = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { update } = useSession();
  const isAdmin = me.role === "owner" || me.role === "admin";
  const link = (item: { href: string; label: string }) => (
    <Link key={item.href} href={item.href} aria-current={path.startsWith(item.href) ? "page" : undefined}>
      {item.label}
    </Link>
  );

  async function switchWorkspace(id: number) {
    await update({ workspaceId: id });
    queryClient.clear();
    router.refresh();
  }

  return (
    <aside className="sidebar">
      <div className="brand">Exposure Monitoring</div>
      <nav aria-label="Main">
        {NAV.map(link)}
        <div className="section">Settings</div>
        {SETTINGS.filter((s) => !s.admin || isAdmin).map(link)}
      </nav>
      <div className="account">
        <label>
          <span className="muted" style={{ color: "#94a3b8" }}>
            Workspace
          </span>
          <select
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
          </select>
        </label>
        <div data-testid="signed-in-as">
          {me.user.email}
          <br />
          <span style={{ color: "#94a3b8" }}>{me.role}</span>
        </div>
        <button type="button" className="signout" onClick={() => void signOut({ callbackUrl: "/login" })}>
          Sign out
        </button>
      </div>
    </aside>
  );
}
