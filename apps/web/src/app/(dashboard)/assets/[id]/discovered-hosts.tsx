"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Card, DataTable, StatusPill } from "@ems/ui";
import { formatDate } from "@/components/use-me";
import { useTRPC } from "@/trpc/client";
import { HOST_TONE, hostAnswer } from "../../discovery/host-answer";
import { label } from "@/components/labels";

const LIMIT = 20;

/** A domain asset's discovered hosts (those found under its value), linking to the Discovery page. */
export function DiscoveredHosts({ domain }: { domain: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.discovery.hosts.queryOptions({ domain, page, limit: LIMIT }));
  return (
    <Card
      title="Discovered hosts"
      description="Hostnames found under this domain by discovery."
      actions={<Link href={`/discovery?domain=${encodeURIComponent(domain)}`}>Open in Discovery</Link>}
      data-testid="asset-discovered-hosts"
    >
      <DataTable
        label="Discovered hosts of this domain"
        columns={[
          { key: "host", header: "Host" },
          { key: "answer", header: "Points at", render: (h) => hostAnswer(h) },
          {
            key: "sources",
            header: "Sources",
            render: (h) => h.sources.map((s) => label("discoverySource", s)).join(", "),
          },
          {
            key: "status",
            header: "Status",
            card: "badge",
            render: (h) => <StatusPill status={label("hostStatus", h.status)} tone={HOST_TONE[h.status]} />,
          },
          { key: "lastSeenAt", header: "Last seen", render: (h) => formatDate(h.lastSeenAt) },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(h) => h.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={LIMIT}
        onPageChange={setPage}
        loading={list.isLoading}
        empty="Nothing discovered under this domain yet: run discovery from the Discovery page."
      />
    </Card>
  );
}
