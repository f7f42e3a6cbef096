// One error shape for everything that can go wrong before a procedure runs.
import net from "node:net";
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

/** What a raw request gets back: the status line and the JSON body, until the server closes the connection. */
function raw(url: string, request: string) {
  return new Promise<{ status: number; headers: string; body: Record<string, unknown> }>((resolve, reject) => {
    const { port } = new URL(url);
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    let out = "";
    socket.on("data", (d) => (out += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body] = [out.slice(0, out.indexOf("\r\n\r\n")), out.slice(out.indexOf("\r\n\r\n") + 4)];
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: JSON.parse(body || "{}") });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${request.slice(0, 40)}`)));
  });
}

describe("answers the HTTP layer gives outside our handlers, in the error shape", () => {
  it("414 for a path segment past 100 characters, without echoing the path", async () => {
    const res = await call(api.url, key, "GET", `/app/assessments/${"1".repeat(200)}/html`);
    const body = await expectError(res, 414, "URI_TOO_LONG", "path");
    expect(JSON.stringify(body)).not.toContain("1".repeat(101));
  });

  it("414 for a request line past Node's 16 KiB, 431 for headers past it, closing the connection", async () => {
    const long = await raw(api.url, `GET /app/${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ code: "URI_TOO_LONG", status: 414, field: "path" });
    expect(long.headers).toContain("connection: close");
    const headers = await raw(api.url, `GET /app/projects HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(headers.body).toMatchObject({ code: "HEADERS_TOO_LARGE", status: 431 });
  });

  it("400 MALFORMED_REQUEST for what is not HTTP, an HTTP/1.1 request without Host, a bad URL encoding", async () => {
    const garbage = await raw(api.url, "GARBAGE\r\n\r\n");
    expect(garbage.body).toMatchObject({ code: "MALFORMED_REQUEST", status: 400, field: "request" });
    const hostless = await raw(api.url, "GET /app/projects HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(hostless.body).toMatchObject({ code: "MALFORMED_REQUEST", status: 400, field: "request" });
    await expectError(await call(api.url, key, "GET", "/app/%zz"), 400, "MALFORMED_REQUEST", "path");
  });

  it("sends nosniff with every answer", async () => {
    for (const path of ["/app/projects", "/app/nothing", "/openapi.json", "/healthz"]) {
      expect((await call(api.url, key, "GET", path)).headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("the client's address (core's clientAddress, shared with the dashboard)", () => {
  const createdFrom = async (t: TestApi, credential: string) => {
    const res = await call(
      t.url,
      credential,
      "POST",
      "/app/projects",
      { name: `ip ${Math.random()}` },
      {
        "x-forwarded-for": "6.6.6.6, 10.0.0.1",
      },
    );
    expect(res.status).toBe(201);
    const { rows } = await t.db.pool.query(
      `select ip from "AuditEntry" where action = 'project.create' order by id desc limit 1`,
    );
    return rows[0].ip as string;
  };

  it("is the connection's; X-Forwarded-For counts only with EMS_TRUST_PROXY", async () => {
    expect(await createdFrom(api, key)).toBe("127.0.0.1");
    const proxied = await startApi({ config: { trustProxy: true } });
    try {
      const { key: proxiedKey } = await workspaceWithKey(proxied.services);
      expect(await createdFrom(proxied, proxiedKey)).toBe("6.6.6.6");
    } finally {
      await proxied.close();
    }
  });
});
