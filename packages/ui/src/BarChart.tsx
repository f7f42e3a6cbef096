import { useId } from "react";
import { defaultFormat, describeData, round2, truncate, type ChartDatum } from "./chart.ts";
import { cx } from "./cx.ts";

export type { ChartDatum } from "./chart.ts";

export interface BarChartProps {
  data: ChartDatum[];
  /** Accessible name of the chart (not drawn; put a visible title around it, e.g. a Card). */
  title: string;
  orientation?: "horizontal" | "vertical";
  /** Width of the drawing in SVG units; it scales to its container's width. */
  width?: number;
  /** Height of a vertical chart (horizontal ones grow with the number of bars). */
  height?: number;
  /** Value of a full-length bar; defaults to the largest value. */
  max?: number;
  formatValue?: (value: number) => string;
  /** Room for the labels of a horizontal chart. */
  labelWidth?: number;
  className?: string;
  "data-testid"?: string;
}

const BAR = 20; // bar thickness, horizontal
const GAP = 10;
const VALUE_ROOM = 56; // right of the longest horizontal bar, for its value
const LABEL_ROOM = 22; // under a vertical chart
const TOP_ROOM = 18; // above the tallest vertical bar, for its value

/** Length of a bar: proportional to its value, 0 for negatives or an empty scale. */
export function barLength(value: number, max: number, full: number): number {
  return max > 0 ? round2((Math.max(0, Math.min(value, max)) / max) * full) : 0;
}

export function BarChart({
  data,
  title,
  orientation = "horizontal",
  width = 480,
  height = 220,
  max,
  formatValue = defaultFormat,
  labelWidth = 120,
  className,
  "data-testid": testId = "bar-chart",
}: BarChartProps) {
  const id = useId();
  const scaleMax = Math.max(max ?? 0, ...data.map((d) => d.value), 0);
  const color = (d: ChartDatum) => d.color ?? "var(--ems-chart-bar)";
  const horizontal = orientation === "horizontal";
  const svgHeight = horizontal ? Math.max(BAR, data.length * (BAR + GAP) - GAP) + 2 : height;

  return (
    <svg
      className={cx("ems-chart", "ems-bar-chart", className)}
      viewBox={`0 0 ${width} ${svgHeight}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={testId}
      data-orientation={orientation}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{describeData(data, formatValue)}</desc>
      {horizontal
        ? data.map((d, i) => {
            const plot = width - labelWidth - VALUE_ROOM;
            const length = barLength(d.value, scaleMax, plot);
            const y = 1 + i * (BAR + GAP);
            return (
              <g key={`${d.label}-${i}`} data-testid="bar-group">
                <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                <text
                  className="ems-chart__label"
                  x={labelWidth - 8}
                  y={y + BAR / 2}
                  textAnchor="end"
                  dominantBaseline="central"
                >
                  {truncate(d.label, labelWidth - 12)}
                </text>
                <rect
                  data-testid="bar"
                  data-label={d.label}
                  data-value={d.value}
                  x={labelWidth}
                  y={y}
                  width={length}
                  height={BAR}
                  rx={3}
                  style={{ fill: color(d) }}
                />
                <text
                  className="ems-chart__value"
                  x={labelWidth + length + 6}
                  y={y + BAR / 2}
                  dominantBaseline="central"
                >
                  {formatValue(d.value)}
                </text>
              </g>
            );
          })
        : data.map((d, i) => {
            const slot = width / Math.max(1, data.length);
            const barWidth = round2(Math.min(slot * 0.6, 56));
            const plot = height - LABEL_ROOM - TOP_ROOM;
            const length = barLength(d.value, scaleMax, plot);
            const x = round2(i * slot + (slot - barWidth) / 2);
            const baseline = TOP_ROOM + plot;
            return (
              <g key={`${d.label}-${i}`} data-testid="bar-group">
                <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                <rect
                  data-testid="bar"
                  data-label={d.label}
                  data-value={d.value}
                  x={x}
                  y={round2(baseline - length)}
                  width={barWidth}
                  height={length}
                  rx={3}
                  style={{ fill: color(d) }}
                />
                <text className="ems-chart__value" x={x + barWidth / 2} y={baseline - length - 5} textAnchor="middle">
                  {formatValue(d.value)}
                </text>
                <text className="ems-chart__label" x={x + barWidth / 2} y={height - 6} textAnchor="middle">
                  {truncate(d.label, slot - 4)}
                </text>
              </g>
            );
          })}
      {!horizontal && (
        <line className="ems-chart__axis" x1={0} x2={width} y1={height - LABEL_ROOM} y2={height - LABEL_ROOM} />
      )}
      {data.length === 0 && (
        <text
          className="ems-chart__label"
          x={width / 2}
          y={svgHeight / 2}
          textAnchor="middle"
          dominantBaseline="central"
        >
          No data
        </text>
      )}
    </svg>
  );
}
