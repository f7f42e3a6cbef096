// The assessment as one self-contained HTML page: inline CSS and SVG, no
// scripts, no external requests (the share page's CSP allows none), laid out
// for print (the PDF is this page printed by Chromium). The same report data
// always gives the same bytes.
import type { AssessmentData, AssessmentNarrative } from "../assessments.schemas.ts";
import { SEVERITIES } from "../assessments.schemas.ts";
import { PRIORITY_BANDS } from "../../issues/issues.priority.ts";
import { barChart, lineChart, SEVERITY_COLORS, slaChart } from "./charts.ts";
import { escapeHtml as e } from "./escape.ts";

export interface RenderableReport {
  id: number;
  scopeType: string;
  scopeName: string;
  generatedAt: Date;
  data: AssessmentData;
  narrative: AssessmentNarrative;
}

const CSS = `
@page { size: A4; margin: 18mm 16mm 20mm; }
* { box-sizing: border-box; }
body { font: 11pt/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #0f172a; margin: 0; }
main { max-width: 190mm; margin: 0 auto; padding: 8mm 0; }
h1 { font-size: 26pt; margin: 0 0 4mm; } h2 { font-size: 15pt; margin: 8mm 0 3mm; border-bottom: 1px solid #cbd5e1; }
.cover { min-height: 240mm; display: flex; flex-direction: column; justify-content: center; break-after: page; }
.cover .kicker { text-transform: uppercase; letter-spacing: .12em; color: #475569; font-size: 10pt; }
.cover dl { display: grid; grid-template-columns: 40mm auto; gap: 2mm 4mm; margin-top: 10mm; }
.cover dt { color: #475569; } .cover dd { margin: 0; font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(6, 1fr); gap: 3mm; margin: 4mm 0; }
.card { border: 1px solid #cbd5e1; border-radius: 2mm; padding: 3mm; text-align: center; break-inside: avoid; }
.card b { display: block; font-size: 16pt; } .card span { font-size: 8.5pt; color: #475569; }
section { break-inside: avoid-page; }
table { width: 100%; border-collapse: collapse; font-size: 9.5pt; margin: 2mm 0 4mm; }
th, td { text-align: left; padding: 1.5mm 2mm; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
th { background: #f1f5f9; } tr { break-inside: avoid; } td.num, th.num { text-align: right; }
.sev { display: inline-block; padding: 0 2mm; border-radius: 1mm; color: #fff; font-size: 8.5pt; }
svg { max-width: 100%; height: auto; } svg .axis { font-size: 10px; fill: #475569; }
svg .value { font-size: 10px; fill: #0f172a; } svg .grid { stroke: #e2e8f0; }
.muted { color: #64748b; } ul { padding-left: 5mm; }
`;

const sev = (s: keyof typeof SEVERITY_COLORS) =>
  `<span class="sev" style="background:${SEVERITY_COLORS[s]}">${s}</span>`;
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${e(i)}</li>`).join("")}</ul>`;
const date = (iso: string) => iso.slice(0, 10);

