"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { RouterInputs, RouterOutputs } from "@ems/core";
import {
  Card,
  DataTable,
  Field,
  PageHeader,
  RelativeTime,
  SEVERITIES,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  SEVERITY_COLORS,
  buttonVariants,
  severityLabel,
} from "@ems/ui";
import { DonutChart, TrendChart } from "@/components/charts";
import { useTRPC } from "@/trpc/client";
import { ProjectFilter } from "@/components/project-filter";
import { SlaSection } from "./sla-section";

type Filters = RouterInputs["reports"]["summary"];
type Ranked = RouterOutputs["reports"]["vulnerableAssets"]["items"][number];
const PRESETS = [
  ["7d", "Last 7 days"],
  ["30d", "Last 30 days"],
  ["90d", "Last 90 days"],
  ["180d", "Last 180 days"],
  ["12m", "Last 12 months"],
] as const;
type Choice = (typeof PRESETS)[number][0] | "custom";

/** A figure with its label, found by test id. */
function Stat({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  return (
    <div className="rounded-lg border bg-card px-3.5 py-3">
      <div className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </div>
      <div className="text-sm text-muted-foreground">{label}</div>
    </div>
  );
}

const days = (n: number | null) => (n === null ? "—" : `${n} d`);

type Day = RouterOutputs["reports"]["summary"]["series"][number];
/** Days, or weeks beyond a month, summed: the trend chart's points. */
function buckets(series: Day[]) {
  const size = series.length > 31 ? 7 : 1;
  const out = [];
  for (let i = 0; i < series.length; i += size) {
    const chunk = series.slice(i, i + size);
    const sum = (value: (d: Day) => number) => chunk.reduce((n, d) => n + value(d), 0);
    out.push({ label: chunk[0]!.date.slice(5), opened: sum((d) => d.opened), resolved: sum((d) => d.resolved) });
  }
  return out;
}
const query = (f: object) =>
  new URLSearchParams(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== "")
      .map(([k, v]) => [k, String(v)]),
  );

