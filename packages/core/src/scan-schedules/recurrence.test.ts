// Property tests of the next-run computation against a plain day-by-day oracle.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, inWindow, intervalAnchor, nextRunAfter, timeOf, type Recurrence } from "./recurrence.ts";

const daysInMonth = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();

/** The frequency's slot on the UTC day starting at `day`, if it has one (independent of rrule). */
function oracleSlot(r: Recurrence, day: number): number | null {
  const [h, m] = timeOf(r.time);
  const at = day + h * 3_600_000 + m * 60_000;
  const d = new Date(day);
  switch (r.frequency) {
    case "daily":
      return at;
    case "weekly":
      return d.getUTCDay() === r.dayOfWeek ? at : null;
    case "monthly":
      return d.getUTCDate() === Math.min(r.dayOfMonth!, daysInMonth(d)) ? at : null;
    case "interval": {
      const anchor = intervalAnchor(r);
      return at >= anchor && (at - anchor) % (r.intervalDays! * DAY_MS) === 0 ? at : null;
    }
  }
}

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 11, 31) }).map((t) => new Date(t));
const window = fc.oneof(
  fc.constant({ windowStartHour: null, windowEndHour: null, windowDays: [] as number[] }),
  fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 1, max: 24 }),
      fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
    )
    .filter(([s, e]) => s < e)
    .map(([s, e, days]) => ({ windowStartHour: s, windowEndHour: e, windowDays: days })),
);
const schedule: fc.Arbitrary<Recurrence> = fc
  .record({
    kind: fc.constantFrom("daily", "weekly", "monthly", "interval"),
    dayOfWeek: fc.integer({ min: 0, max: 6 }),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
    intervalDays: fc.integer({ min: 1, max: 365 }),
    time: hhmm,
    window,
    createdAt: instant,
  })
  .map(({ kind, dayOfWeek, dayOfMonth, intervalDays, time, window, createdAt }) => ({
    frequency: kind as Recurrence["frequency"],
    dayOfWeek: kind === "weekly" ? dayOfWeek : null,
    dayOfMonth: kind === "monthly" ? dayOfMonth : null,
    intervalDays: kind === "interval" ? intervalDays : null,
    time,
    ...window,
    createdAt,
  }));

/** Oracle slots from 40 days before `from` to 400 days after it. */
function oracleSlots(r: Recurrence, from: Date) {
  const first = Math.floor(from.getTime() / DAY_MS) * DAY_MS - 40 * DAY_MS;
  const out: number[] = [];
  for (let day = first; day < first + 440 * DAY_MS; day += DAY_MS) {
    const s = oracleSlot(r, day);
    if (s !== null) out.push(s);
  }
  return out;
}

describe("nextRunAfter", () => {
  it("is strictly after now, inside the window, and the first slot (or window opening) that is", () => {
    fc.assert(
      fc.property(
        schedule,
        fc.integer({ min: 0, max: 3 * 365 }).map((d) => d * DAY_MS),
        fc.integer({ min: 0, max: DAY_MS }),
        (r, later, jitter) => {
          const now = new Date(r.createdAt.getTime() + later + jitter);
          const next = nextRunAfter(r, now);
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          expect(inWindow(r, next)).toBe(true);
          const raw = oracleSlots(r, now);
          // No slot inside the window is skipped between now and the next run.
          expect(raw.filter((s) => s > now.getTime() && s < next.getTime() && inWindow(r, new Date(s)))).toEqual([]);
          if (r.windowStartHour === null && r.windowDays.length === 0) {
            expect(raw).toContain(next.getTime()); // exactly a slot of the frequency
          } else if (!raw.includes(next.getTime())) {
            // Moved: a window opening, after a slot that fell outside the window.
            expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([r.windowStartHour ?? 0, 0]);
            expect(
              raw.some((s) => s < next.getTime() && s > next.getTime() - 8 * DAY_MS && !inWindow(r, new Date(s))),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("runs monthly on dayOfMonth, or on the month's last day when it is shorter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), hhmm, instant, (dayOfMonth, time, now) => {
        const r: Recurrence = {
          frequency: "monthly",
          dayOfMonth,
          time,
          dayOfWeek: null,
          intervalDays: null,
          windowStartHour: null,
          windowEndHour: null,
          windowDays: [],
          createdAt: now,
        };
        const next = nextRunAfter(r, now);
        expect(next.getUTCDate()).toBe(Math.min(dayOfMonth, daysInMonth(next)));
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(32 * DAY_MS);
      }),
    );
  });

  it("takes Feb 29 in leap years and Feb 28 otherwise for days 29-31", () => {
    const base = {
      frequency: "monthly" as const,
      time: "06:00",
      dayOfWeek: null,
      intervalDays: null,
      windowStartHour: null,
      windowEndHour: null,
      windowDays: [],
    };
    for (const dayOfMonth of [29, 30, 31]) {
      const r = { ...base, dayOfMonth, createdAt: new Date(0) };
      expect(nextRunAfter(r, new Date("2027-02-01T00:00:00Z")).toISOString()).toBe("2027-02-28T06:00:00.000Z");
      expect(nextRunAfter(r, new Date("2028-02-01T00:00:00Z")).toISOString()).toBe("2028-02-29T06:00:00.000Z");
    }
    const r31 = { ...base, dayOfMonth: 31, createdAt: new Date(0) };
    expect(nextRunAfter(r31, new Date("2027-04-02T00:00:00Z")).toISOString()).toBe("2027-04-30T06:00:00.000Z");
    expect(nextRunAfter(r31, new Date("2027-04-30T06:00:00Z")).toISOString()).toBe("2027-05-31T06:00:00.000Z");
  });

  it("runs a missed slot once after downtime: the next run after a long gap is one future slot", () => {
    const r: Recurrence = {
      frequency: "daily",
      time: "03:00",
      dayOfWeek: null,
      dayOfMonth: null,
      intervalDays: null,
      windowStartHour: null,
      windowEndHour: null,
      windowDays: [],
      createdAt: new Date("2027-01-01T00:00:00Z"),
    };
    const afterDowntime = new Date("2027-03-10T12:00:00Z");
    expect(nextRunAfter(r, afterDowntime).toISOString()).toBe("2027-03-11T03:00:00.000Z");
  });

  it("moves a slot outside the window to the window's next opening", () => {
    const r: Recurrence = {
      frequency: "daily",
      time: "03:00",
      dayOfWeek: null,
      dayOfMonth: null,
      intervalDays: null,
      windowStartHour: 9,
      windowEndHour: 17,
      windowDays: [1],
      createdAt: new Date(0),
    };
    // Wednesday 2027-03-10: Thursday's 03:00 slot moves to Monday 09:00.
    expect(nextRunAfter(r, new Date("2027-03-10T12:00:00Z")).toISOString()).toBe("2027-03-15T09:00:00.000Z");
    // Monday 08:00: Monday's own 03:00 slot (outside the window) still runs at 09:00.
    expect(nextRunAfter(r, new Date("2027-03-15T08:00:00Z")).toISOString()).toBe("2027-03-15T09:00:00.000Z");
  });
});
