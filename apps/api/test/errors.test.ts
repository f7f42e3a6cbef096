// One error shape for everything that can go wrong before a procedure runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startApi();
  ({ key } = await workspaceWithKey(api.services, { plan: "premium" }));
});
afterAll(() => api.close());

describe("the common error shape", () => {
  it("unknown routes under /app and elsewhere: 404 ROUTE_NOT_FOUND", async () => {
    await expectError(await call(api.url, key, "GET", "/app/nothing-here"), 404, "ROUTE_NOT_FOUND");
    await expectError(await call(api.url, key, "GET", "/app/projects/1/extra"), 404, "ROUTE_NOT_FOUND");
    await expectError(await call(api.url, key, "GET", "/elsewhere"), 404, "ROUTE_NOT_FOUND");
  });

  it("wrong method: 405 METHOD_NOT_ALLOWED with Allow", async () => {
    const res = await call(api.url, key, "PATCH", "/app/projects");
    expect(res.headers.get("allow")).toBe("GET, POST");
    await expectError(res, 405, "METHOD_NOT_ALLOWED");
    const one = await call(api.url, key, "GET", "/app/projects/1");
    expect(one.headers.get("allow")).toBe("PUT, DELETE");
    await expectError(one, 405, "METHOD_NOT_ALLOWED");
  });

  it("REST paths match case-insensitively and with a trailing slash; HEAD is not a REST method", async () => {
    for (const path of ["/APP/Projects", "/app/projects/"]) {
      const res = await call(api.url, key, "GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-total-count")).toBe("0");
      // One JSON type for answers and errors (trpc-to-openapi sent successes without the charset).
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    const head = await call(api.url, key, "HEAD", "/app/projects");
    expect({ status: head.status, allow: head.headers.get("allow") }).toEqual({ status: 405, allow: "GET, POST" });
  });

  it("malformed JSON: 400 INVALID_JSON naming the body", async () => {
    await expectError(await call(api.url, key, "POST", "/app/projects", "{not json"), 400, "INVALID_JSON", "body");
  });

  it("a body over the limit: 413 PAYLOAD_TOO_LARGE", async () => {
    const huge = JSON.stringify({ name: "x", description: "y".repeat(2 * 1024 * 1024) });
    await expectError(await call(api.url, key, "POST", "/app/projects", huge), 413, "PAYLOAD_TOO_LARGE");
  });

  it("a body that is not JSON: 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const res = await fetch(`${api.url}/app/projects`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/plain" },
      body: "name=x",
    });
    await expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a JSON body that is not an object: 400 naming the body", async () => {
    const res = await call(api.url, key, "POST", "/app/projects", "[1,2]");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
  });

  it("an empty JSON body with the JSON content type counts as {}", async () => {
    const res = await fetch(`${api.url}/app/projects`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "",
    });
    await expectError(res, 400, "VALIDATION_ERROR", "name");
  });

  it("errors change nothing", async () => {
    const list = await call(api.url, key, "GET", "/app/projects");
    expect(list.headers.get("x-total-count")).toBe("0");
  });

  it("/healthz answers ok with the database reachable", async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });
});
