// The checks' per-host limiter and settings: requests start no faster than the rate and no more at once than the
// concurrency, a cancelled scan's waiting requests give up at once (on one abort listener), bad settings are refused.
import { describe, expect, it } from "vitest";
import { checksSettingsFromEnv, DEFAULT_CHECKS, HostLimiter } from "./settings.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("HostLimiter", () => {
  it("keeps to its concurrency and its rate", async () => {
    const limiter = new HostLimiter({ rps: 20, concurrency: 3 });
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 12 }, () =>
        limiter.run(async () => {
          starts.push(performance.now() - t0);
          most = Math.max(most, ++running);
          await sleep(250);
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(limiter.started).toBe(12);
    // 12 starts at 20 a second (2 per 100 ms): the last one no sooner than ~500 ms in.
    expect(starts.at(-1)!).toBeGreaterThan(450);
  });

  it("rejects waiting requests as soon as the signal aborts, without one listener each", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const limiter = new HostLimiter({ rps: 10, concurrency: 1 });
      const ctl = new AbortController();
      const ran: number[] = [];
      const waiting = Array.from({ length: 40 }, (_, i) =>
        limiter
          .run(async () => void ran.push(i), ctl.signal)
          .then(
            () => "ran",
            (e: Error) => e.message,
          ),
      );
      await sleep(150);
      const t0 = performance.now();
      ctl.abort(new Error("cancelled"));
      const outcomes = await Promise.all(waiting);
      expect(performance.now() - t0).toBeLessThan(100);
      expect(outcomes.filter((o) => o === "cancelled").length).toBeGreaterThan(35);
      const before = ran.length;
      await sleep(300);
      expect(ran.length).toBe(before); // the skipped turns run nothing
      await sleep(10);
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe("checksSettingsFromEnv", () => {
  it("reads the variables, with the defaults, and refuses bad values", () => {
    expect(checksSettingsFromEnv({})).toEqual(DEFAULT_CHECKS);
    expect(
      checksSettingsFromEnv({
        EMS_CHECKS_RPS: "200",
        EMS_CHECKS_LOGIN_ATTEMPTS: "0",
        EMS_TLS_EXPIRY_WARNING_DAYS: "30",
      }),
    ).toMatchObject({ rps: 200, loginAttempts: 0, expiryWarningDays: 30 });
    expect(() => checksSettingsFromEnv({ EMS_CHECKS_LOGIN_ATTEMPTS: "5" })).toThrow(
      /EMS_CHECKS_LOGIN_ATTEMPTS must be an integer from 0 to 3/,
    );
    expect(() => checksSettingsFromEnv({ EMS_CHECKS_RPS: "fast" })).toThrow(/EMS_CHECKS_RPS/);
  });
});
