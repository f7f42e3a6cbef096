"use client";

import type { ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart as RechartsBarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { defaultFormat, describeData, paletteColor, type ChartDatum } from "../chart.ts";
import { cn } from "../lib/utils.ts";

export type { ChartDatum } from "../chart.ts";

// Recharts draws; the wrapper gives the chart one accessible name with its data in words, and hides the
// drawing (its ticks and labels) from screen readers.
function ChartFrame(props: { label: string; className?: string; testId?: string; children: ReactNode }) {
  return (
    <div
      role="img"
      aria-label={props.label}
      className={cn("w-full min-w-0", props.className)}
      data-testid={props.testId}
    >
      <div aria-hidden="true">{props.children}</div>
    </div>
  );
}

const axis = { stroke: "var(--muted-foreground)", fontSize: 12, tickLine: false } as const;
const tooltipStyle = {
  contentStyle: { background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 6, fontSize: 12 },
  labelStyle: { color: "var(--popover-foreground)" },
  itemStyle: { color: "var(--popover-foreground)" },
  cursor: { fill: "var(--muted)" },
};

export interface BarChartProps {
  data: ChartDatum[];
  /** Accessible name of the chart (not drawn; put a visible title around it, e.g. a Card). */
  title: string;
  orientation?: "horizontal" | "vertical";
  /** Height of a vertical chart (horizontal ones grow with the number of bars). */
  height?: number;
  /** Value of a full-length bar; defaults to the largest value. */
  max?: number;
  formatValue?: (value: number) => string;
  className?: string;
  "data-testid"?: string;
}

export function BarChart({ data, title, orientation = "horizontal", height = 220, max, ...rest }: BarChartProps) {
  const format = rest.formatValue ?? defaultFormat;
  const horizontal = orientation === "horizontal";
  const rows = data.map((d, i) => ({ ...d, fill: d.color ?? paletteColor(i) }));
  const domain: [number, number | "auto"] = [0, max ?? "auto"];
  return (
    <ChartFrame
      label={`${title}: ${describeData(data, format)}`}
      className={rest.className}
      testId={rest["data-testid"]}
    >
      <ResponsiveContainer width="100%" height={horizontal ? Math.max(80, data.length * 32 + 24) : height}>
        <RechartsBarChart data={rows} layout={horizontal ? "vertical" : "horizontal"} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" horizontal={!horizontal} vertical={horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" domain={domain} allowDecimals={false} tickFormatter={format} {...axis} />
              <YAxis type="category" dataKey="label" width={110} {...axis} />
            </>
          ) : (
            <>
              <XAxis type="category" dataKey="label" {...axis} />
              <YAxis type="number" domain={domain} allowDecimals={false} tickFormatter={format} width={40} {...axis} />
            </>
          )}
          <Tooltip formatter={(v) => format(Number(v))} {...tooltipStyle} />
          <Bar dataKey="value" name={title} radius={3} isAnimationActive={false}>
            {rows.map((r) => (
              <Cell key={r.label} fill={r.fill} />
            ))}
          </Bar>
        </RechartsBarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export interface DonutChartProps {
  data: ChartDatum[];
  /** Accessible name of the chart (not drawn). */
  title: string;
  /** Diameter in px. */
  size?: number;
  /** Big text in the hole; defaults to the total. */
  centerLabel?: ReactNode;
  /** Small text under it. */
  centerCaption?: string;
  formatValue?: (value: number) => string;
  /** Set false to draw the ring alone. */
  legend?: boolean;
  className?: string;
  "data-testid"?: string;
}

export function DonutChart({
  data,
  title,
  size = 180,
  centerLabel,
  centerCaption,
  legend = true,
  ...rest
}: DonutChartProps) {
  const format = rest.formatValue ?? defaultFormat;
  const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
  return (
    <ChartFrame
      label={`${title}: ${describeData(data, format)}`}
      className={rest.className}
      testId={rest["data-testid"]}
    >
      <div className="flex flex-wrap items-center gap-4">
        <div className="relative shrink-0" style={{ width: size, height: size }}>
          <PieChart width={size} height={size} accessibilityLayer={false}>
            <Pie
              data={total > 0 ? data : [{ label: "none", value: 1 }]}
              dataKey="value"
              nameKey="label"
              innerRadius={size * 0.32}
              outerRadius={size / 2 - 2}
              strokeWidth={1}
              stroke="var(--card)"
              isAnimationActive={false}
              rootTabIndex={-1} // Recharts makes the pie a Tab stop; the frame already says its data in words
            >
              {total > 0
                ? data.map((d, i) => <Cell key={d.label} fill={d.color ?? paletteColor(i)} />)
                : [<Cell key="none" fill="var(--muted)" />]}
            </Pie>
          </PieChart>
          <div className="absolute inset-0 flex flex-col items-center justify-center">
            <span className="text-2xl font-semibold">{centerLabel ?? format(total)}</span>
            {centerCaption && <span className="text-xs text-muted-foreground">{centerCaption}</span>}
          </div>
        </div>
        {legend && (
          <ul className="grid gap-1 text-sm">
            {data.map((d, i) => (
              <li key={d.label} className="flex items-center gap-2">
                <span className="size-3 rounded-sm" style={{ background: d.color ?? paletteColor(i) }} />
                <span>{d.label}</span>
                <span className="ml-auto pl-3 font-medium tabular-nums">{format(d.value)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ChartFrame>
  );
}

export interface TrendSeries {
  key: string;
  label: string;
  color?: string;
}

export interface TrendChartProps {
  /** One point per period: `label` on the x axis, one number per series key. */
  data: Array<{ label: string } & Record<string, number | string>>;
  series: TrendSeries[];
  title: string;
  height?: number;
  /**
   * Flows (per-period counts, summed in the chart's words as "in total") or a stock (a level per period, stacked,
   * described by its latest value), e.g. issues open at the end of each day by severity.
   */
  kind?: "flow" | "stock";
  className?: string;
  "data-testid"?: string;
}

/** Area lines over time: flows side by side (opened vs resolved per day) or a stock, stacked (open by severity). */
export function TrendChart({ data, series, title, height = 220, kind = "flow", ...rest }: TrendChartProps) {
  const words = series
    .map((s) =>
      kind === "stock"
        ? `${s.label} ${Number(data.at(-1)?.[s.key] ?? 0)} now`
        : `${s.label} ${data.reduce((sum, d) => sum + Number(d[s.key] ?? 0), 0)} in total`,
    )
    .join(", ");
  return (
    <ChartFrame label={`${title}: ${words}`} className={rest.className} testId={rest["data-testid"]}>
      <ResponsiveContainer width="100%" height={height}>
        <AreaChart data={data} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" {...axis} minTickGap={16} />
          <YAxis allowDecimals={false} width={32} {...axis} />
          <Tooltip {...tooltipStyle} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, i) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color ?? paletteColor(i)}
              fill={s.color ?? paletteColor(i)}
              fillOpacity={kind === "stock" ? 0.5 : 0.15}
              stackId={kind === "stock" ? "stock" : undefined}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
