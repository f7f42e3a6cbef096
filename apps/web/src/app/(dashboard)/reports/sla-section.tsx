"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { RouterInputs } from "@ems/core";
import { BarChart, Card, SeverityBadge, severityLabel } from "@ems/ui";
import { useTRPC } from "@/trpc/client";

/** The SLA report for the page's period and filters: per severity, the breach rate over time, the oldest breaches. */
export function SlaSection({ filters }: { filters: RouterInputs["reports"]["sla"] }) {
  const trpc = useTRPC();
  const sla = useQuery(trpc.reports.sla.queryOptions(filters));
  const r = sla.data;
  if (!r) return null;
  return (
    <Card
      title="SLA"
      description={
        <>
          Deadlines: critical {r.policy.critical} d, high {r.policy.high} d, medium {r.policy.medium} d, low{" "}
          {r.policy.low} d (projects may have their own; <Link href="/settings/sla">change</Link>). At risk: due within{" "}
          {r.atRiskDays} days.
        </>
      }
    >
      <div className="stack">
        <table className="report-table" data-testid="sla-table">
          <thead>
            <tr>
              <th>Severity</th>
              <th>Open</th>
              <th>Within SLA</th>
              <th>At risk</th>
              <th>Breached</th>
              <th>Resolved in period</th>
              <th>Resolved late</th>
            </tr>
          </thead>
          <tbody>
            {r.bySeverity.map((s) => (
              <tr key={s.severity} data-testid={`sla-${s.severity}`}>
                <td>{severityLabel(s.severity)}</td>
                <td>{s.open}</td>
                <td data-testid="sla-within">{s.withinSla}</td>
                <td data-testid="sla-at-risk">{s.atRisk}</td>
                <td data-testid="sla-breached">{s.breached}</td>
                <td>{s.resolvedInPeriod}</td>
                <td>{s.resolvedLate}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div>
          <h3 className="muted">Breach rate per {r.breachRate.bucket} (% of deadlines missed)</h3>
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
            <p className="muted">No deadline fell in this period.</p>
          )}
        </div>
        <div>
          <h3 className="muted">Oldest breaches</h3>
          {r.oldestBreaches.length ? (
            <table className="report-table" data-testid="oldest-breaches">
              <thead>
                <tr>
                  <th>Issue</th>
                  <th>Severity</th>
                  <th>Asset</th>
                  <th>Days over</th>
                </tr>
              </thead>
              <tbody>
                {r.oldestBreaches.map((b) => (
                  <tr key={b.issueId}>
                    <td>
                      <Link href={`/issues/${b.issueId}`}>{b.title}</Link>
                    </td>
                    <td>
                      <SeverityBadge severity={b.severity} />
                    </td>
                    <td>
                      <Link href={`/assets/${b.assetId}`}>{b.assetName ?? b.assetValue}</Link>
                    </td>
                    <td data-testid="days-over">{b.daysOver}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">No open issue is past its deadline.</p>
          )}
        </div>
      </div>
    </Card>
  );
}
