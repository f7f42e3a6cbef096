// Shared by BarChart and DonutChart (internal).

export interface ChartDatum {
  label: string;
  value: number;
  /** Any CSS color, including var(--…); defaults to the chart palette. */
  color?: string;
}

export { formatCount as defaultFormat } from "./paging.ts";

/** The nth palette color (CSS variables defined in styles.css). */
export const paletteColor = (index: number): string => `var(--ems-chart-${(index % 8) + 1})`;

/** SVG text cannot ellipsize itself; cut by an average glyph width instead. */
export function truncate(label: string, maxWidthPx: number, charPx = 7): string {
  const max = Math.max(1, Math.floor(maxWidthPx / charPx));
  return label.length <= max ? label : `${label.slice(0, Math.max(1, max - 1))}…`;
}

/** The data in words, for screen readers ("Critical: 3, High: 12"). */
export function describeData(data: ChartDatum[], format: (value: number) => string): string {
  return data.length === 0 ? "No data" : data.map((d) => `${d.label}: ${format(d.value)}`).join(", ");
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
