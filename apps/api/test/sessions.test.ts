// Dashboard sessions (tRPC): the same procedures, with roles instead of scopes.
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller, sessionContext } from "@ems/core";
import { transformer } from "@ems/core/transformer";
import { call, expectAppError, expectError, newUser, newWorkspace, startApi, type TestApi } from "./harness.ts";

let api: TestApi;
let workspaceId: number;
const users: Record<string, number> = {};

beforeAll(async () => {
  api = await startApi();
  workspaceId = (await newWorkspace(api.services, { plan: "pro" })).id;
  for (const role of ["owner", "admin", "member", "read-only"] as const) {
    users[role] = (await newUser(api.services, workspaceId, role)).user.id;
  }
});
afterAll(() => api.close());

const as = (role: string, ws = workspaceId) =>
  createCaller(
    sessionContext(api.services, { userId: users[role]!, workspaceId: ws }, { ip: "10.1.2.3", userAgent: "browser" }),
  );

describe("roles", () => {
  it("members change things; read-only members only read", async () => {
    const project = await as("member").projects.create({ name: "From the dashboard" });
    expect(project.name).toBe("From the dashboard");
    const page = await as("read-only").projects.list({});
    expect(page).toMatchObject({ total: 1, page: 1, limit: 100 });
    expect(page.items[0]!.id).toBe(project.id);
    await expectAppError(as("read-only").projects.create({ name: "nope" }), 403, "ROLE_REQUIRED");
    await expectAppError(as("read-only").projects.update({ id: project.id, name: "nope" }), 403, "ROLE_REQUIRED");
    await expectAppError(as("read-only").projects.delete({ id: project.id }), 403, "ROLE_REQUIRED");
    expect((await as("owner").projects.list({})).items.map((p) => p.name)).toEqual(["From the dashboard"]);
  });

  it("API keys are managed by admins and owners only, in the dashboard", async () => {
    await expectAppError(as("member").apiKeys.create({ name: "x" }), 403, "ROLE_REQUIRED");
    const created = await as("admin").apiKeys.create({ name: "deploy", scopes: ["assets:read"] });
    expect(created.key).toMatch(/^ems_key_/);
    expect(created.prefix).toBe(created.key.slice(0, created.prefix.length));
    // The key is shown once: listing never includes it.
    const listed = await as("owner").apiKeys.list({});
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed.items.find((k) => k.id === created.id)).toMatchObject({
      status: "active",
      scopes: ["assets:read"],
      lastUsedAt: null,
    });
    // Use it over REST, revoke it in the dashboard, and it stops working at once.
    expect((await call(api.url, created.key, "GET", "/app/projects")).status).toBe(200);
    const used = (await as("admin").apiKeys.list({})).items.find((k) => k.id === created.id)!;
    expect(used.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const revoked = await as("admin").apiKeys.revoke({ id: created.id });
    expect(revoked.status).toBe("revoked");
    await expectError(await call(api.url, created.key, "GET", "/app/projects"), 401, "INVALID_API_KEY");
  });

  it("a session for a workspace the user is not in is refused", async () => {
    const other = await newWorkspace(api.services);
    await expectAppError(as("owner", other.id).projects.list({}), 401, "UNAUTHENTICATED");
    await expectAppError(createCaller(sessionContext(api.services, null)).projects.list({}), 401, "UNAUTHENTICATED");
  });

  it("dashboard changes are audited with channel dashboard and the user", async () => {
    const project = await as("member").projects.create({ name: "Audited in dashboard" });
    const log = await as("owner").auditLog.list({ resourceType: "project", resourceId: String(project.id) });
    expect(log.items[0]).toMatchObject({
      action: "project.create",
      actorType: "user",
      actorId: users.member,
      channel: "dashboard",
      userId: users.member,
      ip: "10.1.2.3",
      userAgent: "browser",
    });
  });
});

describe("tRPC errors", () => {
  it("carry the common error body in error.data", async () => {
    const server = createHTTPServer({
      router: appRouter,
      createContext: () => sessionContext(api.services, { userId: users["read-only"]!, workspaceId }),
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      // The wire carries superjson on both ways, as the dashboard's link sends and reads it.
      const wire = (v: unknown) => JSON.stringify(transformer.serialize(v));
      type TrpcError = { message: string; data: { code: string; status: number; field?: string; message: string } };
      const errorOf = async (res: Response) =>
        transformer.deserialize<TrpcError>(((await res.json()) as { error: never }).error);

      const res = await fetch(`${base}/projects.create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: wire({ name: "x" }),
      });
      expect(res.status).toBe(403);
      const error = await errorOf(res);
      expect(error.data).toMatchObject({ code: "ROLE_REQUIRED", status: 403 });
      expect(error.message).toBe(error.data.message);

      const bad = await fetch(`${base}/projects.list?input=${encodeURIComponent(wire({ limit: 0 }))}`);
      expect(bad.status).toBe(400);
      const badError = await errorOf(bad);
      expect(badError.data).toMatchObject({ code: "VALIDATION_ERROR", field: "limit" });
      expect(badError.data.message).toContain("limit");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
