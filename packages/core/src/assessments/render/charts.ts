// Inline SVG charts for the assessment page: plain markup, no scripts, no
// external resources, so the page renders the same in a browser, a PDF and a
// sandboxed iframe.
import { escapeHtml } from "./escape.ts";

export const SEVERITY_COLORS = {
  critical: "#7f1d1d",
  high: "#dc2626",
  medium: "#f59e0b",
  low: "#3b82f6",
  info: "#94a3b8",
} as const;

const n = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** Horizontal bars, one per row, labelled with their value. */
export function barChart(rows: { label: string; value: number; color: string }[], title: string) {
  const width = 560;
  const rowHeight = 26;
  const labelWidth = 110;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const bars = rows.map((r, i) => {
    const y = i * rowHeight + 4;
    const w = Math.round(((width - labelWidth - 60) * r.value) / max);
    return (
      `<text x="0" y="${y + 15}" class="axis">${escapeHtml(r.label)}</text>` +
      `<rect x="${labelWidth}" y="${y}" width="${w}" height="18" rx="2" fill="${r.color}"/>` +
      `<text x="${labelWidth + w + 6}" y="${y + 14}" class="value">${r.value}</text>`
    );
  });
  const height = rows.length * rowHeight + 8;
  return (
    `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${bars.join("")}</svg>`
  );
}

/** Lines over weeks: one polyline per series, with a legend. */
export function lineChart(
  labels: string[],
  series: { name: string; values: number[]; color: string }[],
  title: string,
) {
  const width = 560;
  const height = 200;
  const left = 36;
  const bottom = 24;
  const plotW = width - left - 8;
  const plotH = height - bottom - 24;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => left + (labels.length > 1 ? (plotW * i) / (labels.length - 1) : plotW / 2);
  const y = (v: number) => 24 + plotH - (plotH * v) / max;
  const grid = [0, 0.5, 1].map((f) => {
    const v = max * f;
    return (
      `<line x1="${left}" x2="${width - 8}" y1="${n(y(v))}" y2="${n(y(v))}" class="grid"/>` +
      `<text x="${left - 4}" y="${n(y(v) + 4)}" class="axis" text-anchor="end">${Math.round(v)}</text>`
    );
  });
  const ticks = labels.map((l, i) =>
    i % 2 === 0
      ? `<text x="${n(x(i))}" y="${height - 6}" class="axis" text-anchor="middle">${escapeHtml(l)}</text>`
      : "",
  );
  const lines = series.map(
    (s) =>
      `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${s.values
        .map((v, i) => `${n(x(i))},${n(y(v))}`)
        .join(" ")}"/>`,
  );
  const legend = series.map(
    (s, i) =>
      `<rect x="${left + i * 130}" y="4" width="10" height="10" fill="${s.color}"/>` +
      `<text x="${left + i * 130 + 14}" y="13" class="axis">${escapeHtml(s.name)}</text>`,
  );
  return (
    `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">` +
    `${grid.join("")}${ticks.join("")}${lines.join("")}${legend.join("")}</svg>`
  );
}

const SLA_PARTS = [
  { key: "within", label: "within SLA", color: "#16a34a" },
  { key: "atRisk", label: "at risk", color: "#f59e0b" },
  { key: "breached", label: "breached", color: "#dc2626" },
] as const;

/** One stacked bar per row: within SLA, at risk, breached. */
export function slaChart(rows: { label: string; within: number; atRisk: number; breached: number }[], title: string) {
  const width = 560;
  const rowHeight = 26;
  const labelWidth = 110;
  const max = Math.max(1, ...rows.map((r) => r.within + r.atRisk + r.breached));
  const scale = (v: number) => Math.round(((width - labelWidth - 90) * v) / max);
  const bars = rows.map((r, i) => {
    const y = i * rowHeight + 22;
    let x = labelWidth;
    const parts = SLA_PARTS.map((p) => {
      const w = scale(r[p.key]);
      const rect = `<rect x="${x}" y="${y}" width="${w}" height="18" fill="${p.color}"/>`;
      x += w;
      return rect;
    });
    return (
      `<text x="0" y="${y + 15}" class="axis">${escapeHtml(r.label)}</text>${parts.join("")}` +
      `<text x="${x + 6}" y="${y + 14}" class="value">${r.within} / ${r.atRisk} / ${r.breached}</text>`
    );
  });
  const legend = SLA_PARTS.map(
    (p, i) =>
      `<rect x="${labelWidth + i * 130}" y="2" width="10" height="10" fill="${p.color}"/>` +
      `<text x="${labelWidth + i * 130 + 14}" y="11" class="axis">${p.label}</text>`,
  ).join("");
  const height = rows.length * rowHeight + 26;
  return (
    `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${legend}${bars.join("")}</svg>`
  );
}
