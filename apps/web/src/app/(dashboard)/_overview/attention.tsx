"use client";
// What needs the lead now (docs/api.md, Overview): SLA breaches and issues at risk, and the top problems by priority,
// each the first five by priority with a link to the whole list.
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { Card, EmptyState, SeverityBadge, Skeleton, plural } from "@ems/ui";
import { PriorityBadge, TimeLeft } from "@/components/issue-sla";

type Overview = RouterOutputs["overview"]["get"];
type UrgentIssue = Overview["topProblems"][number];

const problemHref = (kind: string) => `/problems/${encodeURIComponent(kind)}`;

function IssueRows({ items, testId, deadline }: { items: UrgentIssue[]; testId: string; deadline?: boolean }) {
  return (
    <ul className="flex flex-col divide-y text-sm" data-testid={testId}>
      {items.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center gap-2 py-2" data-testid={`${testId}-item`}>
          <PriorityBadge priority={i.priority} />
          <SeverityBadge severity={i.severity} />
          <span className="min-w-0 flex-1 break-words">
            <Link href={deadline ? `/issues/${i.id}` : problemHref(i.kind)}>{i.title}</Link> on{" "}
            <Link href={`/assets/${i.asset.id}`}>{i.asset.name ?? i.asset.value}</Link>
          </span>
          {deadline && i.dueAt && (
            <span className="text-muted-foreground">
              <TimeLeft dueAt={i.dueAt} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** SLA breaches and issues at risk now. */
export function SlaNow({ sla, scope }: { sla: Overview["sla"] | undefined; scope: string }) {
  return (
    <Card
      title="SLA"
      description="Unresolved issues past their deadline, and those with under 20 % of their time left."
    >
      {!sla ? (
        <Skeleton className="h-32 w-full" />
      ) : sla.breached.total + sla.atRisk.total === 0 ? (
        <EmptyState title="Every issue is within its SLA" description="Breaches and issues at risk show here." />
      ) : (
        <div className="flex flex-col gap-3">
          <Link href={`/issues?view=list&slaStatus=breached&sort=priority${scope}`} data-testid="sla-breached">
            <span className="font-medium">{plural(sla.breached.total, "breach", "breaches")}</span>
          </Link>
          <IssueRows items={sla.breached.items} testId="sla-breached-items" deadline />
          <Link href={`/issues?view=list&slaStatus=at_risk&sort=priority${scope}`} data-testid="sla-at-risk">
            <span className="font-medium">{plural(sla.atRisk.total, "issue")} at risk</span>
          </Link>
          <IssueRows items={sla.atRisk.items} testId="sla-at-risk-items" deadline />
        </div>
      )}
    </Card>
  );
}

/** The top problems by priority. */
export function TopProblems({ problems }: { problems: UrgentIssue[] | undefined }) {
  return (
    <Card title="Top problems" description="The most urgent problems by priority (info left out).">
      {!problems ? (
        <Skeleton className="h-32 w-full" />
      ) : problems.length === 0 ? (
        <EmptyState title="No open problems" description="Problems found by scans show here, most urgent first." />
      ) : (
        <IssueRows items={problems} testId="top-problems" />
      )}
    </Card>
  );
}
