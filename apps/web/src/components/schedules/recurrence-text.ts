// A schedule's recurrence and times in words, for people. Only wording: the
// dates themselves (next runs, previews) come from the server's recurrence code.
import type { RouterOutputs } from "@ems/core";

export type Schedule = RouterOutputs["scanSchedules"]["list"]["items"][number];
type Recurrence = Pick<
  Schedule,
  "frequency" | "dayOfWeek" | "dayOfMonth" | "time" | "intervalDays" | "windowStartHour" | "windowEndHour"
> & { windowDays?: number[] | undefined };

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const ORDINAL_RULES = new Intl.PluralRules("en-GB", { type: "ordinal" });
const SUFFIXES: Partial<Record<Intl.LDMLPluralRule, string>> = { one: "st", two: "nd", few: "rd" };
/** 1st, 2nd, 23rd, 31st. */
export const ordinal = (n: number) => `${n}${SUFFIXES[ORDINAL_RULES.select(n)] ?? "th"}`;

const hour = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** "Every Monday at 09:00 UTC", "Monthly on the 31st (or the month's last day) at 02:00 UTC, 08:00-18:00 UTC …". */
export function describeRecurrence(r: Recurrence): string {
  const at = `at ${r.time} UTC`;
  const day = r.dayOfMonth ?? 1;
  const when = {
    daily: `Every day ${at}`,
    weekly: `Every ${WEEKDAYS[r.dayOfWeek ?? 0]} ${at}`,
    monthly: `Monthly on the ${ordinal(day)}${day > 28 ? " (or the month's last day)" : ""} ${at}`,
    interval: r.intervalDays === 1 ? `Every day ${at}` : `Every ${r.intervalDays} days ${at}`,
  }[r.frequency];
  const days = r.windowDays?.length
    ? ` on ${[...r.windowDays]
        .sort()
        .map((d) => WEEKDAYS[d]!.slice(0, 3))
        .join(", ")}`
    : "";
  if (r.windowStartHour === null && !days) return when;
  const hours = r.windowStartHour === null ? "" : ` ${hour(r.windowStartHour)}-${hour(r.windowEndHour ?? 24)} UTC`;
  return `${when}, only${hours}${days}`;
}

const style = { dateStyle: "medium", timeStyle: "short" } as const;
/** In the person's own time zone (the browser's). */
export const localTime = (d: Date) => d.toLocaleString("en-GB", style);
export const utcTime = (d: Date) => `${d.toLocaleString("en-GB", { ...style, timeZone: "UTC" })} UTC`;
