"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsInteger } from "nuqs";
import type { RouterOutputs } from "@ems/core";
import { Card, DataTable, EmptyState, PageHeader, RelativeTime, SEVERITIES, SeverityBadge } from "@ems/ui";
import { BarChart } from "@/components/charts";
import { useListState } from "@/components/list-state";
import { useTRPC } from "@/trpc/client";
import { label } from "@/components/labels";

type Group = RouterOutputs["ports"]["list"][number];

// `port`: the one port whose assets are paged below the header (a group's "all N assets" link sets it).
const FILTERS = { port: parseAsInteger };

const portName = (g: Pick<Group, "port" | "protocol" | "service">) =>
  `${g.port}/${g.protocol}${g.service ? ` · ${g.service}` : ""}`;

export function PortsView() {
  const trpc = useTRPC();
  const state = useListState(FILTERS);
  const port = state.filters.port;
  const ports = useQuery(trpc.ports.list.queryOptions({}));
  const groups = ports.data ?? [];
  const selected = groups.find((g) => g.port === port);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Open ports"
        description="Open-port issues grouped by port: how many assets each port is open on, the most recently seen."
      />
      {port !== null && <PortAssets port={port} title={selected ? portName(selected) : String(port)} list={state} />}
      {groups.length === 0 ? (
        <EmptyState
          title={ports.isLoading ? "Loading open ports" : "No open ports"}
          description="Scans list the ports they find open here."
        />
      ) : (
        <>
          <Card title="Assets per port">
            <BarChart
              title="Assets per open port"
              data={groups.map((g) => ({ label: `${g.port}${g.service ? ` ${g.service}` : ""}`, value: g.assetCount }))}
            />
          </Card>
          {groups.map((g) => (
            <PortGroup key={g.port} group={g} />
          ))}
        </>
      )}
    </div>
  );
}

function PortGroup({ group: g }: { group: Group }) {
  const assets = `${g.assetCount} asset${g.assetCount === 1 ? "" : "s"}`;
  return (
    <Card
      title={portName(g)}
      description={g.assetsTruncated ? `${assets}, the ${g.assets.length} most recently seen shown` : assets}
      actions={SEVERITIES.filter((s) => g.severityCounts[s] > 0).map((s) => (
        <SeverityBadge key={s} severity={s} label={`${g.severityCounts[s]} ${s}`} />
      ))}
      footer={
        g.assetsTruncated && (
          <Link href={`/ports?port=${g.port}`} data-testid="port-all-assets">
            All {assets} on port {g.port}
          </Link>
        )
      }
      data-testid="port-group"
    >
      <ul className="space-y-1.5 text-sm">
        {g.assets.map((a) => (
          <li key={a.issueId}>
            <SeverityBadge severity={a.severity} /> <Link href={`/assets/${a.assetId}`}>{a.value}</Link> —{" "}
            <Link href={`/issues/${a.issueId}`}>issue #{a.issueId}</Link> (
            {label("issueStatus", a.status).toLowerCase()})
            {a.banner && <code className="break-all text-muted-foreground"> {a.banner.slice(0, 80)}</code>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Every asset of one port, a page at a time (its state in the URL with the port). */
function PortAssets({
  port,
  title,
  list,
}: {
  port: number;
  title: string;
  list: ReturnType<typeof useListState<typeof FILTERS>>;
}) {
  const trpc = useTRPC();
  const { page, limit } = list.query;
  const assets = useQuery(trpc.ports.assets.queryOptions({ port, page, limit }));
  return (
    <Card
      title={`Assets with ${title} open`}
      actions={<Link href="/ports">Back to every port</Link>}
      data-testid="port-assets"
    >
      <DataTable
        label={`Assets with port ${port} open`}
        columns={[
          { key: "severity", header: "Severity", render: (a) => <SeverityBadge severity={a.severity} /> },
          {
            key: "value",
            header: "Asset",
            render: (a) => (
              <Link href={`/assets/${a.assetId}`} className="break-all">
                {a.value}
              </Link>
            ),
          },
          { key: "issue", header: "Issue", render: (a) => <Link href={`/issues/${a.issueId}`}>#{a.issueId}</Link> },
          { key: "status", header: "Status" },
          {
            key: "banner",
            header: "Banner",
            render: (a) => (a.banner ? <code className="break-all">{a.banner.slice(0, 80)}</code> : "—"),
          },
          { key: "lastSeenAt", header: "Last seen", render: (a) => <RelativeTime date={a.lastSeenAt} /> },
        ]}
        rows={assets.data?.items ?? []}
        rowKey={(a) => a.issueId}
        total={assets.data?.total ?? 0}
        {...list.table}
        loading={assets.isLoading}
        empty={<EmptyState title={`Port ${port} is open nowhere`} description="No open issue names this port." />}
      />
    </Card>
  );
}
