import { useId, type ReactNode } from "react";
import { defaultFormat, describeData, paletteColor, round2, type ChartDatum } from "./chart.ts";
import { cx } from "./cx.ts";

export interface DonutChartProps {
  data: ChartDatum[];
  /** Accessible name of the chart (not drawn). */
  title: string;
  /** Diameter in px. */
  size?: number;
  thickness?: number;
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

export interface DonutSegment {
  datum: ChartDatum;
  color: string;
  /** Share of the total, 0…1. */
  fraction: number;
  /** Arc length and where it starts along the circumference. */
  length: number;
  offset: number;
}

/** Arcs around a circle of the given circumference; negatives count as 0. */
export function donutSegments(data: ChartDatum[], circumference: number): DonutSegment[] {
  const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
  let offset = 0;
  return data.map((datum, i) => {
    const fraction = total > 0 ? Math.max(0, datum.value) / total : 0;
    const length = fraction * circumference;
    const segment = { datum, color: datum.color ?? paletteColor(i), fraction, length, offset };
    offset += length;
    return segment;
  });
}

export function DonutChart({
  data,
  title,
  size = 160,
  thickness = 22,
  centerLabel,
  centerCaption = "Total",
  formatValue = defaultFormat,
  legend = true,
  className,
  "data-testid": testId = "donut-chart",
}: DonutChartProps) {
  const id = useId();
  const r = (size - thickness) / 2;
  const c = size / 2;
  const circumference = 2 * Math.PI * r;
  const segments = donutSegments(data, circumference);
  const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
  // Hairline gaps between segments, unless one segment is the whole ring.
  const gap = segments.filter((s) => s.length > 0).length > 1 ? 1.5 : 0;

  return (
    <figure className={cx("ems-donut", className)} data-testid={testId}>
      <svg
        className="ems-chart ems-donut__ring"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{describeData(data, formatValue)}</desc>
        <circle className="ems-donut__track" cx={c} cy={c} r={r} fill="none" strokeWidth={thickness} />
        {segments.map((s, i) =>
          s.length > 0 ? (
            <circle
              key={`${s.datum.label}-${i}`}
              data-testid="donut-segment"
              data-label={s.datum.label}
              data-value={s.datum.value}
              cx={c}
              cy={c}
              r={r}
              fill="none"
              strokeWidth={thickness}
              strokeDasharray={`${round2(Math.max(0, s.length - gap))} ${round2(circumference)}`}
              strokeDashoffset={round2(-s.offset)}
              // Start at 12 o'clock and go clockwise.
              transform={`rotate(-90 ${c} ${c})`}
              style={{ stroke: s.color }}
            >
              <title>{`${s.datum.label}: ${formatValue(s.datum.value)}`}</title>
            </circle>
          ) : null,
        )}
        <text
          className="ems-donut__center"
          x={c}
          y={centerCaption ? c - 7 : c}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {centerLabel ?? formatValue(total)}
        </text>
        {centerCaption && (
          <text className="ems-donut__caption" x={c} y={c + 13} textAnchor="middle" dominantBaseline="central">
            {centerCaption}
          </text>
        )}
      </svg>
      {legend && (
        <ul className="ems-legend" data-testid="donut-legend">
          {segments.map((s, i) => (
            <li key={`${s.datum.label}-${i}`} className="ems-legend__item" data-testid="donut-legend-item">
              <span className="ems-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
              <span className="ems-legend__label">{s.datum.label}</span>
              <span className="ems-legend__value">{formatValue(s.datum.value)}</span>
              <span className="ems-legend__share">{Math.round(s.fraction * 100)}%</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
