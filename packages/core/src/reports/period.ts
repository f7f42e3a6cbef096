// The period a report covers: whole UTC days, `from` and `to` both included.
// Either a preset (`period`) or explicit dates; default the last 30 days ending
// today. Bounds (docs/api.md, Reports): at most 400 days, from not after to, to
// not after today.
import { validationError } from "../errors.ts";

export const PERIOD_PRESETS = { "7d": 7, "30d": 30, "90d": 90, "180d": 180, "12m": 365 } as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;
export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 400;

const DAY_MS = 86_400_000;

export interface PeriodInput {
  period?: PeriodPreset;
  from?: string;
  to?: string;
}

export interface Period {
  /** First day, 00:00 UTC. */
  start: Date;
  /** The day after the last, 00:00 UTC (exclusive). */
  end: Date;
  from: string;
  to: string;
  days: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

function parseDay(field: "from" | "to", value: string): Date {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || day(d) !== value) {
    throw validationError(field, "must be a date YYYY-MM-DD");
  }
  return d;
}

export function resolvePeriod(input: PeriodInput, now = new Date()): Period {
  const today = new Date(`${day(now)}T00:00:00Z`);
  if (input.period && (input.from || input.to)) {
    throw validationError("period", "give either period or from/to, not both");
  }
  let first: Date;
  let last: Date;
  if (input.period) {
    last = today;
    first = new Date(today.getTime() - (PERIOD_PRESETS[input.period] - 1) * DAY_MS);
  } else {
    last = input.to ? parseDay("to", input.to) : today;
    first = input.from ? parseDay("from", input.from) : new Date(last.getTime() - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS);
  }
  if (last > today) throw validationError("to", `must not be after today (${day(today)})`);
  if (first > last) throw validationError("from", "must not be after to");
  const days = Math.round((last.getTime() - first.getTime()) / DAY_MS) + 1;
  if (days > MAX_PERIOD_DAYS) throw validationError("from", `the period must be at most ${MAX_PERIOD_DAYS} days`);
  return { start: first, end: new Date(last.getTime() + DAY_MS), from: day(first), to: day(last), days };
}
