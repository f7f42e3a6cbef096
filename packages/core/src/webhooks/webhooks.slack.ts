// The Slack-compatible format: an incoming-webhook body (`text` for
// notifications, `blocks` for the message) made from the standard payload.
import type { WebhookEventType } from "./webhooks.payload.ts";

/** The standard payload, as far as this needs it (validated by the caller). */
export type Payload = { type: WebhookEventType; data: Record<string, unknown> };
type Ref = { url: string };

/** Slack's mrkdwn control characters (https://api.slack.com/reference/surfaces/formatting#escaping). */
const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function summary(p: Payload): { text: string; link: string } {
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
      const text = `Discovery found ${plural(hosts.total, "new host")} under ${asset}: ${shown}${more}`;
      return { text, link: (d.run as Ref).url };
    }
    case "discovery.host_found":
      return { text: `New host found for ${asset}: ${esc(d.hostname as string)}`, link: d.asset!.url };
    case "webhook.test":
      return { text: "Test event from Exposure Monitoring: this endpoint works.", link: (d.endpoint as Ref).url };
  }
}

export function slackBody(p: Payload) {
  const { text, link } = summary(p);
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      { type: "context", elements: [{ type: "mrkdwn", text: `<${link}|Open in the dashboard> · ${p.type}` }] },
    ],
  };
}
