// Several API processes over one PostgreSQL share the rate budgets, and a
// process shuts down gracefully.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { startDnsServer, startTestWebServers } from "@ems/scanners/testing";
import { startCliProcess, startServerProcess, type ServerProcess } from "./processes.ts";

let api: TestApi;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  api = await startApi(); // its database is the one both processes use
  [a, b] = await Promise.all([
    startServerProcess({ DATABASE_URL: api.db.url }),
    startServerProcess({ DATABASE_URL: api.db.url }),
  ]);
}, 180_000);
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

describe("a separate worker process", () => {
  it("runs the checks that an API without its own worker queues", async () => {
    const dns = await startDnsServer();
    const web = await startTestWebServers();
    dns.set("worker-check.com", { A: ["127.0.0.1"] });
    web.route("worker-check.com/", { status: 200, body: "<title>hi</title>" });
    const net = {
      EMS_DNS_SERVERS: dns.address,
      EMS_ALLOWED_RANGES: "127.0.0.0/8",
      EMS_HTTP_PORT: String(web.ports.httpPort),
      EMS_HTTPS_PORT: String(web.ports.httpsPort),
      EMS_HTTP_TIMEOUT_MS: "3000",
    };
    // A database of its own: the servers above run workers of their own on theirs.
    const own = await startApi();
    const server = await startServerProcess({ DATABASE_URL: own.db.url, EMS_IN_PROCESS_WORKER: "0", ...net });
    const worker = startCliProcess(["worker", "--concurrency", "2"], { DATABASE_URL: own.db.url, ...net });
    let exitCode: number | null = null;
    try {
      const { key } = await workspaceWithKey(own.services, { plan: "pro" });
      const project = (
        (await (await call(server.url, key, "POST", "/app/projects", { name: "W" })).json()) as { id: number }
      ).id;
      const asset = (await (
        await call(server.url, key, "POST", "/app/assets", {
          projectId: project,
          type: "domain",
          value: "worker-check.com",
        })
      ).json()) as { id: number };
      let checked = { status: "pending", failReason: null as string | null };
      for (let i = 0; i < 150 && checked.status === "pending"; i++) {
        await new Promise((r) => setTimeout(r, 200));
        checked = (await (await call(server.url, key, "GET", `/app/assets/${asset.id}`)).json()) as typeof checked;
      }
      expect(checked, worker.output()).toMatchObject({ status: "reachable", failReason: null });
      expect(worker.output()).toContain("Worker running");
      expect(server.output()).toContain("separate (pnpm ems worker)");
    } finally {
      exitCode = await worker.stop();
      await server.stop();
      await own.close();
      await web.close();
      await dns.close();
    }
    expect(exitCode).toBe(0);
  });
});
