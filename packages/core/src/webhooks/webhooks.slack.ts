// The Slack-compatible format: an incoming-webhook body (`text` for
// notifications, `blocks` for the message) made from the standard payload.
// The same one-line summaries name a digest's top items and head e-mails.
import type { z } from "zod";
import type { dataSchemas, WebhookEventType } from "./webhooks.payload.ts";

/** The standard payload, as far as this needs it (validated by the caller). */
export type Payload = { type: WebhookEventType; data: Record<string, unknown> };
type Ref = { url: string };

/** Slack's mrkdwn control characters (https://api.slack.com/reference/surfaces/formatting#escaping). */
const mrkdwn = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export type Digest = z.output<(typeof dataSchemas)["digest"]>;

/** "Hourly digest, 2026-11-29 13:00–14:00 UTC: 30 events (2 high, 28 info)". */
export function digestHeadline(d: Digest): string {
  const bySeverity = new Map<string, number>();
  for (const c of d.counts) if (c.severity) bySeverity.set(c.severity, (bySeverity.get(c.severity) ?? 0) + c.count);
  const severities = [...bySeverity].map(([severity, n]) => `${n} ${severity}`).join(", ");
  const day = d.period.start.slice(0, 10);
  const span =
    d.period.delivery === "hourly" ? ` ${d.period.start.slice(11, 16)}–${d.period.end.slice(11, 16)} UTC` : " (UTC)";
  const kind = d.period.delivery === "hourly" ? "Hourly" : "Daily";
  return `${kind} digest, ${day}${span}: ${plural(d.total, "event")}${severities ? ` (${severities})` : ""}`;
}

/** A one-line summary of a message and the dashboard page it links to; `esc` escapes the text taken from data. */
export function summary(p: Payload, esc: (s: string) => string = mrkdwn): { text: string; link: string } {
  const d = p.data as Record<string, unknown> & { asset?: { value: string } & Ref };
  const asset = d.asset ? esc(d.asset.value) : "";
  const issue = d.issue as { title: string; severity: string } & Ref;
  switch (p.type) {
    case "issue.created":
      return { text: `New ${issue.severity} issue on ${asset}: ${esc(issue.title)}`, link: issue.url };
    case "issue.reopened":
      return { text: `Reopened ${issue.severity} issue on ${asset}: ${esc(issue.title)}`, link: issue.url };
    case "issue.resolved":
      return { text: `Resolved on ${asset}: ${esc(issue.title)}`, link: issue.url };
    case "issue.sla_breached":
      return { text: `SLA breached for ${issue.severity} issue on ${asset}: ${esc(issue.title)}`, link: issue.url };
    case "port.opened": {
      const port = d.port as { port: number; protocol: string; service: string | null };
      const service = port.service ? ` (${esc(port.service)})` : "";
      return { text: `Port ${port.port}/${port.protocol}${service} open on ${asset}`, link: d.asset!.url };
    }
    case "scan.completed": {
      const c = d.changes as Record<"newIssues" | "reopenedIssues" | "resolvedIssues" | "newPorts", unknown[]>;
      const parts = [
        c.newIssues.length && `${plural(c.newIssues.length, "new issue")}`,
        c.reopenedIssues.length && `${c.reopenedIssues.length} reopened`,
        c.resolvedIssues.length && `${c.resolvedIssues.length} resolved`,
        c.newPorts.length && `${plural(c.newPorts.length, "new open port")}`,
      ].filter(Boolean);
      return { text: `Scan of ${asset} found changes: ${parts.join(", ")}`, link: (d.scan as Ref).url };
    }
    case "scan.failed": {
      const scan = d.scan as { error: string } & Ref;
      return { text: `Scan of ${asset} failed: ${esc(scan.error)}`, link: scan.url };
    }
    case "asset.unreachable":
      return { text: `${asset} is unreachable: ${esc(d.reason as string)}`, link: d.asset!.url };
    case "discovery.hosts_found": {
      const hosts = d.newHosts as { total: number; names: string[] };
      const shown = hosts.names.slice(0, 5).map(esc).join(", ");
      const more = hosts.total > 5 ? ` and ${hosts.total - 5} more` : "";
      const capped = d.capped as { limit: number; dropped: number } | null | undefined;
      const held = capped
        ? ` (the run stopped at its limit of ${capped.limit} hosts: ${capped.dropped} more not looked at)`
        : "";
      const text = `Discovery found ${plural(hosts.total, "new host")} under ${asset}: ${shown}${more}${held}`;
      return { text, link: (d.run as Ref).url };
    }
    case "discovery.host_found":
      return { text: `New host found for ${asset}: ${esc(d.hostname as string)}`, link: d.asset!.url };
    case "webhook.test":
      return { text: "Test event from Exposure Monitoring: this endpoint works.", link: (d.endpoint as Ref).url };
    case "digest":
      return { text: digestHeadline(p.data as Digest), link: (d.endpoint as Ref).url };
  }
}

/** A digest: its headline, then each top item linked, then what was held back and where to see it. */
function slackDigest(d: Digest) {
  const headline = digestHeadline(d);
  const lines = d.top.map((t) => `• <${t.url}|${mrkdwn(t.text)}>`);
  const held = d.heldBack
    ? `and ${d.heldBack.count} more: <${d.heldBack.issuesUrl}|issues> · <${d.heldBack.deliveriesUrl}|delivery log>`
    : `<${d.endpoint.url}|Notification settings>`;
  return {
    text: headline,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${mrkdwn(headline)}*` } },
      ...(lines.length ? [{ type: "section", text: { type: "mrkdwn", text: lines.join("\n") } }] : []),
      { type: "context", elements: [{ type: "mrkdwn", text: `${held} · digest` }] },
    ],
  };
}

export function slackBody(p: Payload) {
  if (p.type === "digest") return slackDigest(p.data as Digest);
  const { text, link } = summary(p);
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      { type: "context", elements: [{ type: "mrkdwn", text: `<${link}|Open in the dashboard> · ${p.type}` }] },
    ],
  };
}
