import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./harness.ts";

let api: TestApi;
type Op = {
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string; type?: string } }> }
  >;
  security?: unknown[];
  "x-scope"?: string | null;
  "x-dashboard-only"?: boolean;
  parameters?: { name: string; in: string }[];
};
let doc: {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  api = await startApi();
  const res = await fetch(`${api.url}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => api.close());

const ROUTES: [string, string, string | null, number][] = [
  ["get", "/app/projects", "assets:read", 200],
  ["post", "/app/projects", "assets:write", 201],
  ["put", "/app/projects/{id}", "assets:write", 200],
  ["delete", "/app/projects/{id}", "assets:write", 200],
  ["get", "/app/audit-log", "audit:read", 200],
  ["get", "/app/audit-log/filters", "audit:read", 200],
  ["get", "/app/audit-log/export", "audit:read", 200],
  ["get", "/app/api-keys", null, 200],
  ["post", "/app/api-keys", null, 201],
  ["delete", "/app/api-keys/{id}", null, 200],
  ["get", "/app/scan-schedules", "scans:read", 200],
  ["get", "/app/scan-schedules/{id}", "scans:read", 200],
  ["get", "/app/scan-schedules/{id}/skips", "scans:read", 200],
  ["post", "/app/scan-schedules", "scans:write", 201],
  ["put", "/app/scan-schedules/{id}", "scans:write", 200],
  ["delete", "/app/scan-schedules/{id}", "scans:write", 200],
  ["get", "/app/discovery/hosts", "assets:read", 200],
  ["get", "/app/discovery/summary", "assets:read", 200],
  ["get", "/app/discovery/runs/{id}", "assets:read", 200],
  ["post", "/app/discovery/hosts/{id}/ignore", "assets:write", 200],
  ["post", "/app/discovery/hosts/{id}/restore", "assets:write", 200],
  ["post", "/app/discovery/hosts/add", "assets:write", 200],
  ["post", "/app/discovery/run", "assets:write", 202],
  ["get", "/app/webhooks", null, 200],
  ["post", "/app/webhooks", null, 201],
  ["put", "/app/webhooks/{id}", null, 200],
  ["delete", "/app/webhooks/{id}", null, 200],
  ["post", "/app/webhooks/{id}/rotate-secret", null, 200],
  ["post", "/app/webhooks/{id}/test", null, 201],
  ["get", "/app/webhooks/{id}/deliveries", null, 200],
  ["post", "/app/webhooks/{id}/deliveries/{deliveryId}/redeliver", null, 201],
  ["get", "/app/overview", "reports:read", 200],
  ["get", "/app/scans/{id}/comparison", "issues:read", 200],
  ["get", "/app/assets/{id}/ports", "issues:read", 200],
  ["get", "/app/ports/{port}/assets", "issues:read", 200],
  ["get", "/app/issues/{id}/history", "issues:read", 200],
  ["get", "/app/assets/{id}/outside-view", "assets:read", 200],
];

describe("GET /openapi.json", () => {
  it("is OpenAPI 3.1 with the common error schema", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.schemas.Error).toMatchObject({ required: ["code", "message", "status"] });
  });

  it.each(ROUTES)("%s %s: scope, success status, errors and headers", (method, path, scope, status) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!["x-scope"]).toBe(scope);
    expect(op!.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op!.responses)).toContain(String(status));
    for (const other of ["200", "201", "202"].filter((s) => s !== String(status)))
      expect(op!.responses[other]).toBeUndefined();
    for (const code of ["400", "401", "403", "429"]) {
      expect(op!.responses[code]?.content?.["application/json"]?.schema.$ref).toBe("#/components/schemas/Error");
    }
    expect(Boolean(op!.responses["404"])).toBe(path.includes("{id}"));
    expect(Object.keys(op!.responses["429"]!.headers ?? {})).toContain("Retry-After");
    expect(Object.keys(op!.responses[String(status)]!.headers ?? {})).toEqual(
      expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
    );
  });

  it("documents paged lists as arrays with X-Total-Count, X-Page, X-Limit and the page/limit parameters", () => {
    const op = doc.paths["/app/projects"]!.get!;
    const ok = op.responses["200"]!;
    expect(Object.keys(ok.headers ?? {})).toEqual(expect.arrayContaining(["X-Total-Count", "X-Page", "X-Limit"]));
    expect(ok.content!["application/json"]!.schema.type).toBe("array");
    expect(op.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(["page", "limit"]));
  });

  it("marks dashboard-only routes", () => {
    expect(doc.paths["/app/api-keys"]!.get!["x-dashboard-only"]).toBe(true);
    expect(doc.paths["/app/webhooks"]!.post!["x-dashboard-only"]).toBe(true);
    expect(doc.paths["/app/projects"]!.get!["x-dashboard-only"]).toBe(false);
  });

  it("declares security and an operationId on every operation, and the path parameters of file routes", () => {
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        expect(op.security?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect((op as { operationId?: string }).operationId, `${method} ${path}`).toBeTruthy();
        for (const name of path.match(/\{\w+\}/g) ?? [])
          expect(op.parameters, `${method} ${path}`).toContainEqual(
            expect.objectContaining({ name: name.slice(1, -1), in: "path", required: true }),
          );
      }
    expect(doc.paths["/oauth/token"]!.post!.security).toEqual([{ oauthClient: [] }]);
    const files: [string, string[]][] = [
      ["/app/assets/{id}/screenshot", ["image/png"]],
      ["/app/assessments/{id}/html", ["text/html"]],
      ["/app/assessments/{id}/pdf", ["application/pdf"]],
      ["/app/reports/summary/export", ["text/csv"]],
    ];
    for (const [path, types] of files)
      expect(Object.keys(doc.paths[path]!.get!.responses["200"]!.content!), path).toEqual(types);
  });

  it("documents the export's formats and the OAuth endpoints", () => {
    const exp = doc.paths["/app/audit-log/export"]!.get!;
    expect(Object.keys(exp.responses["200"]!.content!)).toEqual(["text/csv", "application/json"]);
    expect(exp.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(["format", "from", "to", "action"]));
    expect(doc.paths["/oauth/token"]?.post).toBeDefined();
    expect(doc.paths["/oauth/revoke"]?.post).toBeDefined();
  });
});

describe("GET /docs", () => {
  it("serves the interactive API reference offline", async () => {
    const res = await fetch(`${api.url}/docs/`, { redirect: "follow" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("swagger-ui");
    const js = html.match(/src="\.?\/?([^"]*swagger-ui-bundle\.js)"/)?.[1];
    expect(js).toBeDefined();
    expect((await fetch(`${api.url}/docs/${js!.replace(/^docs\//, "")}`)).status).toBe(200);
  });
});
