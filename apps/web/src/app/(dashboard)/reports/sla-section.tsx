"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { RouterInputs } from "@ems/core";
import {
  Card,
  SeverityBadge,
  severityLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@ems/ui";
import { BarChart } from "@/components/charts";
import { PriorityBadge } from "@/components/issue-sla";
import { useTRPC } from "@/trpc/client";

/** The SLA report for the page's period and filters: per severity, the breach rate over time, the oldest breaches. */
export function SlaSection({ filters }: { filters: RouterInputs["reports"]["sla"] }) {
  const trpc = useTRPC();
  const sla = useQuery(trpc.reports.sla.queryOptions(filters));
  const r = sla.data;
  if (!r) return null;
  const { critical, high, medium, low } = r.policy;
  const deadlines = `critical ${critical} d, high ${high} d, medium ${medium} d, low ${low} d`;
  return (
    <Card
      title="SLA"
      description={
        <>
          Deadlines: {deadlines} (projects may have their own; <Link href="/settings/sla">change</Link>). At risk: under
          20 % of its time left, as on the issues.
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Table data-testid="sla-table">
          <TableHeader>
            <TableRow>
              <TableHead>Severity</TableHead>
              <TableHead>Open</TableHead>
              <TableHead>Within SLA</TableHead>
              <TableHead>At risk</TableHead>
              <TableHead>Breached</TableHead>
              <TableHead>Resolved in period</TableHead>
              <TableHead>Resolved late</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {r.bySeverity.map((s) => (
              <TableRow key={s.severity} data-testid={`sla-${s.severity}`}>
                <TableCell>{severityLabel(s.severity)}</TableCell>
                <TableCell>{s.open}</TableCell>
                <TableCell data-testid="sla-within">{s.withinSla}</TableCell>
                <TableCell data-testid="sla-at-risk">{s.atRisk}</TableCell>
                <TableCell data-testid="sla-breached">{s.breached}</TableCell>
                <TableCell>{s.resolvedInPeriod}</TableCell>
                <TableCell>{s.resolvedLate}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div>
          <h3 className="mb-1 text-sm font-medium text-muted-foreground">
            Breach rate per {r.breachRate.bucket} (% of deadlines missed)
          </h3>
          {r.breachRate.points.length ? (
            <BarChart
              title={`Breach rate per ${r.breachRate.bucket}`}
              orientation="vertical"
              max={100}
              formatValue={(v) => `${v}%`}
              data={r.breachRate.points.map((p) => ({ label: p.start.slice(5), value: Math.round(p.rate * 100) }))}
              data-testid="chart-breach-rate"
            />
          ) : (
            <p className="text-sm text-muted-foreground">No deadline fell in this period.</p>
          )}
        </div>
        <div>
          <h3 className="mb-1 text-sm font-medium text-muted-foreground">Oldest breaches</h3>
          {r.oldestBreaches.length ? (
            <Table data-testid="oldest-breaches">
              <TableHeader>
                <TableRow>
                  <TableHead>Issue</TableHead>
                  <TableHead>Priority</TableHead>
                  <TableHead>Severity</TableHead>
                  <TableHead>Asset</TableHead>
                  <TableHead>Days over</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {r.oldestBreaches.map((b) => (
                  <TableRow key={b.issueId}>
                    <TableCell>
                      <Link href={`/issues/${b.issueId}`}>{b.title}</Link>
                    </TableCell>
                    <TableCell>
                      <PriorityBadge priority={b.priority} />
                    </TableCell>
                    <TableCell>
                      <SeverityBadge severity={b.severity} />
                    </TableCell>
                    <TableCell>
                      <Link href={`/assets/${b.assetId}`}>{b.assetName ?? b.assetValue}</Link>
                    </TableCell>
                    <TableCell data-testid="days-over">{b.daysOver}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">No open issue is past its deadline.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
