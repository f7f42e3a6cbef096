"use client";
// An issue's priority and SLA as the list and the issue page show them (docs/api.md, Priority and SLA): the band with
// its score and reasons, the SLA state with the deadline and the time left or overdue, in words.
import { useEffect, useState } from "react";
import type { RouterOutputs } from "@ems/core";
import { Badge, StatusPill, relativeTime } from "@ems/ui";
import { label } from "@/components/labels";
import { SLA_TONE } from "@/components/progress";

type Issue = RouterOutputs["issues"]["get"];

const BAND_VARIANT = { P1: "critical", P2: "high", P3: "medium", P4: "low" } as const;

export function PriorityBadge({
  priority,
}: {
  priority: Pick<Issue["priority"], "score" | "band"> & { reasons?: string[] };
}) {
  return (
    <Badge
      variant={BAND_VARIANT[priority.band]}
      title={`Score ${priority.score}${priority.reasons ? `: ${priority.reasons.join(" · ")}` : ""}`}
      data-testid="priority-badge"
    >
      {priority.band}
    </Badge>
  );
}

/** "due in 3 d", "overdue by 2 h": after mount (the server's and the browser's clocks differ), every minute. */
export function TimeLeft({ dueAt }: { dueAt: Date }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return null;
  const words = relativeTime(dueAt, now);
  return (
    <span data-testid="sla-time-left">
      {words.endsWith(" ago") ? `overdue by ${words.slice(0, -4)}` : words === "just now" ? "due now" : `due ${words}`}
    </span>
  );
}

/** The list's SLA cell: the state, and for an unresolved issue the time left or overdue. */
export function SlaCell({ issue }: { issue: Pick<Issue, "slaStatus" | "dueAt"> }) {
  if (!issue.slaStatus || !issue.dueAt) return <span className="text-muted-foreground">—</span>;
  const live = ["on_track", "at_risk", "breached"].includes(issue.slaStatus);
  return (
    <span className="flex flex-col gap-0.5" data-testid="sla-cell">
      <StatusPill status={label("slaStatus", issue.slaStatus)} tone={SLA_TONE[issue.slaStatus]} />
      {live && (
        <span className="text-muted-foreground text-xs">
          <TimeLeft dueAt={issue.dueAt} />
        </span>
      )}
    </span>
  );
}

/** The issue page's lines: the priority with its reasons, the SLA state with the deadline and the time left. */
export function IssuePrioritySla({ issue }: { issue: Issue }) {
  const p = issue.priority;
  return (
    <dl className="mb-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Priority</dt>
      <dd className="flex flex-wrap items-center gap-2" data-testid="issue-priority">
        <PriorityBadge priority={p} />
        <span>
          score {p.score}: {p.reasons.join(" · ")}
        </span>
      </dd>
      <dt className="text-muted-foreground">SLA</dt>
      <dd className="flex flex-wrap items-center gap-2" data-testid="issue-sla">
        {issue.slaStatus && issue.dueAt ? (
          <>
            <StatusPill status={label("slaStatus", issue.slaStatus)} tone={SLA_TONE[issue.slaStatus]} />
            <span>
              due <time dateTime={issue.dueAt.toISOString()}>{issue.dueAt.toISOString().slice(0, 10)}</time>
            </span>
            {["on_track", "at_risk", "breached"].includes(issue.slaStatus) && (
              <span className="text-muted-foreground">
                (<TimeLeft dueAt={issue.dueAt} />)
              </span>
            )}
          </>
        ) : (
          <span className="text-muted-foreground">No deadline (info)</span>
        )}
      </dd>
    </dl>
  );
}
