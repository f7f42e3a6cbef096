// RelativeTime's wording, outside the "use client" module so it is testable and usable on the server.

const UNITS: Array<[limitSeconds: number, unitSeconds: number, unit: string]> = [
  [60, 1, "s"],
  [3600, 60, "min"],
  [86400, 3600, "h"],
  [86400 * 30, 86400, "d"],
  [86400 * 365, 86400 * 30, "mo"],
  [Infinity, 86400 * 365, "y"],
];

/** "just now", "3 h ago", "in 2 d": whole units, rounded down, from `now`. */
export function relativeTime(date: Date, now: Date = new Date()): string {
  const diff = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(diff);
  if (abs < 45) return "just now";
  const [, unitSeconds, unit] = UNITS.find(([limit]) => abs < limit)!;
  const n = Math.floor(abs / unitSeconds);
  return diff < 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`;
}
