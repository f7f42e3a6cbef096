"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";
import type { RouterInputs } from "@ems/core";
import { DataTable, EmptyState, Field, PageHeader, RelativeTime, SeverityBadge } from "@ems/ui";
import { Evidence } from "@/components/evidence";
import { label } from "@/components/labels";
import { useListState } from "@/components/list-state";
import { SearchBox } from "@/components/search-box";
import { useTRPC } from "@/trpc/client";
import { ProjectFilter } from "@/components/project-filter";
import { ScanFirst } from "@/components/scan-first";
import { LabelOptions } from "@/components/options";

type Input = RouterInputs["findings"]["list"];
const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const satisfies Input["severity"][];
const SCANNERS = ["port-scan", "tls", "http", "dns", "technologies", "templates", "nuclei"] as const;
const SORTS = ["createdAt", "severity", "title"] as const satisfies NonNullable<Input["sort"]>[];
// Every filter the API has; dates are days (YYYY-MM-DD), as the date inputs give them.
const FILTERS = {
  projectId: parseAsInteger,
  scanId: parseAsInteger,
  severity: parseAsStringLiteral(SEVERITIES),
  scanner: parseAsStringLiteral(SCANNERS),
  kind: parseAsString,
  from: parseAsString,
  to: parseAsString,
};

export function FindingsView() {
  const trpc = useTRPC();
  const state = useListState(FILTERS, SORTS);
  const f = state.filters;
  const input: Input = {
    ...state.query,
    projectId: f.projectId ?? undefined,
    scanId: f.scanId ?? undefined,
    severity: f.severity ?? undefined,
    scanner: f.scanner ?? undefined,
    kind: f.kind ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
  };
  const filtered = Boolean(state.q) || Object.values(f).some((v) => v !== null);
  const list = useQuery(trpc.findings.list.queryOptions(input));
  const text = (k: "kind" | "from" | "to") => (e: { target: { value: string } }) =>
    state.setFilters({ [k]: e.target.value.trim() || null });
  const id = (v: string) => (/^\d+$/.test(v) ? Number(v) : null);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Findings" description="Everything the scanners found, with its evidence, newest first." />
      <DataTable
        label="Findings"
        search={<SearchBox value={state.q} onSearch={state.setSearch} placeholder="Title or asset" />}
        activeFilters={Object.values(f).filter((v) => v !== null).length}
        filters={
          <div className="contents" data-testid="finding-filters">
            <ProjectFilter value={f.projectId} onChange={(id) => state.setFilters({ projectId: id })} />
            <Field label="Severity">
              <select
                value={f.severity ?? ""}
                onChange={(e) =>
                  state.setFilters({ severity: (e.target.value || null) as (typeof SEVERITIES)[number] })
                }
                data-testid="filter-severity"
              >
                <option value="">Any</option>
                <LabelOptions kind="severity" />
              </select>
            </Field>
            <Field label="Scanner">
              <select
                value={f.scanner ?? ""}
                onChange={(e) => state.setFilters({ scanner: (e.target.value || null) as (typeof SCANNERS)[number] })}
              >
                <option value="">Any</option>
                {SCANNERS.map((s) => (
                  <option key={s} value={s}>
                    {label("scanner", s)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Kind">
              <input
                defaultValue={f.kind ?? ""}
                key={f.kind ?? ""}
                onBlur={text("kind")}
                onKeyDown={(e) => e.key === "Enter" && text("kind")({ target: e.currentTarget })}
                placeholder="e.g. tls.expired"
                className="w-44"
              />
            </Field>
            <Field label="Scan">
              <input
                inputMode="numeric"
                defaultValue={f.scanId ?? ""}
                key={f.scanId ?? ""}
                onBlur={(e) => state.setFilters({ scanId: id(e.target.value.trim()) })}
                placeholder="#"
                className="w-20"
              />
            </Field>
            <Field label="Found from">
              <input type="date" value={f.from ?? ""} onChange={text("from")} />
            </Field>
            <Field label="until">
              <input type="date" value={f.to ?? ""} onChange={text("to")} />
            </Field>
          </div>
        }
        columns={[
          {
            key: "severity",
            header: "Severity",
            sortable: true,
            card: "badge",
            render: (r) => <SeverityBadge severity={r.severity} />,
          },
          {
            key: "title",
            header: "Finding",
            sortable: true,
            render: (r) => (r.issueId ? <Link href={`/issues/${r.issueId}`}>{r.title}</Link> : r.title),
          },
          {
            key: "asset",
            header: "Asset",
            render: (r) => (
              <Link href={`/assets/${r.asset.id}`} className="wrap-break-word">
                {r.asset.value}
              </Link>
            ),
          },
          { key: "scan", header: "Scan", render: (r) => <Link href={`/scans/${r.scanId}`}>#{r.scanId}</Link> },
          { key: "evidence", header: "Evidence", render: (r) => <Evidence finding={r} /> },
          { key: "createdAt", header: "Found", sortable: true, render: (r) => <RelativeTime date={r.createdAt} /> },
        ]}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        total={list.data?.total ?? 0}
        {...state.table}
        loading={list.isLoading}
        empty={
          <EmptyState
            title={filtered ? "No finding matches" : "No findings yet"}
            description={
              filtered ? "Nothing matches the current filters." : <ScanFirst lead="Scans list what they find here" />
            }
          />
        }
      />
    </div>
  );
}
