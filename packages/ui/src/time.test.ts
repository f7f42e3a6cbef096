import { describe, expect, it } from "vitest";
import { relativeTime } from "./time.ts";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);

describe("relativeTime", () => {
  it("says just now within 45 seconds either way", () => {
    expect(ago(0)).toBe("just now");
    expect(ago(44)).toBe("just now");
    expect(ago(-44)).toBe("just now");
  });

  it("uses the largest whole unit, rounded down", () => {
    expect(ago(50)).toBe("50 s ago");
    expect(ago(90)).toBe("1 min ago");
    expect(ago(3 * 3600 + 59 * 60)).toBe("3 h ago");
    expect(ago(86400 * 2)).toBe("2 d ago");
    expect(ago(86400 * 45)).toBe("1 mo ago");
    expect(ago(86400 * 800)).toBe("2 y ago");
  });

  it("speaks of the future too", () => {
    expect(ago(-2 * 3600)).toBe("in 2 h");
  });
});
