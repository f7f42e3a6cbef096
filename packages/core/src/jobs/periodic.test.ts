// runEvery: ticks never overlap, a failing tick does not stop the loop, and stop() waits for the running tick.
import { afterEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./periodic.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `done`, however slow the machine (the test's own timeout is the limit). */
async function until(done: () => boolean) {
  while (!done()) await sleep(5);
}

describe("runEvery", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs at once and then every interval, one tick at a time", async () => {
    let running = 0;
    let overlapped = false;
    let ticks = 0;
    const loop = runEvery("test", 10, async () => {
      running += 1;
      overlapped ||= running > 1;
      ticks += 1;
      await sleep(35); // longer than the interval
      running -= 1;
    });
    expect(ticks).toBe(1);
    await until(() => ticks >= 4);
    await loop.stop();
    expect(overlapped).toBe(false);
  });

  it("logs a failed tick and goes on", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let ticks = 0;
    const loop = runEvery("flaky", 10, async () => {
      ticks += 1;
      throw new Error(`tick ${ticks} failed`);
    });
    await until(() => ticks >= 2);
    await loop.stop();
    expect(logged).toHaveBeenCalledWith("flaky:", "tick 1 failed");
  });

  it("stop() resolves after the running tick ends, and no tick starts after it", async () => {
    let ended = false;
    let ticks = 0;
    const loop = runEvery("slow", 10, async () => {
      ticks += 1;
      await sleep(80);
      ended = true;
    });
    await loop.stop();
    expect(ended).toBe(true);
    await sleep(50);
    expect(ticks).toBe(1);
  });
});
