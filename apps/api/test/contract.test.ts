// The document's promises, kept by the server: every bounded input refuses a value past its bound with a 400
// naming the field, errors after the door still carry the budget's headers, CORS answers as configured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCorsOrigins } from "../src/config.ts";
import { call, expectError, newApiKey, newOAuthApp, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

type Schema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
};
type Op = {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  "x-dashboard-only"?: boolean;
};

let api: TestApi;
let workspaceId: number;
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  api = await startApi({ config: { corsOrigins: ["https://dashboard.example.test"] } });
  workspaceId = (await workspaceWithKey(api.services)).workspace.id;
  doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as typeof doc;
});
afterAll(() => api.close());

/** A fresh all-scopes key every 40 requests: the test sends far more than one key's budget a minute. */
let spent = 0;
let key = "";
async function credential() {
  if (spent++ % 40 === 0) key = (await newApiKey(api.services, workspaceId)).key;
  return key;
}

const stringBranch = (s: Schema): Schema | undefined =>
  s.maxLength !== undefined ? s : s.anyOf?.find((b) => b.maxLength !== undefined);
/** One character past the bound, of a kind the pattern (if any) would otherwise accept. */
const tooLong = (s: Schema) =>
  (s.pattern?.includes("0-9") || s.pattern?.includes("\\d") ? "1" : "a").repeat(s.maxLength! + 1);
const itemOf = (s: Schema): unknown =>
  s.enum ? s.enum[0] : s.type === "integer" || (Array.isArray(s.type) && s.type.includes("number")) ? 1 : "a";
const concrete = (path: string) => path.replace(/\{\w+\}/g, "1");

function bounded() {
  const cases: { method: string; path: string; where: "query" | "path" | "body"; field: string; value: unknown }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith("/app/")) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (op["x-dashboard-only"]) continue; // a key gets 403 SESSION_REQUIRED before its input is read
      for (const p of op.parameters ?? []) {
        const s = stringBranch(p.schema);
        if (s) cases.push({ method, path, where: p.in as "query" | "path", field: p.name, value: tooLong(s) });
      }
      const body = op.requestBody?.content["application/json"]?.schema;
      for (const [field, prop] of Object.entries(body?.properties ?? {})) {
        const s = stringBranch(prop);
        if (s) cases.push({ method, path, where: "body", field, value: tooLong(s) });
        if (prop.maxItems !== undefined) {
          const value = Array.from({ length: prop.maxItems + 1 }, () => itemOf(prop.items ?? {}));
          cases.push({ method, path, where: "body", field, value });
        }
      }
    }
  }
  return cases;
}

describe("bounded inputs", () => {
  it("refuse one character (or item) past the documented bound: 400 naming the field", async () => {
    const cases = bounded();
    expect(cases.length).toBeGreaterThan(100);
    const fields = new Set(cases.map((c) => c.field));
    for (const f of ["id", "page", "limit", "from", "projectId", "name", "color", "until", "ids", "windowDays"])
      expect(fields, f).toContain(f);
    const failures: string[] = [];
    for (const c of cases) {
      let path = concrete(c.path);
      if (c.where === "path") path = c.path.replace(`{${c.field}}`, String(c.value)).replace(/\{\w+\}/g, "1");
      if (c.where === "query") path += `?${new URLSearchParams({ [c.field]: String(c.value) })}`;
      const res = await call(
        api.url,
        await credential(),
        c.method.toUpperCase(),
        path,
        c.where === "body" ? { [c.field]: c.value } : undefined,
      );
      const body = (await res.json()) as { code?: string; issues?: { field: string }[] };
      const named = body.issues?.some((i) => i.field === c.field || i.field.startsWith(`${c.field}.`));
      if (res.status !== 400 || body.code !== "VALIDATION_ERROR" || !named)
        failures.push(`${c.method} ${c.path} ${c.where} ${c.field}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("boolean query filters take exactly true or false", async () => {
    const { key } = await workspaceWithKey(api.services);
    expect((await call(api.url, key, "GET", "/app/scan-schedules?enabled=true")).status).toBe(200);
    await expectError(
      await call(api.url, key, "GET", "/app/scan-schedules?enabled=yes"),
      400,
      "VALIDATION_ERROR",
      "enabled",
    );
  });

  it("the OAuth endpoints refuse an over-long form field with invalid_request naming it", async () => {
    const app = await newOAuthApp(api.services, workspaceId, ["assets:read"]);
    const form = (fields: Record<string, string>) =>
      fetch(`${api.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const res = await form({
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: "x".repeat(129),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_request",
      error_description: "client_secret: must be at most 128 characters",
    });
    const ok = await form({
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(ok.status).toBe(200);
  });
});

describe("RateLimit-* on errors", () => {
  it("an error after the door carries the budget it spent; a 401 spends none and carries none", async () => {
    const { key } = await workspaceWithKey(api.services);
    const missing = await call(api.url, key, "GET", "/app/assets/999999");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ratelimit-limit")).toBe("120");
    expect(missing.headers.get("ratelimit-remaining")).toBe("119");
    expect(Number(missing.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const invalid = await call(api.url, key, "POST", "/app/projects", { name: "" });
    await expectError(invalid, 400, "VALIDATION_ERROR", "name");
    expect(invalid.headers.get("ratelimit-limit")).toBe("60");
    const anonymous = await call(api.url, undefined, "GET", "/app/projects");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("CORS", () => {
  const preflight = (origin: string) =>
    fetch(`${api.url}/app/projects`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
    });

  it("an allowed origin: its preflight succeeds and answers expose the API's headers", async () => {
    const res = await preflight("https://dashboard.example.test");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://dashboard.example.test");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const { key } = await workspaceWithKey(api.services);
    const list = await call(api.url, key, "GET", "/app/projects", undefined, {
      origin: "https://dashboard.example.test",
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBe("https://dashboard.example.test");
    expect(list.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
    expect(list.headers.get("vary")).toContain("Origin");
  });

  it("any other origin: no Access-Control-* headers, and its preflight is not a route", async () => {
    const res = await preflight("https://evil.example.test");
    await expectError(res, 404, "ROUTE_NOT_FOUND");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
    const { key } = await workspaceWithKey(api.services);
    const list = await call(api.url, key, "GET", "/app/projects", undefined, { origin: "https://evil.example.test" });
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("EMS_CORS_ORIGINS takes exact origins and refuses anything else", () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins("https://a.example.com, http://localhost:3000")).toEqual([
      "https://a.example.com",
      "http://localhost:3000",
    ]);
    for (const bad of ["*", "https://a.example.com/", "a.example.com", "https://a.example.com/path"])
      expect(() => parseCorsOrigins(bad), bad).toThrow(/EMS_CORS_ORIGINS/);
  });
});
