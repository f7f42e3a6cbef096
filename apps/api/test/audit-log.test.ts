import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import {
  call,
  clientCredentialsToken,
  expectError,
  newApiKey,
  newOAuthApp,
  startApi,
  workspaceWithKey,
  type TestApi,
} from "./harness.ts";

let api: TestApi;
let key: string;
let keyId: number;
let workspaceId: number;

interface Entry {
  id: number;
  actorType: string;
  actorId: number | null;
  actorName: string;
  channel: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

const get = (path: string, credential = key) => call(api.url, credential, "GET", path);

beforeAll(async () => {
  api = await startApi();
  ({
    key,
    keyId,
    workspace: { id: workspaceId },
  } = await workspaceWithKey(api.services, { plan: "premium" }));
});
afterAll(() => api.close());

describe("audit entries", () => {
  it("record every change with actor, channel, action, resource, changed fields, IP, user agent and time", async () => {
    const created = (await (
      await call(api.url, key, "POST", "/app/projects", { name: "Audited" }, { "user-agent": "audit-test/1" })
    ).json()) as { id: number };
    await call(api.url, key, "PUT", `/app/projects/${created.id}`, { name: "Audited 2" });
    await call(api.url, key, "DELETE", `/app/projects/${created.id}`);
    const entries = (await (
      await get(`/app/audit-log?resourceType=project&resourceId=${created.id}`)
    ).json()) as Entry[];
    expect(entries.map((e) => e.action)).toEqual(["project.delete", "project.update", "project.create"]);
    const [del, upd, cre] = entries as [Entry, Entry, Entry];
    expect(cre).toMatchObject({
      actorType: "api-key",
      actorId: keyId,
      actorName: "test key",
      channel: "api-key",
      resourceType: "project",
      resourceId: String(created.id),
      ip: "127.0.0.1",
      userAgent: "audit-test/1",
    });
    expect(cre.changes.name).toEqual({ before: null, after: "Audited" });
    expect(upd.changes).toEqual({ name: { before: "Audited", after: "Audited 2" } });
    expect(del.changes.name).toEqual({ before: "Audited 2", after: null });
    expect(Date.parse(cre.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("names the OAuth app and channel for token callers", async () => {
    const app = await newOAuthApp(api.services, workspaceId, ["assets:write", "audit:read"]);
    const token = (await clientCredentialsToken(api.url, app)).access_token;
    const res = await call(api.url, token, "POST", "/app/projects", { name: "By OAuth" });
    const { id } = (await res.json()) as { id: number };
    const [entry] = (await (
      await get(`/app/audit-log?action=project.create&resourceId=${id}`, token)
    ).json()) as Entry[];
    expect(entry).toMatchObject({ actorType: "oauth-app", actorId: app.id, actorName: "Test app", channel: "oauth" });
  });

  it("a failing audit write rolls the change back", async () => {
    const existing = (await (await call(api.url, key, "POST", "/app/projects", { name: "Kept" })).json()) as {
      id: number;
    };
    const before = (await get("/app/projects?limit=500")).headers.get("x-total-count");
    await api.db.pool.query(
      `create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit ` +
        `unavailable'; end $$`,
    );
    await api.db.pool.query(
      `create trigger refuse_audit before insert on "AuditEntry" for each row execute function refuse_audit()`,
    );
    try {
      await expectError(await call(api.url, key, "POST", "/app/projects", { name: "Never" }), 500, "INTERNAL_ERROR");
      await expectError(
        await call(api.url, key, "PUT", `/app/projects/${existing.id}`, { name: "Renamed never" }),
        500,
        "INTERNAL_ERROR",
      );
      await expectError(await call(api.url, key, "DELETE", `/app/projects/${existing.id}`), 500, "INTERNAL_ERROR");
    } finally {
      await api.db.pool.query(`drop trigger refuse_audit on "AuditEntry"; drop function refuse_audit()`);
    }
    const after = await get("/app/projects?limit=500");
    expect(after.headers.get("x-total-count")).toBe(before);
    const names = ((await after.json()) as { name: string }[]).map((p) => p.name);
    expect(names).not.toContain("Never");
    expect(names).not.toContain("Renamed never");
    expect(names).toContain("Kept");
  });
});

describe("GET /app/audit-log", () => {
  let ws: { key: string; workspaceId: number };
  beforeAll(async () => {
    const w = await workspaceWithKey(api.services);
    ws = { key: w.key, workspaceId: w.workspace.id };
    // Entries from three actors over three days.
    await runInWorkspace(ws.workspaceId, () =>
      api.services.scoped.auditEntry.createMany({
        data: [
          {
            workspaceId: ws.workspaceId,
            actorType: "user",
            actorId: 7,
            actorName: "ann@example.com",
            channel: "dashboard",
            action: "project.create",
            resourceType: "project",
            resourceId: "1",
            createdAt: new Date("2026-01-01T10:00:00Z"),
          },
          {
            workspaceId: ws.workspaceId,
            actorType: "user",
            actorId: 7,
            actorName: "ann@example.com",
            channel: "dashboard",
            action: "project.update",
            resourceType: "project",
            resourceId: "1",
            createdAt: new Date("2026-01-02T10:00:00Z"),
          },
          {
            workspaceId: ws.workspaceId,
            actorType: "api_key",
            actorId: 9,
            actorName: "ci key",
            channel: "api_key",
            action: "project.delete",
            resourceType: "project",
            resourceId: "1",
            createdAt: new Date("2026-01-03T10:00:00Z"),
          },
          {
            workspaceId: ws.workspaceId,
            actorType: "api_key",
            actorId: 9,
            actorName: "ci key",
            channel: "api_key",
            action: "asset.create",
            resourceType: "asset",
            resourceId: "5",
            createdAt: new Date("2026-01-03T12:00:00Z"),
          },
        ],
      }),
    );
  });
  const list = async (query: string) => {
    const res = await get(`/app/audit-log?${query}`, ws.key);
    expect(res.status).toBe(200);
    return { res, entries: (await res.json()) as Entry[] };
  };

  it("is paged, newest first, with the paging headers", async () => {
    const { res, entries } = await list("limit=2");
    expect(res.headers.get("x-total-count")).toBe("6"); // 4 seeded + workspace.create + api-key.create
    expect(res.headers.get("x-limit")).toBe("2");
    expect(entries).toHaveLength(2);
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
    const { entries: p2 } = await list("limit=2&page=2");
    expect(p2[0]!.id).toBeLessThan(entries[1]!.id);
  });

  it.each([
    ["actorType=user", ["project.update", "project.create"]],
    ["actorType=api-key&actorId=9", ["asset.create", "project.delete"]],
    ["action=project.update", ["project.update"]],
    ["resourceType=asset", ["asset.create"]],
    ["resourceType=project&resourceId=1", ["project.delete", "project.update", "project.create"]],
    ["from=2026-01-02&to=2026-01-02", ["project.update"]],
    // from alone: the seeded asset.create (12:00) and the set-up's entries (today), not project.delete (10:00);
    // newest first means latest written (the seeded rows were written last)
    ["from=2026-01-03T11:00:00Z", ["asset.create", "api-key.create", "workspace.create"]],
    ["to=2026-01-02T00:00:00Z", ["project.create"]],
    // Date ranges alone are counted from whole days plus the partial days at their ends (AuditDayCount).
    ["from=2026-01-03T09:00:00Z&to=2026-01-03T11:00:00Z", ["project.delete"]],
    ["from=2026-01-01T11:00:00Z&to=2026-01-03T11:00:00Z", ["project.delete", "project.update"]],
    ["from=2026-01-01T09:00:00Z&to=2026-01-04", ["asset.create", "project.delete", "project.update", "project.create"]],
    // A search alone is counted from the action/actor-name pairs it matches (AuditSearchCount).
    ["q=ANN%40", ["project.update", "project.create"]],
    ["q=project.", ["project.delete", "project.update", "project.create"]],
    ["q=project%25", []],
    ["q=ci%20key&from=2026-01-03T11:00:00Z", ["asset.create"]],
  ])("filters %s, with its exact total", async (query, expected) => {
    const { res, entries } = await list(query);
    expect(entries.map((e) => e.action)).toEqual(expected);
    expect(res.headers.get("x-total-count")).toBe(String(expected.length));
  });

  it.each([
    ["from=yesterday", "from"],
    ["to=2026-13-01", "to"],
    ["actorType=robot", "actorType"],
    ["actorId=0", "actorId"],
    ["limit=501", "limit"],
  ])("400 for %s", async (query, field) => {
    await expectError(await get(`/app/audit-log?${query}`, ws.key), 400, "VALIDATION_ERROR", field);
  });

  it("needs audit:read", async () => {
    const narrow = await newApiKey(api.services, ws.workspaceId, { scopes: ["assets:read", "assets:write"] });
    await expectError(await get("/app/audit-log", narrow.key), 403, "SCOPE_REQUIRED");
    await expectError(await get("/app/audit-log/filters", narrow.key), 403, "SCOPE_REQUIRED");
    await expectError(await get("/app/audit-log/export", narrow.key), 403, "SCOPE_REQUIRED");
  });

  it("never shows another workspace's entries", async () => {
    const { entries } = await list("limit=500");
    expect(entries.every((e) => e.actorName !== "test key" || e.action === "api-key.create")).toBe(true);
    const mine = (await (await get("/app/audit-log?limit=500")).json()) as Entry[];
    expect(mine.some((e) => e.actorName === "ci key")).toBe(false);
  });

  it("/filters lists the actors, actions and resource types present", async () => {
    const res = await get("/app/audit-log/filters", ws.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    const body = (await res.json()) as {
      actors: { type: string; id: number | null; name: string }[];
      actions: string[];
      resourceTypes: string[];
    };
    expect(body.actors).toEqual(
      expect.arrayContaining([
        { type: "user", id: 7, name: "ann@example.com" },
        { type: "api-key", id: 9, name: "ci key" },
      ]),
    );
    expect(body.actions).toEqual([
      "api-key.create",
      "asset.create",
      "project.create",
      "project.delete",
      "project.update",
      "workspace.create",
    ]);
    expect(body.resourceTypes).toEqual(["api-key", "asset", "project", "workspace"]);
  });
});

describe("GET /app/audit-log/export", () => {
  let ws: { key: string; workspaceId: number };
  const N = 2500; // more than two export batches
  beforeAll(async () => {
    const w = await workspaceWithKey(api.services);
    ws = { key: w.key, workspaceId: w.workspace.id };
    await runInWorkspace(ws.workspaceId, () =>
      api.services.scoped.auditEntry.createMany({
        data: Array.from({ length: N }, (_, i) => ({
          workspaceId: ws.workspaceId,
          actorType: "system" as const,
          actorName: "seed",
          channel: "system" as const,
          action: i % 2 ? "odd.thing" : "even.thing",
          resourceType: "thing",
          resourceId: String(i),
          changes: { n: { before: null, after: `value "${i}", with comma` } },
        })),
      }),
    );
  });

  it("streams CSV with a header row, every matching entry newest first, and a download name", async () => {
    const res = await get("/app/audit-log/export?resourceType=thing", ws.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"/);
    expect(res.headers.get("ratelimit-limit")).toBe("120");
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(N);
    expect(Object.keys(rows[0]!)).toEqual([
      "id",
      "createdAt",
      "actorType",
      "actorId",
      "actorName",
      "channel",
      "action",
      "resourceType",
      "resourceId",
      "changes",
      "ip",
      "userAgent",
    ]);
    expect(rows[0]!.resourceId).toBe(String(N - 1));
    expect(JSON.parse(rows[0]!.changes!)).toEqual({ n: { before: null, after: `value "${N - 1}", with comma` } });
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("streams a JSON array with the same filters", async () => {
    const res = await get("/app/audit-log/export?format=json&action=odd.thing", ws.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const entries = (await res.json()) as Entry[];
    expect(entries).toHaveLength(N / 2);
    expect(entries.every((e) => e.action === "odd.thing")).toBe(true);
  });

  it("exports an empty selection as a header row or an empty array", async () => {
    const csv = await (await get("/app/audit-log/export?action=none", ws.key)).text();
    expect(csv.trim().split("\n")).toHaveLength(1);
    expect(await (await get("/app/audit-log/export?format=json&action=none", ws.key)).json()).toEqual([]);
  });

  it("answers bad parameters and credentials in the common error shape", async () => {
    await expectError(await get("/app/audit-log/export?format=xml", ws.key), 400, "VALIDATION_ERROR", "format");
    await expectError(await call(api.url, undefined, "GET", "/app/audit-log/export"), 401, "INVALID_API_KEY");
  });
});
