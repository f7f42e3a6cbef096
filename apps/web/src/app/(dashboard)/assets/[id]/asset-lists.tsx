"use client";
// The asset hub's paged lists: its open issues, its scans and its open ports.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { DataTable, EmptyState, RelativeTime, SeverityBadge, StatusPill } from "@ems/ui";
import { ISSUE_TONE, Progress, SCAN_TONE } from "@/components/progress";
import { useTRPC } from "@/trpc/client";

const LIMIT = 20;

export function AssetIssues({ id, open }: { id: number; open: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  // Open and in progress both count as open; the list shows them most severe first.
  const list = useQuery(trpc.issues.list.queryOptions({ assetId: id, status: "unresolved", page, limit: LIMIT }));
  return (
    <DataTable
      label="Open issues"
      data-testid="asset-issues"
      columns={[
        { key: "severity", header: "Severity", render: (i) => <SeverityBadge severity={i.severity} /> },
        { key: "title", header: "Issue", render: (i) => <Link href={`/issues/${i.id}`}>{i.title}</Link> },
        {
          key: "status",
          header: "Status",
          render: (i) => <StatusPill status={i.status} tone={ISSUE_TONE[i.status]} />,
        },
        { key: "lastSeenAt", header: "Last seen", render: (i) => <RelativeTime date={i.lastSeenAt} /> },
      ]}
      rows={list.data?.items ?? []}
      rowKey={(i) => i.id}
      total={list.data?.total ?? open}
      page={page}
      limit={LIMIT}
      onPageChange={setPage}
      loading={list.isLoading}
      empty={<EmptyState title="No open issues" description="Scans of this asset found nothing open." />}
    />
  );
}

export function AssetScans({ id }: { id: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.scans.list.queryOptions({ assetId: id, page, limit: LIMIT }),
    refetchInterval: (q) => (q.state.data?.items.some((s) => ["queued", "running"].includes(s.status)) ? 3000 : false),
  });
  return (
    <DataTable
      label="Scans"
      data-testid="asset-scans"
      columns={[
        { key: "id", header: "Scan", render: (s) => <Link href={`/scans/${s.id}`}>#{s.id}</Link> },
        {
          key: "status",
          header: "Status",
          render: (s) =>
            ["queued", "running"].includes(s.status) ? (
              <Progress value={s.progress} label={s.stage ?? s.status} />
            ) : (
              <StatusPill status={s.status} tone={SCAN_TONE[s.status]} />
            ),
        },
        { key: "findingsCount", header: "Findings", align: "right" },
        {
          key: "trigger",
          header: "Started by",
          render: (s) => (s.trigger === "schedule" ? "schedule" : (s.createdBy?.email ?? "API")),
        },
        { key: "createdAt", header: "When", render: (s) => <RelativeTime date={s.createdAt} /> },
      ]}
      rows={list.data?.items ?? []}
      rowKey={(s) => s.id}
      total={list.data?.total ?? 0}
      page={page}
      limit={LIMIT}
      onPageChange={setPage}
      loading={list.isLoading}
      empty={<EmptyState title="Never scanned" description="Start a scan once ownership is proven." />}
    />
  );
}

export function AssetPorts({ id }: { id: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.ports.ofAsset.queryOptions({ id, page, limit: LIMIT }));
  return (
    <DataTable
      label="Open ports"
      data-testid="asset-ports"
      columns={[
        { key: "port", header: "Port", render: (p) => `${p.port}/${p.protocol}` },
        { key: "service", header: "Service" },
        {
          key: "banner",
          header: "Banner",
          render: (p) => <span className="font-mono text-xs break-all">{p.banner ?? "—"}</span>,
        },
        {
          key: "issue",
          header: "Issue",
          render: (p) =>
            p.issue ? (
              <Link href={`/issues/${p.issue.id}`} className="inline-flex items-center gap-1">
                <SeverityBadge severity={p.issue.severity} /> {p.issue.status}
              </Link>
            ) : (
              "—"
            ),
        },
        { key: "firstSeenAt", header: "Open since", render: (p) => <RelativeTime date={p.firstSeenAt} /> },
      ]}
      rows={list.data?.items ?? []}
      rowKey={(p) => `${p.port}/${p.protocol}`}
      total={list.data?.total ?? 0}
      page={page}
      limit={LIMIT}
      onPageChange={setPage}
      loading={list.isLoading}
      empty={<EmptyState title="No open ports" description="The last port scan found none (or none has run)." />}
    />
  );
}
