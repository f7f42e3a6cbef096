"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, EmptyState, PageHeader, RelativeTime, SeverityBadge, Skeleton, plural } from "@ems/ui";
import { errorMessage, useTRPC } from "@/trpc/client";

/** One problem: its open issues grouped by exposure, the names that reach the same address and port together. */
export function ProblemView({ kind }: { kind: string }) {
  const trpc = useTRPC();
  const problem = useQuery(trpc.problems.get.queryOptions({ kind }));
  if (problem.error)
    return (
      <EmptyState
        title="No open issue of this problem"
        description={<Link href="/issues">{errorMessage(problem.error)} · back to the problems</Link>}
      />
    );
  const p = problem.data;
  if (!p) return <Skeleton className="h-8 w-72" aria-label="Loading the problem" />;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={p.title}
        description={
          `${plural(p.assets, "asset")}, ${plural(p.exposures, "exposure")}; ` +
          `first seen ${p.firstSeenAt.toISOString().slice(0, 10)}`
        }
      />
      <div className="flex items-center gap-2 text-sm">
        <SeverityBadge severity={p.severity} /> <code className="text-xs">{p.kind}</code>
      </div>
      {p.exposureList.map((e, i) => (
        <Card
          key={i}
          title={e.address ? `${e.address}${e.port === null ? "" : `:${e.port}`}` : "Address not known"}
          data-testid="problem-exposure"
        >
          {e.issues.length > 1 && (
            <p className="text-sm text-muted-foreground">One exposure, seen as {plural(e.issues.length, "name")}.</p>
          )}
          <ul className="flex flex-col gap-1">
            {e.issues.map((issue) => (
              <li key={issue.id} className="flex flex-wrap items-center gap-2 text-sm">
                <SeverityBadge severity={issue.severity} />
                <Link href={`/issues/${issue.id}`}>{issue.asset.value}</Link>
                <span className="text-muted-foreground">
                  first seen <RelativeTime date={issue.firstSeenAt} />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}
