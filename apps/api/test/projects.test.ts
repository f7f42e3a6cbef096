import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let key: string;
let workspaceId: number;
let otherKey: string;

beforeAll(async () => {
  api = await startApi();
  ({
    key,
    workspace: { id: workspaceId },
  } = await workspaceWithKey(api.services, { plan: "premium" }));
  ({ key: otherKey } = await workspaceWithKey(api.services, { plan: "premium" }));
});
afterAll(() => api.close());

const req = (method: string, path: string, body?: unknown, credential = key) =>
  call(api.url, credential, method, path, body);

function expectRateLimitHeaders(res: Response) {
  for (const h of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) {
    expect(res.headers.get(h), h).toMatch(/^\d+$/);
  }
}

describe("POST /app/projects", () => {
  it("creates with 201, the Project body and rate-limit headers", async () => {
    const res = await req("POST", "/app/projects", {
      name: "  Production  ",
      description: "Public sites",
      color: "#1F6FEB",
    });
    expect(res.status).toBe(201);
    expectRateLimitHeaders(res);
    expect(res.headers.get("ratelimit-limit")).toBe("60");
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: "Production",
      description: "Public sites",
      color: "#1f6feb",
      criticality: "medium",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("defaults description and color", async () => {
    const res = await req("POST", "/app/projects", { name: "Defaults" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ description: "", color: "#64748b" });
  });

  it("refuses a duplicate name in the workspace with 409, but allows it in another workspace", async () => {
    await req("POST", "/app/projects", { name: "Dup" });
    await expectError(await req("POST", "/app/projects", { name: "Dup" }), 409, "ALREADY_EXISTS", "name");
    expect((await req("POST", "/app/projects", { name: "Dup" }, otherKey)).status).toBe(201);
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "   " }, "name"],
    [{ name: "x".repeat(256) }, "name"],
    [{ name: 42 }, "name"],
    [{ name: "ok\u0007" }, "name"],
    [{ name: "ok", color: "blue" }, "color"],
    [{ name: "ok", color: "#12345" }, "color"],
    [{ name: "ok", description: "d".repeat(2001) }, "description"],
  ])("400 naming the field for %j", async (body, field) => {
    const before = await req("GET", "/app/projects?limit=1");
    await expectError(await req("POST", "/app/projects", body), 400, "VALIDATION_ERROR", field);
    const after = await req("GET", "/app/projects?limit=1");
    expect(after.headers.get("x-total-count")).toBe(before.headers.get("x-total-count"));
  });

  it("accepts a 255-character name", async () => {
    expect((await req("POST", "/app/projects", { name: "n".repeat(255) })).status).toBe(201);
  });

  it("answers a POST without a body with a 400 naming the missing field, not 415/500", async () => {
    const res = await fetch(`${api.url}/app/projects`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
    await expectError(res, 400, "VALIDATION_ERROR", "name");
  });

  it("enforces the plan's project limit with 403 PLAN_LIMIT_REACHED", async () => {
    const { key: essentialKey } = await workspaceWithKey(api.services, { plan: "essential" });
    for (let i = 0; i < 3; i++)
      expect((await req("POST", "/app/projects", { name: `p${i}` }, essentialKey)).status).toBe(201);
    await expectError(await req("POST", "/app/projects", { name: "p3" }, essentialKey), 403, "PLAN_LIMIT_REACHED");
    const list = await req("GET", "/app/projects", undefined, essentialKey);
    expect(list.headers.get("x-total-count")).toBe("3");
  });
});

describe("GET /app/projects", () => {
  let ws: { key: string };
  beforeAll(async () => {
    ws = await workspaceWithKey(api.services, { plan: "premium" });
    for (let i = 0; i < 7; i++) await req("POST", "/app/projects", { name: `list-${i}` }, ws.key);
  });

  it("pages in a stable order with X-Total-Count, X-Page, X-Limit", async () => {
    const all = await req("GET", "/app/projects", undefined, ws.key);
    expect(all.status).toBe(200);
    expectRateLimitHeaders(all);
    expect(all.headers.get("ratelimit-limit")).toBe("120");
    expect(all.headers.get("x-total-count")).toBe("7");
    expect(all.headers.get("x-page")).toBe("1");
    expect(all.headers.get("x-limit")).toBe("100");
    const names = ((await all.json()) as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `list-${i}`));

    const page2 = await req("GET", "/app/projects?page=2&limit=3", undefined, ws.key);
    expect(page2.headers.get("x-page")).toBe("2");
    expect(page2.headers.get("x-limit")).toBe("3");
    expect(((await page2.json()) as { name: string }[]).map((p) => p.name)).toEqual(["list-3", "list-4", "list-5"]);

    const beyond = await req("GET", "/app/projects?page=9&limit=3", undefined, ws.key);
    expect(await beyond.json()).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("7");
  });

  it("accepts limit 500 and 1", async () => {
    expect((await req("GET", "/app/projects?limit=500", undefined, ws.key)).status).toBe(200);
    const one = await req("GET", "/app/projects?limit=1", undefined, ws.key);
    expect(((await one.json()) as unknown[]).length).toBe(1);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=x", "page"],
  ])("400 for %s naming %s", async (query, field) => {
    await expectError(await req("GET", `/app/projects?${query}`, undefined, ws.key), 400, "VALIDATION_ERROR", field);
  });

  it("shows only the caller's workspace", async () => {
    const mine = (await (await req("GET", "/app/projects?limit=500", undefined, ws.key)).json()) as { name: string }[];
    expect(mine.every((p) => p.name.startsWith("list-"))).toBe(true);
  });
});

