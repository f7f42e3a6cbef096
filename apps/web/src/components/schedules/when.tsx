import { localTime, utcTime } from "./recurrence-text";

/** A date in the person's local time, with UTC on hover. */
export function When({ date, empty = "—" }: { date: Date | null; empty?: string }) {
  if (!date) return <span className="text-sm text-muted-foreground">{empty}</span>;
  return (
    <time dateTime={date.toISOString()} title={utcTime(date)}>
      {localTime(date)}
    </time>
  );
}
