// Several API processes over one PostgreSQL share the rate budgets, and a
// process shuts down gracefully.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { startServerProcess, type ServerProcess } from "./processes.ts";

let api: TestApi;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  api = await startApi(); // its database is the one both processes use
  [a, b] = await Promise.all([startServerProcess({ DATABASE_URL: api.db.url }), startServerProcess({ DATABASE_URL: api.db.url })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await api.close();
});

describe("two API processes", () => {
  it("spend one write budget per key between them", async () => {
    const { key } = await workspaceWithKey(api.services, { plan: "premium" });
    for (let i = 0; i < 60; i++) {
      const target = i % 2 ? a : b;
      const res = await call(target.url, key, "POST", "/app/projects", { name: `p${i}` });
      expect(res.status, `request ${i}`).toBe(201);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(59 - i));
    }
    await expectError(await call(a.url, key, "POST", "/app/projects", { name: "over" }), 429, "RATE_LIMITED");
    const onB = await call(b.url, key, "POST", "/app/projects", { name: "over" });
    expect(onB.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectError(onB, 429, "RATE_LIMITED");
    // And both see the same data.
    expect((await call(a.url, key, "GET", "/app/projects")).headers.get("x-total-count")).toBe("60");
    expect((await call(b.url, key, "GET", "/app/projects")).headers.get("x-total-count")).toBe("60");
  });

  it("shut down on SIGTERM after finishing, with exit code 0", async () => {
    const c = await startServerProcess({ DATABASE_URL: api.db.url });
    expect(await c.stop()).toBe(0);
    expect(c.output()).toContain("shutting down");
  });
});