describe("PUT /app/projects/{id}", () => {
  it("updates any subset of fields", async () => {
    const created = (await (await req("POST", "/app/projects", { name: "Before", description: "d" })).json()) as {
      id: number;
    };
    const res = await req("PUT", `/app/projects/${created.id}`, { name: "After" });
    expect(res.status).toBe(200);
    expectRateLimitHeaders(res);
    expect(await res.json()).toMatchObject({ id: created.id, name: "After", description: "d" });
    const res2 = await req("PUT", `/app/projects/${created.id}`, { color: "#ABCDEF", description: "" });
    expect(await res2.json()).toMatchObject({ name: "After", description: "", color: "#abcdef" });
  });

  it("400 for an empty body, a bad field or a taken name; 404 for a missing or foreign id", async () => {
    const a = (await (await req("POST", "/app/projects", { name: "A-put" })).json()) as { id: number };
    await req("POST", "/app/projects", { name: "B-put" });
    await expectError(await req("PUT", `/app/projects/${a.id}`, {}), 400, "VALIDATION_ERROR", "body");
    await expectError(await req("PUT", `/app/projects/${a.id}`, { name: "" }), 400, "VALIDATION_ERROR", "name");
    await expectError(await req("PUT", `/app/projects/${a.id}`, { name: "B-put" }), 409, "ALREADY_EXISTS", "name");
    expect((await req("PUT", `/app/projects/${a.id}`, { name: "A-put" })).status).toBe(200);
    await expectError(await req("PUT", `/app/projects/999999`, { name: "x" }), 404, "NOT_FOUND");
    await expectError(await req("PUT", `/app/projects/${a.id}`, { name: "stolen" }, otherKey), 404, "NOT_FOUND");
  });
});

describe("path ids", () => {
  it.each(["abc", "0", "-1", "1e3", "0x10", "+5", "1.0", "9007199254740992", "99999999999999999999"])(
    "400 naming id for %s",
    async (id) => {
      await expectError(await req("DELETE", `/app/projects/${encodeURIComponent(id)}`), 400, "VALIDATION_ERROR", "id");
    },
  );

  it.each(["9007199254740991", "2147483648"])("404 for the valid but absent id %s", async (id) => {
    await expectError(await req("DELETE", `/app/projects/${id}`), 404, "NOT_FOUND");
  });
});