function table(head: string[], rows: string[][], numeric: number[] = []) {
  const cell = (tag: string, i: number, v: string) =>
    `<${tag}${numeric.includes(i) ? ' class="num"' : ""}>${v}</${tag}>`;
  const body = rows.length
    ? rows.map((r) => `<tr>${r.map((v, i) => cell("td", i, v)).join("")}</tr>`).join("")
    : `<tr><td colspan="${head.length}" class="muted">None</td></tr>`;
  const header = head.map((h, i) => cell("th", i, e(h))).join("");
  return `<table><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Open issues per priority band, as a line under the severity chart (reports made before issue 29 have none). */
const byPriority = (p: AssessmentData["issues"]["openByPriority"]) =>
  p
    ? `<p data-testid="open-by-priority">Open by priority: ${PRIORITY_BANDS.map((b) => `${b} ${p[b]}`).join(", ")}.</p>`
    : "";

export function renderAssessmentHtml(r: RenderableReport): string {
  const d = r.data;
  const n = r.narrative;
  const open = d.issues.open;
  const title = `Exposure assessment: ${r.scopeName}`;
  const workspace = d.scope.workspaceName;
  const cards = [
    ["Assets", d.assets.total],
    ["Open issues", open.total],
    ...SEVERITIES.slice(0, 4).map((s) => [s[0]!.toUpperCase() + s.slice(1), open[s]] as const),
  ]
    .map(([label, value]) => `<div class="card"><b>${value}</b><span>${e(String(label))}</span></div>`)
    .join("");
  const severityChart = barChart(
    SEVERITIES.map((s) => ({ label: s, value: open[s], color: SEVERITY_COLORS[s] })),
    "Open issues by severity",
  );
  const trendChart = lineChart(
    d.trend.map((w) => w.weekStart.slice(5, 10)),
    [
      { name: "open at week end", values: d.trend.map((w) => w.openAtEnd), color: "#0f172a" },
      { name: "opened", values: d.trend.map((w) => w.opened), color: "#dc2626" },
      { name: "resolved", values: d.trend.map((w) => w.resolved), color: "#16a34a" },
    ],
    "Issues per week",
  );
  const slaSvg = slaChart(
    d.sla.bySeverity.map((s) => ({
      label: `${s.severity} (${s.days} d)`,
      within: s.withinSla,
      atRisk: s.atRisk,
      breached: s.breached,
    })),
    "Open issues within and past the SLA",
  );

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<section class="cover">
  <div class="kicker">External exposure assessment</div>
  <h1>${e(r.scopeName)}</h1>
  <p class="muted">${e(d.scope.type === "workspace" ? "Whole workspace" : `${d.scope.type} in ${workspace}`)}</p>
  <dl>
    <dt>Workspace</dt><dd>${e(d.scope.workspaceName)}</dd>
    <dt>Scope</dt><dd>${e(d.scope.type)}</dd>
    <dt>Data as of</dt><dd>${e(d.asOf.replace("T", " ").slice(0, 16))} UTC</dd>
    <dt>Report</dt><dd>#${r.id}, generated ${e(r.generatedAt.toISOString().slice(0, 10))}</dd>
    <dt>Assets</dt><dd>${d.assets.total}</dd>
    <dt>Open issues</dt><dd>${open.total}</dd>
  </dl>
</section>

<section>
  <h2>Executive summary</h2>
  <div class="cards">${cards}</div>
  ${n.executiveSummary.map((p) => `<p>${e(p)}</p>`).join("")}
</section>

<section>
  <h2>Key risks</h2>
  ${list(n.keyRisks)}
  ${table(
    ["Priority", "Severity", "Issue", "Asset", "Open since", "Days"],
    d.topRisks.map((t) => [
      t.priority?.band ?? "",
      sev(t.severity),
      e(t.title),
      e(t.assetValue),
      date(t.firstSeenAt),
      String(t.ageDays),
    ]),
    [5],
  )}
</section>

<section>
  <h2>Issues by severity</h2>
  ${severityChart}
  <p class="muted">In progress: ${d.issues.inProgress}. Resolved: ${d.issues.resolved}.
    Dismissed (left out): ${d.issues.dismissed}.</p>
  ${byPriority(d.issues.openByPriority)}
</section>

<section>
  <h2>Remediation times (SLA)</h2>
  ${slaSvg}
  ${table(
    ["Severity", "Days to fix", "Open", "Within SLA", "At risk (under 20 % left)", "Breached"],
    d.sla.bySeverity.map((s) => [sev(s.severity), ...[s.days, s.open, s.withinSla, s.atRisk, s.breached].map(String)]),
    [1, 2, 3, 4, 5],
  )}
  <p class="muted">Remediation days from ${e(d.sla.source)}; info issues have none.</p>
</section>

<section>
  <h2>Trend</h2>
  ${trendChart}
</section>

<section>
  <h2>Most exposed assets</h2>
  ${table(
    ["Asset", "Type", "Critical", "High", "Medium", "Low", "Open"],
    d.assets.mostExposed.map((a) => [
      e(a.value),
      e(a.type),
      ...(["critical", "high", "medium", "low", "total"] as const).map((k) => String(a.openIssues[k])),
    ]),
    [2, 3, 4, 5, 6],
  )}
</section>

<section>
  <h2>Open ports</h2>
  ${table(
    ["Port", "Service", "Assets"],
    d.ports.map((p) => [String(p.port), e(p.service ?? "—"), String(p.assets)]),
    [0, 2],
  )}
</section>

<section>
  <h2>What improved</h2>
  ${list(n.whatImproved)}
  <h2>Recommendations</h2>
  ${list(n.recommendations)}
</section>
</main>
</body>
</html>
`;
}
