"use client";
import { Link } from "@/components/intent-link";
import type { RouterOutputs } from "@ems/core";
import { Card, EmptyState, RelativeTime, SeverityBadge, Skeleton } from "@ems/ui";

type Change = RouterOutputs["overview"]["get"]["recentChanges"][number];

const VERB = { "issue.opened": "New", "issue.reopened": "Reopened", "issue.resolved": "Resolved" } as const;

function What({ c }: { c: Change }) {
  const asset = <Link href={`/assets/${c.asset.id}`}>{c.asset.name ?? c.asset.value}</Link>;
  if (c.port)
    return (
      <>
        Port {c.port.port}/{c.port.protocol}
        {c.port.service ? ` (${c.port.service})` : ""} open on {asset}
      </>
    );
  const issue = c.issue!;
  return (
    <>
      {VERB[c.type as keyof typeof VERB]}: <Link href={`/issues/${issue.id}`}>{issue.title}</Link> on {asset}
    </>
  );
}

/** Issues opened, reopened, resolved and ports newly open, newest first. */
export function RecentChanges({ changes }: { changes: Change[] | undefined }) {
  return (
    <Card title="Recent changes" data-testid="recent-changes">
      {!changes ? (
        <Skeleton className="h-32 w-full" />
      ) : changes.length === 0 ? (
        <EmptyState title="Nothing has changed yet" description="New, reopened and resolved issues show here." />
      ) : (
        <ul className="flex flex-col divide-y text-sm">
          {changes.map((c, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 py-2" data-testid="recent-change">
              {c.issue && <SeverityBadge severity={c.issue.severity} />}
              <span className="min-w-0 flex-1 break-words">
                <What c={c} />
              </span>
              <RelativeTime date={c.at} className="text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
