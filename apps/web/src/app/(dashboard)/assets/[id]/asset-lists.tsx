"use client";
// The asset hub's paged lists: its open issues, its scans and its open ports.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/intent-link";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { DataTable, EmptyState, RelativeTime, SeverityBadge, StatusPill } from "@ems/ui";
import { label } from "@/components/labels";
import { ISSUE_TONE, Progress, SCAN_TONE } from "@/components/progress";
import { useTRPC } from "@/trpc/client";
import { ASSET_LIST_LIMIT, assetIssuesInput } from "./asset-issues-input";

const LIMIT = ASSET_LIST_LIMIT;

type Asset = Pick<
  RouterOutputs["assets"]["get"],
  "id" | "ownershipVerifiedAt" | "activeScan" | "lastCompletedScan" | "portScanMode" | "disabledScannerTypes"
>;

/**
 * What an empty list means on an asset that no scan has finished: nothing is known yet (not "nothing found"), and
 * what to do next. Null once a scan ran to the end: the list's own empty state is then the truth.
 */
function notScannedYet(a: Asset, what: string) {
  if (a.lastCompletedScan) return null;
  if (a.activeScan)
    return <EmptyState title="The first scan is running" description={`Its ${what} show here when it ends.`} />;
  return (
    <EmptyState
      title="Not scanned yet"
      description={
        a.ownershipVerifiedAt
          ? `Start a scan (the button at the top of the page) to look for ${what}.`
          : `Prove that you own this asset (the Ownership card above), then start a scan to look for ${what}.`
      }
      data-testid="not-scanned"
    />
  );
}

export function AssetIssues({ asset, open }: { asset: Asset; open: number }) {
  const id = asset.id;
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  // The list shows them most severe first.
  const list = useQuery(trpc.issues.list.queryOptions(assetIssuesInput(id, page)));
  return (
    <DataTable
      label="Open issues"
      data-testid="asset-issues"
      columns={[
        { key: "severity", header: "Severity", card: "badge", render: (i) => <SeverityBadge severity={i.severity} /> },
        { key: "title", header: "Issue", render: (i) => <Link href={`/issues/${i.id}`}>{i.title}</Link> },
        {
          key: "status",
          header: "Status",
          card: "badge",
          render: (i) => <StatusPill status={label("issueStatus", i.status)} tone={ISSUE_TONE[i.status]} />,
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
      empty={
        notScannedYet(asset, "issues") ?? (
          <EmptyState
            title="No open issues"
            description={
              <>
                The last scan (<RelativeTime date={asset.lastCompletedScan!.finishedAt} />) found nothing open.
              </>
            }
          />
        )
      }
    />
  );
}

export function AssetScans({ asset }: { asset: Asset }) {
  const id = asset.id;
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
              <Progress value={s.progress} label={label(s.stage ? "scanStage" : "scanStatus", s.stage ?? s.status)} />
            ) : (
              <StatusPill status={label("scanStatus", s.status)} tone={SCAN_TONE[s.status]} />
            ),
        },
        { key: "findingsCount", header: "Findings", align: "right" },
        {
          key: "trigger",
          header: "Started by",
          render: (s) => {
            const who = s.createdBy?.email ?? "The API";
            return s.trigger === "schedule" ? "A schedule" : s.trigger === "retest" ? `${who} (retest)` : who;
          },
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
      empty={
        <EmptyState
          title="Not scanned yet"
          description={
            asset.ownershipVerifiedAt
              ? "Start one with the button at the top of the page, or add a schedule below."
              : "Prove that you own this asset (the Ownership card above), then start a scan."
          }
        />
      }
    />
  );
}

export function AssetPorts({ asset }: { asset: Asset }) {
  const id = asset.id;
  const portScanOff = asset.portScanMode === "off" || asset.disabledScannerTypes.includes("port-scan");
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
                <SeverityBadge severity={p.issue.severity} /> {label("issueStatus", p.issue.status)}
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
      empty={
        portScanOff ? (
          <EmptyState
            title="Port scanning is off"
            description="This asset's scan profile (below) does not scan ports: choose a port range to look for them."
          />
        ) : (
          (notScannedYet(asset, "open ports") ?? (
            <EmptyState title="No open ports" description="The last port scan found none." />
          ))
        )
      }
    />
  );
}
