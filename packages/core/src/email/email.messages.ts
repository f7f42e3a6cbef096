// What the e-mails say: a webhook message (one event, or a digest) as plain text for an e-mail endpoint, and an
// invitation. Built from the same summaries as the Slack format, without Slack's escaping.
import { digestHeadline, summary, type Digest, type Payload } from "../webhooks/webhooks.slack.ts";

type Mail = { subject: string; text: string };

const FOOTER = "\n--\nExposure Monitoring. Change what this address receives in Settings → Webhooks.";

function digestMail(d: Digest): Mail {
  const headline = digestHeadline(d);
  const counts = d.counts.map((c) => `  ${c.count} × ${c.type}${c.severity ? ` (${c.severity})` : ""}`);
  const top = d.top.map((t) => `  - ${t.text}\n    ${t.url}`);
  const held = d.heldBack
    ? [
        "",
        `And ${d.heldBack.count} more not listed here.`,
        `  Issues: ${d.heldBack.issuesUrl}`,
        `  Delivery log: ${d.heldBack.deliveriesUrl}`,
      ]
    : [];
  const text = [`${headline}.`, "", "Counts:", ...counts, "", "Most important first:", ...top, ...held, FOOTER].join(
    "\n",
  );
  return { subject: `[Exposure Monitoring] ${headline}`, text };
}

/** The e-mail of one message an e-mail endpoint receives. */
export function mailOf(p: Payload): Mail {
  if (p.type === "digest") return digestMail(p.data as Digest);
  const { text, link } = summary(p, (s) => s);
  return { subject: `[Exposure Monitoring] ${text}`, text: `${text}\n\nOpen in the dashboard: ${link}\n${FOOTER}` };
}

/** The invitation e-mail: the one-time link, where to and as what. */
export function invitationMail(opts: { workspace: string; role: string; link: string; days: number }): Mail {
  return {
    subject: `[Exposure Monitoring] You are invited to ${opts.workspace}`,
    text: [
      `You have been invited to join ${opts.workspace} on Exposure Monitoring as ${opts.role}.`,
      "",
      `Accept the invitation (the link works once, for ${opts.days} days):`,
      opts.link,
      "",
      "If you did not expect this, ignore this e-mail.",
    ].join("\n"),
  };
}
