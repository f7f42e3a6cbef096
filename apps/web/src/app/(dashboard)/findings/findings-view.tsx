"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { RouterInputs } from "@ems/core";
import { DataTable, Field, PageHeader, SeverityBadge } from "@ems/ui";
import { Evidence } from "@/components/evidence";
import { formatDate } from "@/components/use-me";
import { useTRPC } from "@/trpc/client";

type Severity = RouterInputs["findings"]["list"]["severity"];
const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const satisfies Severity[];

export function FindingsView() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [severity, setSeverity] = useState<Severity>();
  const list = useQuery(trpc.findings.list.queryOptions({ page, limit: 50, severity }));
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Findings" description="Everything the scanners found, with its evidence, newest first." />
      <DataTable
        label="Findings"
        toolbar={
          <Field label="Severity">
            <select
              value={severity ?? ""}
              onChange={(e) => (setSeverity((e.target.value || undefined) as Severity), setPage(1))}
            >
              <option value="">Any</option>
              {SEVERITIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
        }
        columns={[
          { key: "severity", header: "Severity", render: (f) => <SeverityBadge severity={f.severity} /> },
          {
            key: "title",
            header: "Finding",
            render: (f) => (f.issueId ? <Link href={`/issues/${f.issueId}`}>{f.title}</Link> : f.title),
          },
          { key: "asset", header: "Asset", render: (f) => f.asset.value },
          { key: "scan", header: "Scan", render: (f) => <Link href={`/scans/${f.scanId}`}>#{f.scanId}</Link> },
          { key: "evidence", header: "Evidence", render: (f) => <Evidence evidence={f.evidence} /> },
          { key: "createdAt", header: "Found", render: (f) => formatDate(f.createdAt) },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(f) => f.id}
        total={list.data?.total ?? 0}
        page={page}
        limit={50}
        onPageChange={setPage}
        loading={list.isLoading}
      />
    </div>
  );
}
