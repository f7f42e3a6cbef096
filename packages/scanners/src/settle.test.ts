import { getEventListeners } from "node:events";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { settleOnce, SettleTimeoutError } from "./settle.ts";

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

const warnings: Error[] = [];
const onWarning = (w: Error) => void warnings.push(w);
afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

describe("settleOnce", () => {
  it("settles once: the first call wins, later ones are ignored, cleanup runs once", async () => {
    let cleanups = 0;
    let handle: { settled: boolean } | undefined;
    const p = settleOnce<number>({ cleanup: () => void cleanups++ }, (s) => {
      handle = s;
      s.resolve(1);
      s.resolve(2);
      s.reject(new Error("late"));
    });
    await expect(p).resolves.toBe(1);
    expect(handle!.settled).toBe(true);
    expect(cleanups).toBe(1);
  });

  it("rejects when start throws", async () => {
    await expect(
      settleOnce({}, () => {
        throw new Error("cannot start");
      }),
    ).rejects.toThrow("cannot start");
  });

  it("times out with a SettleTimeoutError, or with what onTimeout says", async () => {
    let cleanups = 0;
    const started = Date.now();
    await expect(settleOnce({ timeoutMs: 50, cleanup: () => void cleanups++ }, () => undefined)).rejects.toBeInstanceOf(
      SettleTimeoutError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(cleanups).toBe(1);
    await expect(
      settleOnce<string>({ timeoutMs: 10, onTimeout: (s) => s.resolve("late") }, () => undefined),
    ).resolves.toBe("late");
  });

  it("does not time out once settled", async () => {
    let timeouts = 0;
    const v = await settleOnce<string>({ timeoutMs: 20, onTimeout: (s) => (timeouts++, s.resolve("timeout")) }, (s) =>
      s.resolve("ok"),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect([v, timeouts]).toEqual(["ok", 0]);
  });

  it("settles on abort with the signal's reason, at once when already aborted, and onAbort can choose", async () => {
    const ctl = new AbortController();
    let cleaned = false;
    const p = settleOnce({ signal: ctl.signal, cleanup: () => void (cleaned = true) }, () => undefined);
    ctl.abort(new Error("stop"));
    await expect(p).rejects.toThrow("stop");
    expect(cleaned).toBe(true);

    let started = false;
    await expect(settleOnce({ signal: ctl.signal }, () => void (started = true))).rejects.toThrow("stop");
    expect(started).toBe(false);
    await expect(
      settleOnce<string>({ signal: ctl.signal, onAbort: (s) => s.resolve("gave up") }, () => undefined),
    ).resolves.toBe("gave up");

    const bare = new AbortController();
    bare.abort();
    await expect(settleOnce({ signal: bare.signal }, () => undefined)).rejects.toMatchObject({ name: "AbortError" });
  });

  it("removes its abort listener when it settles, and adds one per signal however many wait", async () => {
    process.on("warning", onWarning);
    const ctl = new AbortController();
    const handles: Array<(v: number) => void> = [];
    const pending = Array.from({ length: 40 }, () =>
      settleOnce<number>({ signal: ctl.signal }, (s) => void handles.push(s.resolve)),
    );
    expect(abortListeners(ctl.signal)).toBe(1);
    handles.slice(0, 20).forEach((resolve, i) => resolve(i));
    expect(abortListeners(ctl.signal)).toBe(1);
    handles.slice(20).forEach((resolve, i) => resolve(i));
    expect(abortListeners(ctl.signal)).toBe(0);
    await Promise.all(pending);

    // The same after timeouts and rejections, and a later wait on the same signal listens again.
    await Promise.allSettled(
      Array.from({ length: 15 }, () => settleOnce({ signal: ctl.signal, timeoutMs: 5 }, () => undefined)),
    );
    await expect(settleOnce({ signal: ctl.signal }, (s) => s.reject(new Error("no")))).rejects.toThrow("no");
    expect(abortListeners(ctl.signal)).toBe(0);
    const late = settleOnce({ signal: ctl.signal }, () => undefined);
    expect(abortListeners(ctl.signal)).toBe(1);
    ctl.abort();
    await expect(late).rejects.toMatchObject({ name: "AbortError" });
    expect(abortListeners(ctl.signal)).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("closes real sockets through cleanup on abort", async () => {
    const server = net.createServer(() => undefined); // accepts and says nothing
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as net.AddressInfo).port;
    const ctl = new AbortController();
    let socket: net.Socket | undefined;
    const p = settleOnce<string>({ signal: ctl.signal, cleanup: () => socket?.destroy() }, (s) => {
      socket = net.connect({ host: "127.0.0.1", port });
      socket.on("connect", () => ctl.abort(new Error("cancelled")));
      socket.on("data", () => s.resolve("data"));
    });
    await expect(p).rejects.toThrow("cancelled");
    expect(socket!.destroyed).toBe(true);
    await new Promise<void>((r) => server.close(() => r()));
  });
});
