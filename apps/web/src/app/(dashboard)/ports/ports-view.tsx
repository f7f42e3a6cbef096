"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { BarChart, Card, EmptyState, PageHeader, SeverityBadge } from "@ems/ui";
import { useTRPC } from "@/trpc/client";

export function PortsView() {
  const trpc = useTRPC();
  const ports = useQuery(trpc.ports.list.queryOptions({}));
  const groups = ports.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Open ports"
        description="Open-port issues grouped by port, with the assets where each port is open."
      />
      {groups.length === 0 ? (
        <EmptyState title="No open ports" description="Scans list the ports they find open here." />
      ) : (
        <>
          <Card title="Assets per port">
            <BarChart
              title="Assets per open port"
              data={groups.map((g) => ({
                label: `${g.port}${g.service ? ` ${g.service}` : ""}`,
                value: g.assets.length,
              }))}
            />
          </Card>
          {groups.map((g) => (
            <Card
              key={g.port}
              title={`${g.port}/${g.protocol}${g.service ? ` · ${g.service}` : ""}`}
              data-testid="port-group"
            >
              <ul className="space-y-1.5 text-sm">
                {g.assets.map((a) => (
                  <li key={a.issueId}>
                    <SeverityBadge severity={a.severity} /> <Link href={`/assets/${a.assetId}`}>{a.value}</Link> —{" "}
                    <Link href={`/issues/${a.issueId}`}>issue #{a.issueId}</Link> ({a.status})
                    {a.banner && <code className="break-all text-muted-foreground"> {a.banner.slice(0, 80)}</code>}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
