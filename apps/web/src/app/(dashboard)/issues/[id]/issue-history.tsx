"use client";
// An issue's history in sentences ("Dana assigned this to Sam"), from GET /app/issues/{id}/history.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { RouterOutputs } from "@ems/core";
import { Card, RelativeTime, Skeleton } from "@ems/ui";
import { useTRPC } from "@/trpc/client";

type Event = RouterOutputs["issues"]["history"]["items"][number];

const STATUS_WORDS: Record<string, string> = {
  open: "open",
  "in-progress": "in progress",
  resolved: "resolved",
  dismissed: "dismissed",
};
const REASON_WORDS: Record<string, string> = {
  "false-positive": "a false positive",
  "accepted-risk": "an accepted risk",
  "mitigated-elsewhere": "mitigated elsewhere",
};
const word = (status: string | null) => (status ? (STATUS_WORDS[status] ?? status) : "nothing");

/** Who: a person's or key's name; the scanner and discovery by what they did. */
function who(e: Event) {
  if (e.actor.type === "system" && e.scanId) return <Link href={`/scans/${e.scanId}`}>Scan #{e.scanId}</Link>;
  if (e.actor.type === "system" && e.discoveryRunId) return `Discovery run #${e.discoveryRunId}`;
  if (e.actor.type === "api-key") return `The API key “${e.actor.name}”`;
  if (e.actor.type === "oauth-app") return `The app “${e.actor.name}”`;
  return e.actor.name;
}

/** The rest of the sentence after who acted. */
export function whatHappened(e: Event): string {
  switch (e.action) {
    case "issue.assign": {
      const { from, to } = e.assignee ?? { from: null, to: null };
      if (to && from) return `reassigned this from ${from.name} to ${to.name}`;
      if (to) return `assigned this to ${to.name}`;
      return from ? `unassigned ${from.name}` : "left this unassigned";
    }
    case "issue.status":
      return e.status?.to === "resolved"
        ? "marked this resolved"
        : `moved this from ${word(e.status?.from ?? null)} to ${word(e.status?.to ?? null)}`;
    case "issue.dismiss": {
      const reason = e.dismissal?.reason ? ` as ${REASON_WORDS[e.dismissal.reason] ?? e.dismissal.reason}` : "";
      const until = e.dismissal?.until ? ` until ${e.dismissal.until.slice(0, 10)}` : "";
      const note = e.dismissal?.note ? `: “${e.dismissal.note}”` : "";
      return `dismissed this${reason}${until}${note}`;
    }
    case "issue.reopen":
      return "saw this again and reopened it";
    case "issue.resolve":
      return "no longer saw this and resolved it";
    case "issue.retest":
      return `started a retest${e.scanId ? ` (scan #${e.scanId})` : ""}`;
    case "issue.verify":
      return "looked again and confirmed it gone: the resolution is verified";
    case "issue.comment":
      return "commented";
    case "issue.comment-edit":
      return "edited a comment";
    case "issue.comment-delete":
      return "deleted a comment";
    default:
      return `changed this (${e.action})`;
  }
}

export function IssueHistory({ id, firstSeenAt }: { id: number; firstSeenAt: Date }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.issues.history.queryOptions({ id, limit: 200 }));
  const items = history.data?.items;
  return (
    <Card title="History" data-testid="history">
      {!items ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <ol className="flex flex-col gap-1.5 text-sm">
          <li className="flex flex-wrap justify-between gap-2">
            <span>First seen by a scan.</span>
            <RelativeTime date={firstSeenAt} className="text-muted-foreground" />
          </li>
          {items.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-2" data-testid="history-event">
              <span>
                {who(e)} {whatHappened(e)}.
              </span>
              <RelativeTime date={e.at} className="text-muted-foreground" />
            </li>
          ))}
          {history.data && history.data.total > items.length && (
            <li className="text-muted-foreground">…and {history.data.total - items.length} more.</li>
          )}
        </ol>
      )}
    </Card>
  );
}
