// GET /app/checks and /app/checks/summary over REST: the check catalogue, paged, searched, filtered and sorted like
// every list; the same list as `ems checks list` (catalogueSummaries); scans:read is enough, nothing less.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, catalogueSummaries } from "@ems/scanners";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

interface Check {
  kind: string;
  category: string;
  protocol: string;
  severity: string;
  confidence: string;
  title: string;
  cwe: string[];
  references: string[];
}

let api: TestApi;
let key: string;
const get = (path: string, k = key) => call(api.url, k, "GET", path);
const items = async (path: string) => {
  const r = await get(path);
  expect(r.status, await r.clone().text()).toBe(200);
  return { rows: (await r.json()) as Check[], total: Number(r.headers.get("x-total-count")) };
};

beforeAll(async () => {
  api = await startApi();
  key = (await workspaceWithKey(api.services, { scopes: ["scans:read"] })).key;
});
afterAll(() => api?.close());

describe("GET /app/checks", () => {
  it("pages the whole catalogue, by category then most severe first", async () => {
    const all = catalogueSummaries();
    // More than one page of the largest size (500): the pages together are the catalogue.
    const first = await items("/app/checks?limit=500");
    const rest = await items("/app/checks?limit=500&page=2");
    expect(first.total).toBe(all.length);
    expect(first.rows).toHaveLength(Math.min(500, all.length));
    const rows = [...first.rows, ...rest.rows];
    expect(rows.map((c) => c.kind).sort()).toEqual(all.map((c) => c.kind).sort());
    const order = rows.map((c) => CATEGORIES.indexOf(c.category as (typeof CATEGORIES)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const page2 = await items("/app/checks?limit=10&page=2");
    expect(page2.rows.map((c) => c.kind)).toEqual(first.rows.slice(10, 20).map((c) => c.kind));
    expect(rows.find((c) => c.kind === "http.exposed.git")).toMatchObject({
      category: "exposed-file",
      protocol: "http",
      severity: "high",
      confidence: "confirmed",
      cwe: expect.arrayContaining(["CWE-527"]),
    });
  });

  it("searches and filters, and sorts any column", async () => {
    const redis = await items("/app/checks?q=REDIS");
    expect(redis.rows.map((c) => c.kind)).toContain("service.unauthenticated.redis");
    expect(redis.rows.every((c) => /redis/i.test(JSON.stringify(c)))).toBe(true);
    const tls = await items("/app/checks?protocol=tls&severity=high&limit=500");
    expect(tls.total).toBeGreaterThan(0);
    expect(tls.rows.every((c) => c.protocol === "tls" && c.severity === "high")).toBe(true);
    const mail = await items("/app/checks?category=mail&limit=500");
    expect(mail.rows.every((c) => c.category === "mail")).toBe(true);
    const byKind = await items("/app/checks?sort=kind&order=desc&limit=500");
    const kinds = byKind.rows.map((c) => c.kind);
    expect(kinds).toEqual([...kinds].sort().reverse());
    const bySeverity = await items("/app/checks?sort=severity&limit=500");
    expect(bySeverity.rows[0]!.severity).toBe("critical");
  });

  it("refuses a bad filter with the field named, and a key without scans:read", async () => {
    await expectError(await get("/app/checks?category=everything"), 400, "VALIDATION_ERROR", "category");
    const noScope = (await workspaceWithKey(api.services, { scopes: ["assets:read"] })).key;
    await expectError(await get("/app/checks", noScope), 403, "SCOPE_REQUIRED");
  });
});

describe("GET /app/checks/summary", () => {
  it("counts the checks of every category", async () => {
    const r = await get("/app/checks/summary");
    expect(r.status).toBe(200);
    const body = (await r.json()) as { total: number; categories: Array<{ category: string; count: number }> };
    expect(body.total).toBe(catalogueSummaries().length);
    expect(body.categories.map((c) => c.category)).toEqual([...CATEGORIES]);
    expect(body.categories.reduce((n, c) => n + c.count, 0)).toBe(body.total);
    expect(body.categories.every((c) => c.count > 0)).toBe(true);
  });
});
