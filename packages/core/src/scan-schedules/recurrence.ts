// When a schedule runs next. The slots of the frequency come from rrule
// (RFC 5545 recurrence rules, in UTC); a window then moves a slot that falls
// outside it to the window's next opening, so a schedule is never starved.
// The next run is always strictly after `now`: after downtime the missed
// slots collapse into one run, not one per missed slot.
import { createRequire } from "node:module";
import type * as RRuleModule from "rrule";

// rrule ships CommonJS whose named exports Node's ESM loader cannot see.
const { RRule } = createRequire(import.meta.url)("rrule") as typeof RRuleModule;

export const FREQUENCIES = ["daily", "weekly", "monthly", "interval"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Recurrence {
  frequency: Frequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  /** HH:MM, UTC. */
  time: string;
  intervalDays: number | null;
  windowStartHour: number | null;
  windowEndHour: number | null;
  windowDays: number[];
  /** Interval schedules count their days from the first `time` after this instant. */
  createdAt: Date;
}

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

const startOfDay = (t: number) => t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
export const timeOf = (time: string) => time.split(":").map(Number) as [number, number];

/** Whether the schedule has a window (hours, days or both). */
export const hasWindow = (r: Pick<Recurrence, "windowStartHour" | "windowEndHour" | "windowDays">) =>
  r.windowStartHour !== null || r.windowEndHour !== null || r.windowDays.length > 0;

/** The first `time` strictly after createdAt: where an interval schedule's days are counted from. */
export function intervalAnchor(r: Pick<Recurrence, "time" | "createdAt">): number {
  const [h, m] = timeOf(r.time);
  const sameDay = startOfDay(r.createdAt.getTime()) + h * HOUR_MS + m * 60_000;
  return sameDay > r.createdAt.getTime() ? sameDay : sameDay + DAY_MS;
}

/**
 * The frequency's raw slots as an rrule, starting far enough before `now`
 * that the slot at or before now is included, and close enough that rrule
 * does not walk years of slots to get there.
 */
function slots(r: Recurrence, now: number) {
  const [hour, minute] = timeOf(r.time);
  const at = { byhour: [hour], byminute: [minute], bysecond: [0] };
  switch (r.frequency) {
    case "daily":
      return new RRule({ freq: RRule.DAILY, dtstart: new Date(startOfDay(now) - 2 * DAY_MS), ...at });
    case "weekly":
      return new RRule({
        freq: RRule.WEEKLY,
        byweekday: [WEEKDAYS[r.dayOfWeek!]!],
        dtstart: new Date(startOfDay(now) - 8 * DAY_MS),
        ...at,
      });
    case "monthly": {
      // 29-31 mean "that day, or the month's last day when the month is shorter":
      // the last existing day among 28..d.
      const d = r.dayOfMonth!;
      const byDay = d <= 28 ? { bymonthday: [d] } : { bymonthday: range(28, d), bysetpos: [-1] };
      const n = new Date(now);
      return new RRule({
        freq: RRule.MONTHLY,
        dtstart: new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 2, 1)),
        ...byDay,
        ...at,
      });
    }
    case "interval": {
      const every = r.intervalDays! * DAY_MS;
      const anchor = intervalAnchor(r);
      const skipped = Math.max(0, Math.floor((now - anchor) / every) - 1);
      return new RRule({ freq: RRule.DAILY, interval: r.intervalDays!, dtstart: new Date(anchor + skipped * every) });
    }
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Whether the instant is inside the window (hours [start, end) on the window's days, UTC). */
export function inWindow(r: Pick<Recurrence, "windowStartHour" | "windowEndHour" | "windowDays">, t: Date): boolean {
  if (!hasWindow(r)) return true;
  const hour = t.getUTCHours();
  const dayOk = r.windowDays.length === 0 || r.windowDays.includes(t.getUTCDay());
  return dayOk && hour >= (r.windowStartHour ?? 0) && hour < (r.windowEndHour ?? 24);
}

/** The slot itself when inside the window, else the window's next opening. */
export function intoWindow(r: Recurrence, t: Date): Date {
  if (inWindow(r, t)) return t;
  const start = r.windowStartHour ?? 0;
  for (let i = 0; i <= 7; i++) {
    const day = startOfDay(t.getTime()) + i * DAY_MS;
    const open = day + start * HOUR_MS;
    const dayOk = r.windowDays.length === 0 || r.windowDays.includes(new Date(day).getUTCDay());
    if (dayOk && open > t.getTime()) return new Date(open);
  }
  throw new Error("unreachable: a window opens at least once a week");
}

/** The next run strictly after `now`. */
export function nextRunAfter(r: Recurrence, now: Date): Date {
  const rule = slots(r, now.getTime());
  // Moving slots into the window keeps their order, so the next run is the
  // moved slot at or before now (if its opening is still ahead) or the moved next slot.
  const next = intoWindow(r, rule.after(now, false)!);
  const previous = rule.before(now, true);
  if (previous) {
    const moved = intoWindow(r, previous);
    if (moved > now && moved < next) return moved;
  }
  return next;
}
