"use client";
// What is new and serious since the person's last visit, or since yesterday (docs/api.md, Overview). Opening the page
// marks the visit, so the next one (after 30 minutes away) counts from here.
import { useMutation } from "@tanstack/react-query";
import { Link } from "@/components/intent-link";
import { useEffect } from "react";
import type { RouterOutputs } from "@ems/core";
import {
  Card,
  EmptyState,
  RelativeTime,
  SeverityBadge,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  plural,
} from "@ems/ui";
import { useTRPC } from "@/trpc/client";

type Windows = RouterOutputs["overview"]["get"]["since"];
type Window = Windows["yesterday"];

function Tile(props: { label: string; value: number; detail?: string; href: string; testId: string }) {
  return (
    <Link
      href={props.href}
      data-testid={props.testId}
      className="rounded-lg border p-3 transition-colors hover:bg-muted focus-visible:ring-2"
    >
      <span className="block text-sm text-muted-foreground">{props.label}</span>
      <span className="block text-2xl font-semibold tabular-nums" data-testid="count">
        {props.value}
      </span>
      {props.detail && <span className="block text-xs text-muted-foreground">{props.detail}</span>}
    </Link>
  );
}

type Serious = Window["newIssues"];
const total = (c: Serious) => c.critical + c.high;

/** Critical and high issues of a window, counted, leading to the flat list newest first. */
function SeriousTile(props: { testId: string; label: string; counts: Serious; sort: "firstSeenAt" | "lastSeenAt" }) {
  return (
    <Tile
      testId={props.testId}
      label={props.label}
      value={total(props.counts)}
      detail={`${props.counts.critical} critical · ${props.counts.high} high`}
      href={`/issues?view=list&status=unresolved&sort=${props.sort}&order=desc`}
    />
  );
}

function WindowView({ w }: { w: Window }) {
  const nothing =
    total(w.newIssues) + total(w.reopenedIssues) + w.slaBreaches.total + w.newHosts.total + w.newPorts.total === 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <SeriousTile
          testId="since-new-issues"
          label="New critical and high issues"
          counts={w.newIssues}
          sort="firstSeenAt"
        />
        <SeriousTile
          testId="since-reopened"
          label="Reopened critical and high"
          counts={w.reopenedIssues}
          sort="lastSeenAt"
        />
        <Tile
          testId="since-breaches"
          label="SLA breaches"
          value={w.slaBreaches.total}
          href="/issues?view=list&slaStatus=breached&sort=priority"
        />
        <Tile testId="since-hosts" label="New hosts discovered" value={w.newHosts.total} href="/discovery" />
        <Tile testId="since-ports" label="Newly opened ports" value={w.newPorts.total} href="/ports" />
      </div>
      {nothing ? (
        <EmptyState
          title="Nothing new and serious"
          description="No critical or high issue, SLA breach, host or port appeared."
        />
      ) : (
        <ul className="flex flex-col divide-y text-sm" data-testid="since-items">
          {w.issues.map((i) => (
            <li key={`i${i.issue.id}${i.change}`} className="flex flex-wrap items-center gap-2 py-2">
              <SeverityBadge severity={i.issue.severity} />
              <span className="min-w-0 flex-1 break-words">
                {i.change === "reopened" ? "Reopened: " : ""}
                <Link href={`/issues/${i.issue.id}`}>{i.issue.title}</Link> on{" "}
                <Link href={`/assets/${i.asset.id}`}>{i.asset.name ?? i.asset.value}</Link>
              </span>
              <RelativeTime date={i.at} className="text-muted-foreground" />
            </li>
          ))}
          {w.newHosts.items.map((h) => (
            <li key={`h${h.id}`} className="flex flex-wrap items-center gap-2 py-2">
              <span className="min-w-0 flex-1 break-words">
                New host {h.assetId ? <Link href={`/assets/${h.assetId}`}>{h.host}</Link> : h.host} under {h.domain}
              </span>
              <RelativeTime date={h.firstSeenAt} className="text-muted-foreground" />
            </li>
          ))}
          {w.newPorts.items.map((p) => (
            <li key={`p${p.asset.id}-${p.port.port}-${p.port.protocol}`} className="flex flex-wrap gap-2 py-2">
              <span className="min-w-0 flex-1 break-words">
                Port {p.port.port}/{p.port.protocol}
                {p.port.service ? ` (${p.port.service})` : ""} opened on{" "}
                <Link href={`/assets/${p.asset.id}`}>{p.asset.name ?? p.asset.value}</Link>
              </span>
              <RelativeTime date={p.at} className="text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const hoursSince = (d: Date) => Math.max(1, Math.round((Date.now() - d.getTime()) / 3_600_000));

/** The "what is new" card: since the last visit when there was one, else since yesterday. */
export function Since({ since }: { since: Windows | undefined }) {
  const trpc = useTRPC();
  const { mutate: markSeen } = useMutation(trpc.overview.seen.mutationOptions());
  useEffect(() => markSeen({}), [markSeen]);
  if (!since)
    return (
      <Card title="What is new">
        <Skeleton className="h-32 w-full" />
      </Card>
    );
  const last = since.lastVisit;
  return (
    <Card
      title="What is new"
      description={
        last
          ? `Since your last visit (${plural(hoursSince(last.from), "hour")} ago) and in the last 24 hours. ` +
            "Info items are not counted."
          : "In the last 24 hours. Info items are not counted."
      }
      data-testid="overview-since"
    >
      <Tabs defaultValue={last ? "last-visit" : "yesterday"}>
        <TabsList>
          {last && <TabsTrigger value="last-visit">Since your last visit</TabsTrigger>}
          <TabsTrigger value="yesterday">Since yesterday</TabsTrigger>
        </TabsList>
        {last && (
          <TabsContent value="last-visit">
            <WindowView w={last} />
          </TabsContent>
        )}
        <TabsContent value="yesterday">
          <WindowView w={since.yesterday} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
