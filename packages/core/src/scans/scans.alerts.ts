// What a finished or failed scan tells webhook endpoints: one event per issue
// created, reopened or resolved and per newly open port, plus one
// scan.completed carrying them all; nothing when nothing changed.
import type { Asset, Issue } from "@ems/db";
import type { AssetInfo, IssueInfo, WebhookEvent } from "../webhooks/webhooks.events.ts";

export interface ScanChanges {
  opened: Issue[];
  reopened: Issue[];
  resolved: Issue[];
  newPorts: { port: number; protocol: string; service: string | null }[];
}

export const assetInfo = (a: Pick<Asset, "id" | "value" | "name">): AssetInfo => ({
  id: a.id,
  value: a.value,
  name: a.name,
});

const issueInfo = (i: Issue): IssueInfo => ({
  id: i.id,
  title: i.title,
  severity: i.severity,
  kind: i.kind,
  port: i.port,
});

export function scanChangeEvents(
  asset: Pick<Asset, "id" | "value" | "name">,
  scan: { id: number; trigger: "manual" | "schedule" | "retest"; finishedAt: Date },
  changes: ScanChanges,
): WebhookEvent[] {
  const a = assetInfo(asset);
  const scanId = scan.id;
  const issueEvents = (type: "issue.created" | "issue.reopened" | "issue.resolved", issues: Issue[]) =>
    issues.map((i): WebhookEvent => ({ type, asset: a, issue: issueInfo(i), scanId }));
  const events: WebhookEvent[] = [
    ...issueEvents("issue.created", changes.opened),
    ...issueEvents("issue.reopened", changes.reopened),
    ...issueEvents("issue.resolved", changes.resolved),
    ...changes.newPorts.map((port): WebhookEvent => ({ type: "port.opened", asset: a, port, scanId })),
  ];
  if (!events.length) return [];
  events.push({
    type: "scan.completed",
    asset: a,
    scan,
    changes: {
      newIssues: changes.opened.map(issueInfo),
      reopenedIssues: changes.reopened.map(issueInfo),
      resolvedIssues: changes.resolved.map(issueInfo),
      newPorts: changes.newPorts,
    },
  });
  return events;
}