describe("DELETE /app/projects/{id}", () => {
  it("deletes the project with its assets, scans, findings, issues and schedules in one go", async () => {
    const project = (await (await req("POST", "/app/projects", { name: "Doomed" })).json()) as { id: number };
    const keep = (await (await req("POST", "/app/projects", { name: "Kept" })).json()) as { id: number };
    const prisma = api.services.scoped;
    const seed = (projectId: number, value: string) =>
      runInWorkspace(workspaceId, async () => {
        const asset = await prisma.asset.create({
          data: { workspaceId, projectId, type: "domain", value, ownershipToken: "t" },
        });
        const scan = await prisma.scan.create({ data: { workspaceId, assetId: asset.id } });
        const issue = await prisma.issue.create({
          data: { workspaceId, assetId: asset.id, kind: "k", title: "t", severity: "high" },
        });
        await prisma.finding.create({
          data: {
            workspaceId,
            assetId: asset.id,
            scanId: scan.id,
            issueId: issue.id,
            scanner: "http",
            kind: "k",
            title: "t",
            severity: "high",
          },
        });
        await prisma.scanSchedule.create({
          data: { workspaceId, assetId: asset.id, name: "s", frequency: "weekly", time: "03:00" },
        });
      });
    await seed(project.id, "doomed.example.com");
    await seed(keep.id, "kept.example.com");

    await expectError(await req("DELETE", `/app/projects/${project.id}`, undefined, otherKey), 404, "NOT_FOUND");

    const res = await req("DELETE", `/app/projects/${project.id}`);
    expect(res.status).toBe(200);
    expectRateLimitHeaders(res);
    const body = (await res.json()) as { message: string; deleted: Record<string, number> };
    expect(body.message).toContain("Doomed");
    expect(body.deleted).toEqual({ assets: 1, scans: 1, findings: 1, issues: 1, schedules: 1 });

    const left = await runInWorkspace(workspaceId, async () => ({
      assets: await prisma.asset.count(),
      scans: await prisma.scan.count(),
      findings: await prisma.finding.count(),
      issues: await prisma.issue.count(),
      schedules: await prisma.scanSchedule.count(),
    }));
    expect(left).toEqual({ assets: 1, scans: 1, findings: 1, issues: 1, schedules: 1 });
    await expectError(await req("DELETE", `/app/projects/${project.id}`), 404, "NOT_FOUND");
  });
});

describe("moving an asset to another project (PUT /app/assets/{id})", () => {
  const LISTS = { "/app/scans": 2, "/app/findings": 4, "/app/issues": 4 };

  /** Two projects; in the first, an asset that moves and one that stays, each with a scan, 2 issues, 2 findings. */
  async function twoProjects() {
    const db = api.services.db.prisma;
    const [from, to] = await Promise.all(
      ["Moving from", "Moving to"].map((name) => db.project.create({ data: { workspaceId, name } })),
    );
    const assets = [];
    for (const value of ["moving.test", "stays.test"]) {
      const asset = await db.asset.create({
        data: { workspaceId, projectId: from!.id, type: "domain", value, ownershipToken: "t" },
      });
      assets.push(asset);
      const scan = await db.scan.create({ data: { workspaceId, assetId: asset.id, status: "completed" } });
      for (const severity of ["high", "low"] as const) {
        const issue = await db.issue.create({
          data: { workspaceId, assetId: asset.id, kind: `k-${severity}`, title: "t", severity },
        });
        const finding = { workspaceId, scanId: scan.id, assetId: asset.id, issueId: issue.id, scanner: "nuclei" };
        await db.finding.create({ data: { ...finding, kind: issue.kind, title: "t", severity } });
      }
    }
    return { from: from!.id, to: to!.id, moving: assets[0]!.id };
  }

  /** Rows and X-Total-Count of a list filtered by project. */
  async function inProject(list: string, projectId: number) {
    const res = await req("GET", `${list}?projectId=${projectId}&limit=100`);
    expect(res.status, await res.clone().text()).toBe(200);
    return { total: Number(res.headers.get("x-total-count")), rows: ((await res.json()) as unknown[]).length };
  }

  it("takes its scans, findings and issues along in every projectId list and total", async () => {
    const { from, to, moving } = await twoProjects();
    for (const [list, n] of Object.entries(LISTS)) {
      expect(await inProject(list, from), list).toEqual({ total: n, rows: n });
      expect(await inProject(list, to), list).toEqual({ total: 0, rows: 0 });
    }
    const res = await req("PUT", `/app/assets/${moving}`, { projectId: to });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { projectId: number }).projectId).toBe(to);
    for (const [list, n] of Object.entries(LISTS)) {
      expect(await inProject(list, from), list).toEqual({ total: n / 2, rows: n / 2 });
      expect(await inProject(list, to), list).toEqual({ total: n / 2, rows: n / 2 });
    }
  });
});
