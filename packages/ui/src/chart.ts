// Shared by the charts: data shape, palette, the data in words.

export interface ChartDatum {
  label: string;
  value: number;
  /** Any CSS color, including var(--…); defaults to the chart palette. */
  color?: string;
}

export { formatCount as defaultFormat } from "./paging.ts";

/** The nth palette color (CSS variables defined in theme.css). */
export const paletteColor = (index: number): string => `var(--chart-${(index % 8) + 1})`;

/** The data in words, for screen readers ("Critical: 3, High: 12"). */
export function describeData(data: ChartDatum[], format: (value: number) => string): string {
  return data.length === 0 ? "No data" : data.map((d) => `${d.label}: ${format(d.value)}`).join(", ");
}
