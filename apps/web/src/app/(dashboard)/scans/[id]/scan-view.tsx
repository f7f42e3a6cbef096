"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Card, DataTable, PageHeader, RelativeTime, SeverityBadge, StatusPill } from "@ems/ui";
import { DetailState } from "@/components/detail-state";
import { Evidence } from "@/components/evidence";
import { label } from "@/components/labels";
import { Progress, SCAN_TONE } from "@/components/progress";
import { useTRPC } from "@/trpc/client";
import { ScanCaps } from "./scan-caps";
import { ScanComparison, SeveritySummary, StageTimes } from "./scan-comparison";

export function ScanView({ id }: { id: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const scan = useQuery({
    ...trpc.scans.get.queryOptions({ id }),
    refetchInterval: (q) => (q.state.data && ["queued", "running"].includes(q.state.data.status) ? 1500 : false),
  });
  const done = scan.data && !["queued", "running"].includes(scan.data.status);
  // Most severe first (the API's order for a scan's findings).
  const findings = useQuery({ ...trpc.scans.findings.queryOptions({ id, page, limit: 50 }), enabled: Boolean(done) });
  const comparison = useQuery({ ...trpc.scans.comparison.queryOptions({ id }), enabled: Boolean(done) });
  const s = scan.data;
  if (!s)
    return (
      <DetailState
        what="scan"
        id={id}
        list={{ href: "/scans", label: "All scans" }}
        error={scan.error}
        retry={() => void scan.refetch()}
      />
    );
  const c = comparison.data;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        eyebrow="Scan"
        title={`#${s.id} · ${s.asset.value}`}
        description={
          <>
            Started <RelativeTime date={s.startedAt ?? s.createdAt} />
            {s.finishedAt && (
              <>
                , finished <RelativeTime date={s.finishedAt} />
              </>
            )}
          </>
        }
      />
      <Card title="Progress" data-testid="scan-status">
        <div className="flex flex-wrap items-center gap-3">
          <StatusPill status={label("scanStatus", s.status)} tone={SCAN_TONE[s.status]} />
          <Progress value={s.progress} label={s.stage ? label("scanStage", s.stage) : undefined} />
          {s.error && <span className="text-sm wrap-break-word text-destructive-text">{s.error}</span>}
        </div>
        {s.retryReason && (
          <p className="text-sm text-muted-foreground" data-testid="scan-retry">
            Attempt {s.attempts} of {s.maxAttempts}: the previous one was abandoned because {s.retryReason}.
          </p>
        )}
        {c && c.stages.length > 0 && <StageTimes stages={c.stages} />}
        <Link href={`/assets/${s.asset.id}`}>Asset {s.asset.value}</Link>
      </Card>
      <ScanCaps scan={s} />
      {c && (
        <Card title="What this scan found" data-testid="scan-summary">
          <div className="flex flex-col gap-3">
            <SeveritySummary summary={c.summary} />
            <ScanComparison comparison={c} />
          </div>
        </Card>
      )}
      <DataTable
        label="Findings"
        columns={[
          {
            key: "severity",
            header: "Severity",
            card: "badge",
            render: (f) => <SeverityBadge severity={f.severity} />,
          },
          {
            key: "title",
            header: "Finding",
            render: (f) => (f.issueId ? <Link href={`/issues/${f.issueId}`}>{f.title}</Link> : f.title),
          },
          { key: "scanner", header: "Scanner", render: (f) => label("scanner", f.scanner) },
          { key: "evidence", header: "Evidence", render: (f) => <Evidence finding={f} /> },
        ]}
        rows={findings.data?.items ?? []}
        rowKey={(f) => f.id}
        total={findings.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={setPage}
        loading={!done || findings.isLoading}
      />
    </div>
  );
}
