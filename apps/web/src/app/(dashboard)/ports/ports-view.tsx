"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsInteger } from "nuqs";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import {
  Badge,
  Card,
  DataTable,
  EmptyState,
  PageHeader,
  RelativeTime,
  SEVERITIES,
  SeverityBadge,
  plural,
} from "@ems/ui";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { useTRPC } from "@/trpc/client";
import { label } from "@/components/labels";
import { ProjectFilter } from "@/components/project-filter";
import { ScanFirst } from "@/components/scan-first";

type Group = RouterOutputs["ports"]["list"]["items"][number];

const SORTS = ["risk", "port", "assetCount", "severity"] as const satisfies NonNullable<
  RouterInputs["ports"]["list"]["sort"]
>[];
// `port`: the one port whose assets are paged instead of the groups (a group's "All N assets" link sets it); the
// others filter the groups as the API does.
const FILTERS = { port: parseAsInteger, projectId: parseAsInteger, assetId: parseAsInteger };

const portName = (g: Pick<Group, "port" | "protocol" | "service">) =>
  `${g.port}/${g.protocol}${g.service ? ` · ${g.service}` : ""}`;

/**
 * Why a port is ranked where it is. Neutral badges: the severity colours belong to severities alone, and the risk of
 * a port is not one.
 */
function Risk({ group: g }: { group: Group }) {
  return (
    <span className="flex flex-wrap gap-1.5" data-testid="port-risk">
      {g.unauthenticatedCount > 0 && (
        <Badge variant="outline" className="border-foreground">
          No authentication on {plural(g.unauthenticatedCount, "asset")}
        </Badge>
      )}
      <Badge variant={g.dangerous ? "outline" : "secondary"} className="whitespace-normal">
        {label("portCategory", g.category)}
        {g.dangerous && " · should not face the internet"}
      </Badge>
    </span>
  );
}

export function PortsView() {
  const trpc = useTRPC();
  const state = useListState(FILTERS, SORTS, 25);
  const { port, projectId, assetId } = state.filters;
  // Paging one port's assets, the groups' query only names that port (for its title).
  const ports = useQuery(
    trpc.ports.list.queryOptions(
      port !== null ? { port } : { ...state.query, projectId: projectId ?? undefined, assetId: assetId ?? undefined },
    ),
  );
  const groups = ports.data?.items ?? [];
  const selected = groups.find((g) => g.port === port);
  const filtered = Boolean(state.q) || projectId !== null || assetId !== null;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Open ports"
        description={
          "Ports open on your assets, riskiest first: services that answered without a password, then ports that " +
          "should never face the internet (databases, remote desktop, file sharing, clear-text logins, " +
          "administration APIs), then by severity and how many assets."
        }
      />
      {port !== null ? (
        <PortAssets port={port} title={selected ? portName(selected) : String(port)} list={state} />
      ) : (
        <DataTable
          label="Open ports"
          search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Port, service or asset" />}
          activeFilters={[projectId, assetId].filter((v) => v !== null).length}
          filters={
            <div className="contents" data-testid="port-filters">
              <ProjectFilter value={projectId} onChange={(id) => state.setFilters({ projectId: id })} />
              {assetId !== null && (
                <Link href="/ports" className="self-end text-sm">
                  Only asset #{assetId} · show every asset
                </Link>
              )}
            </div>
          }
          columns={[
            {
              key: "port",
              header: "Port",
              sortable: true,
              render: (g) => <span className="font-medium whitespace-nowrap">{portName(g)}</span>,
            },
            { key: "risk", header: "Risk", sortable: true, render: (g) => <Risk group={g} /> },
            {
              key: "severity",
              header: "Issues",
              sortable: true,
              render: (g) => (
                <span className="flex flex-wrap gap-1">
                  {SEVERITIES.filter((s) => g.severityCounts[s] > 0).map((s) => (
                    <SeverityBadge key={s} severity={s} label={`${g.severityCounts[s]} ${s}`} />
                  ))}
                </span>
              ),
            },
            {
              key: "assetCount",
              header: "Assets",
              sortable: true,
              render: (g) => (
                <span className="flex flex-col gap-0.5 text-sm">
                  {g.assets.slice(0, 3).map((a) => (
                    <Link key={a.issueId} href={`/assets/${a.assetId}`} className="break-all">
                      {a.value}
                    </Link>
                  ))}
                  <Link href={`/ports?port=${g.port}`} data-testid="port-all-assets">
                    {g.assetCount > 3 ? `All ${plural(g.assetCount, "asset")}` : "Details"}
                  </Link>
                </span>
              ),
            },
          ]}
          rows={groups}
          rowKey={(g) => g.port}
          total={ports.data?.total ?? 0}
          {...state.table}
          loading={ports.isLoading}
          empty={
            <EmptyState
              title={filtered ? "No open port matches" : "No open ports"}
              description={
                filtered ? (
                  "Nothing matches the current search and filters."
                ) : (
                  <ScanFirst lead="Scans list the ports they find open here" />
                )
              }
            />
          }
        />
      )}
    </div>
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
  list: ReturnType<typeof useListState<typeof FILTERS, (typeof SORTS)[number]>>;
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
          {
            key: "unauthenticated",
            header: "Authentication",
            render: (a) => (a.unauthenticated ? <Badge variant="outline">None asked</Badge> : "—"),
          },
          { key: "issue", header: "Issue", render: (a) => <Link href={`/issues/${a.issueId}`}>#{a.issueId}</Link> },
          { key: "status", header: "Status", render: (a) => label("issueStatus", a.status) },
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