export function ReportsView() {
  const trpc = useTRPC();
  const [choice, setChoice] = useState<Choice>("30d");
  const [range, setRange] = useState({ from: "", to: "" });
  const [projectId, setProjectId] = useState("");
  const [includeDismissed, setIncludeDismissed] = useState(false);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(25);
  const filters = useMemo<Filters>(
    () => ({
      ...(choice === "custom" ? { from: range.from || undefined, to: range.to || undefined } : { period: choice }),
      projectId: projectId || undefined,
      includeDismissed: includeDismissed ? "true" : "false",
    }),
    [choice, range, projectId, includeDismissed],
  );
  const summary = useQuery(trpc.reports.summary.queryOptions(filters));
  const assetFilters = { projectId: filters.projectId, includeDismissed: filters.includeDismissed };
  const ranked = useQuery(trpc.reports.vulnerableAssets.queryOptions({ ...assetFilters, page, limit }));
  const s = summary.data;
  const error = summary.error?.message;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Reports"
        description="How exposure changed over a period, the riskiest assets, and remediation against the SLA."
        actions={
          <span className="flex flex-wrap items-center gap-2">
            <a
              className={buttonVariants()}
              href={`/api/reports/summary/export?${query(filters)}`}
              data-testid="export-summary"
              download
            >
              Export series CSV
            </a>
            <a
              className={buttonVariants()}
              href={`/api/reports/vulnerable-assets/export?${query(assetFilters)}`}
              data-testid="export-assets"
              download
            >
              Export assets CSV
            </a>
          </span>
        }
      />
      <div className="flex flex-wrap items-end gap-3" data-testid="report-filters">
        <Field label="Period">
          <select
            value={choice}
            onChange={(e) => (setChoice(e.target.value as Choice), setPage(1))}
            data-testid="period"
          >
            {PRESETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
            <option value="custom">Custom range</option>
          </select>
        </Field>
        {choice === "custom" && (
          <>
            <Field label="From">
              <input
                type="date"
                value={range.from}
                onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
                data-testid="from"
              />
            </Field>
            <Field label="To">
              <input
                type="date"
                value={range.to}
                onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
                data-testid="to"
              />
            </Field>
          </>
        )}
        <ProjectFilter
          value={projectId ? Number(projectId) : null}
          onChange={(id) => (setProjectId(id === null ? "" : String(id)), setPage(1))}
          testId="project"
        />
        <label className="flex h-9 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={includeDismissed}
            onChange={(e) => setIncludeDismissed(e.target.checked)}
            data-testid="include-dismissed"
          />
          Include dismissed issues
        </label>
      </div>
      {error && (
        <p className="text-sm text-muted-foreground" data-testid="report-error">
          {error}
        </p>
      )}
      {s && (
        <>
          <p className="text-sm text-muted-foreground" data-testid="report-period">
            {s.period.from} to {s.period.to} ({s.period.days} days)
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(140px,1fr))]">
            <Stat label="Issues opened" value={s.issues.opened.total} testId="stat-opened" />
            <Stat label="Resolved" value={s.issues.resolved.total} testId="stat-resolved" />
            <Stat label="Reopened" value={s.issues.reopened.total} testId="stat-reopened" />
            <Stat label="Still open" value={s.issues.stillOpen.total} testId="stat-still-open" />
            <Stat label="Scans run" value={s.scans.run} testId="stat-scans" />
            <Stat label="Scans failed" value={s.scans.failed} testId="stat-scans-failed" />
            <Stat label="Assets added" value={s.assetsAdded} testId="stat-assets-added" />
          </div>
          <Card title={`Opened and resolved per ${s.series.length > 31 ? "week" : "day"}`}>
            <TrendChart
              title="Issues opened and resolved"
              data={buckets(s.series)}
              series={[
                { key: "opened", label: "Opened", color: "var(--severity-high)" },
                { key: "resolved", label: "Resolved", color: "var(--success)" },
              ]}
              data-testid="chart-trend"
            />
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Still open by severity">
              <DonutChart
                title="Open issues at the end of the period by severity"
                centerLabel={String(s.issues.stillOpen.total)}
                centerCaption="open"
                data={SEVERITIES.map((sev) => ({
                  label: severityLabel(sev),
                  value: s.issues.stillOpen[sev],
                  color: SEVERITY_COLORS[sev],
                }))}
                data-testid="chart-severity"
              />
            </Card>
            <Card title="Time to remediate">
              <Table data-testid="time-to-remediate">
                <TableHeader>
                  <TableRow>
                    <TableHead>Severity</TableHead>
                    <TableHead>Opened</TableHead>
                    <TableHead>Resolved</TableHead>
                    <TableHead>Mean</TableHead>
                    <TableHead>Median</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {s.timeToRemediate.map((t) => (
                    <TableRow key={t.severity} data-testid={`ttr-${t.severity}`}>
                      <TableCell>{severityLabel(t.severity)}</TableCell>
                      <TableCell>{s.issues.opened[t.severity]}</TableCell>
                      <TableCell>{t.resolved}</TableCell>
                      <TableCell>{days(t.meanDays)}</TableCell>
                      <TableCell>{days(t.medianDays)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          </div>
        </>
      )}
      <Card title="Most vulnerable assets" description="Ranked by risk score over what is open now.">
        <DataTable<Ranked>
          columns={[
            {
              key: "asset",
              header: "Asset",
              render: (a) => <Link href={`/assets/${a.assetId}`}>{a.name ? `${a.name} (${a.value})` : a.value}</Link>,
            },
            { key: "project", header: "Project", render: (a) => a.projectName },
            { key: "score", header: "Score", render: (a) => <strong data-testid="asset-score">{a.score}</strong> },
            {
              key: "counts",
              header: "Open (C/H/M/L)",
              render: (a) => `${a.critical} / ${a.high} / ${a.medium} / ${a.low}`,
            },
            {
              key: "priorities",
              header: "Open (P1/P2/P3/P4)",
              render: ({ priorities: p }) => (
                <span data-testid="asset-priorities">{`${p.P1} / ${p.P2} / ${p.P3} / ${p.P4}`}</span>
              ),
            },
            {
              key: "ports",
              header: "Exposed ports",
              render: (a) => (a.exposedPorts.length ? a.exposedPorts.join(", ") : "—"),
            },
            { key: "oldest", header: "Oldest open", render: (a) => <RelativeTime date={a.oldestOpenAt} /> },
          ]}
          rows={ranked.data?.items ?? []}
          rowKey={(a) => a.assetId}
          total={ranked.data?.total ?? 0}
          page={page}
          limit={limit}
          onPageChange={setPage}
          limitOptions={[25, 50, 100]}
          onLimitChange={(l) => (setLimit(l), setPage(1))}
          loading={ranked.isLoading}
        />
      </Card>
      <SlaSection filters={filters} />
    </div>
  );
}
