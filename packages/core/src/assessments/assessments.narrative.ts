// The words of an assessment, written from its snapshot by fixed templates:
// the same data always gives the same text (no model, no randomness), so a
// report can be checked against its numbers.
import type { AssessmentData, AssessmentNarrative, BySeverity } from "./assessments.schemas.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const ADVICE: { match: (kind: string) => boolean; text: string }[] = [
  {
    match: (k) => /^port\.open\.(3306|5432|6379|9200|27017|11211|1433|5984)$/.test(k),
    text: "Take databases and caches off the internet: bind them to private addresses or firewall them.",
  },
  {
    match: (k) => /^port\.open\./.test(k),
    text: "Close the ports that need not be public, or restrict them to known addresses.",
  },
  {
    match: (k) => k.startsWith("tls."),
    text: "Renew or replace the certificates flagged and turn off old TLS versions and weak ciphers.",
  },
  {
    match: (k) => k.startsWith("http.exposed."),
    text: "Remove the exposed files and directories (version control, backups, configuration) from the web roots.",
  },
  {
    match: (k) => k.startsWith("http."),
    text: "Add the missing HTTP security headers and fix the misconfigurations found.",
  },
];

function worstSeverity(open: BySeverity): keyof BySeverity | null {
  for (const s of ["critical", "high", "medium", "low", "info"] as const) if (open[s] > 0) return s;
  return null;
}

function riskLevel(open: BySeverity): string {
  if (open.critical > 0) return "critical";
  if (open.high > 0) return "high";
  if (open.medium > 0) return "moderate";
  return "low";
}

export function writeNarrative(d: AssessmentData): AssessmentNarrative {
  const open = d.issues.open;
  const what = d.scope.type === "workspace" ? `the workspace ${d.scope.name}` : `the ${d.scope.type} ${d.scope.name}`;
  const asOf = d.asOf.slice(0, 10);

  const executiveSummary = [
    `This assessment covers ${what} as of ${asOf}: ${plural(d.assets.total, "asset")}, ` +
      `${plural(d.assets.proven, "of them", "of them")} with proven ownership and monitored.`,
    open.total === 0
      ? "No open issues were found: the external exposure risk is low."
      : `There ${open.total === 1 ? "is" : "are"} ${plural(open.total, "open issue")} ` +
        `(${open.critical} critical, ${open.high} high, ${open.medium} medium, ${open.low} low, ${open.info} info); ` +
        `the overall risk is ${riskLevel(open)}.`,
  ];
  const breached = d.sla.bySeverity.reduce((n, s) => n + s.breached, 0);
  if (breached > 0)
    executiveSummary.push(`${plural(breached, "issue")} ${breached === 1 ? "is" : "are"} past the remediation time.`);
  if (d.issues.dismissed > 0)
    executiveSummary.push(
      `${plural(d.issues.dismissed, "dismissed issue")} (accepted risks and false positives) ` +
        `${d.issues.dismissed === 1 ? "is" : "are"} left out.`,
    );

  const keyRisks = d.topRisks
    .slice(0, 5)
    .map(
      (r) =>
        `${r.priority ? `${r.priority.band} ` : ""}${r.severity.toUpperCase()}: ${r.title} on ${r.assetValue}` +
        `${r.alsoSeenAs?.length ? ` (also seen as ${r.alsoSeenAs.join(", ")})` : ""}, ` +
        `open for ${plural(r.ageDays, "day")}.`,
    );
  const exposedPorts = d.ports.slice(0, 3).map((p) => `${p.port}${p.service ? ` (${p.service})` : ""}`);
  if (exposedPorts.length)
    keyRisks.push(`Most exposed ports: ${exposedPorts.join(", ")}; each is open on at least one asset.`);
  if (!keyRisks.length) keyRisks.push("No issue above informational severity is open.");

  const whatImproved: string[] = [];
  const resolvedRecently = d.trend.slice(-4).reduce((n, w) => n + w.resolved, 0);
  const openedRecently = d.trend.slice(-4).reduce((n, w) => n + w.opened, 0);
  if (resolvedRecently > 0) whatImproved.push(`${plural(resolvedRecently, "issue")} resolved in the last four weeks.`);
  const first = d.trend[0];
  const last = d.trend[d.trend.length - 1];
  if (first && last && last.openAtEnd < first.openAtEnd)
    whatImproved.push(
      `Open issues went down from ${first.openAtEnd} to ${last.openAtEnd} over the last ${d.trend.length} weeks.`,
    );
  if (first && last && last.openAtEnd > first.openAtEnd)
    whatImproved.push(
      `Open issues went up from ${first.openAtEnd} to ${last.openAtEnd} over the last ${d.trend.length} weeks ` +
        `(${plural(openedRecently, "new issue")} in the last four).`,
    );
  if (!whatImproved.length) whatImproved.push("No change in the number of open issues over the period.");

  const recommendations: string[] = [];
  const worst = worstSeverity(open);
  if (worst === "critical" || worst === "high")
    recommendations.push(
      `Fix the ${open.critical + open.high} critical and high issues first; ` +
        `the SLA gives ${d.sla.bySeverity[0]?.days ?? "?"} days for critical ones.`,
    );
  const kinds = new Set(d.topRisks.map((r) => r.kind));
  for (const a of ADVICE) if ([...kinds].some(a.match)) recommendations.push(a.text);
  if (d.assets.total > d.assets.proven)
    recommendations.push(
      `Prove the ownership of the ${plural(d.assets.total - d.assets.proven, "asset")} not yet proven, ` +
        "so that they are scanned.",
    );
  recommendations.push("Keep scans on a schedule so that new exposure is found within days.");

  return { executiveSummary, keyRisks, whatImproved, recommendations: [...new Set(recommendations)] };
}
