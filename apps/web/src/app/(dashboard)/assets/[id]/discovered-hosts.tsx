"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Card, DataTable, toast } from "@ems/ui";
import { formatDate, useMe } from "@/components/use-me";
import { errorMessage, useTRPC } from "@/trpc/client";
import { hostAnswer } from "../../discovery/host-answer";
import { HostStatus } from "../../discovery/host-status";
import { label } from "@/components/labels";

const LIMIT = 20;

/**
 * A domain asset's discovered hosts (those found under its value), linking to the Discovery page and to the assets
 * they are, with the switch that adds new ones by themselves.
 */
export function DiscoveredHosts({ asset }: { asset: RouterOutputs["assets"]["get"] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { canWrite } = useMe();
  const domain = asset.value;
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.discovery.hosts.queryOptions({ domain, page, limit: LIMIT }));
  // Shown as asked at once; put back if the change is refused.
  const [autoAdd, setAutoAdd] = useState(asset.discoveryAutoAdd);
  const update = useMutation(
    trpc.assets.update.mutationOptions({
      onSuccess: (a) => (
        toast.success(a.discoveryAutoAdd ? "New hosts will be added as assets" : "New hosts will wait for you"),
        qc.invalidateQueries({ queryKey: trpc.assets.pathKey() })
      ),
      onError: (e) => (setAutoAdd(asset.discoveryAutoAdd), toast.error(errorMessage(e))),
    }),
  );
  return (
    <Card
      title="Discovered hosts"
      description="Hostnames found under this domain by discovery."
      actions={<Link href={`/discovery?domain=${encodeURIComponent(domain)}`}>Open in Discovery</Link>}
      data-testid="asset-discovered-hosts"
    >
      {canWrite && (
        <label className="mb-3 flex items-start gap-2">
          <input
            type="checkbox"
            checked={autoAdd}
            disabled={update.isPending}
            onChange={(e) => (
              setAutoAdd(e.target.checked),
              update.mutate({ id: asset.id, discoveryAutoAdd: e.target.checked })
            )}
            data-testid="discovery-auto-add"
          />
          <span>
            Add new hosts that discovery finds here as assets by themselves (within the plan&apos;s asset slots), so the
            project&apos;s schedules scan them.
          </span>
        </label>
      )}
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
            render: (h) => <HostStatus host={h} />,
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
