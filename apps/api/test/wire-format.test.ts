// Dates on the two wires: REST answers plain JSON (ISO 8601 strings, as the
// spec and docs say); the dashboard's tRPC link uses the transformer, so the
// same procedures hand it Date objects.
import { createTRPCClient, httpLink } from "@trpc/client";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller, sessionContext, type AppRouter } from "@ems/core";
import { transformer } from "@ems/core/transformer";
import { call, newUser, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let api: TestApi;
let key: string;
let session: { userId: number; workspaceId: number };
let trpcServer: ReturnType<typeof createHTTPServer>;
let dashboard: ReturnType<typeof createTRPCClient<AppRouter>>;

beforeAll(async () => {
  api = await startApi();
  const { workspace, key: k } = await workspaceWithKey(api.services, { plan: "premium" });
  key = k;
  session = { userId: (await newUser(api.services, workspace.id, "owner")).user.id, workspaceId: workspace.id };
  // The dashboard's endpoint as apps/web serves it: the router over HTTP, a session in the context.
  trpcServer = createHTTPServer({
    router: appRouter,
    createContext: () => sessionContext(api.services, session),
  });
  await new Promise<void>((r) => trpcServer.listen(0, "127.0.0.1", r));
  const address = trpcServer.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  dashboard = createTRPCClient<AppRouter>({ links: [httpLink({ url, transformer })] });
});
afterAll(async () => {
  await new Promise((r) => trpcServer.close(r));
  await api.close();
});

const inProcess = () => createCaller(sessionContext(api.services, session));

describe("REST answers", () => {
  it("write dates as ISO strings, byte for byte the JSON of the procedure's output", async () => {
    const created = await call(api.url, key, "POST", "/app/projects", { name: "Wire format" });
    expect(created.status).toBe(201);
    const project = (await created.json()) as Record<string, unknown>;
    expect(project.createdAt).toMatch(ISO);
    expect(project.updatedAt).toMatch(ISO);

    const list = await call(api.url, key, "GET", "/app/projects");
    const expected = (await inProcess().projects.list({})).items;
    expect(expected[0]!.createdAt).toBeInstanceOf(Date);
    expect(await list.text()).toBe(JSON.stringify(expected));
  });

  it("audit entries too: no transformer envelope, createdAt an ISO string", async () => {
    const res = await call(api.url, key, "GET", "/app/audit-log?limit=5");
    expect(res.status).toBe(200);
    const text = await res.text();
    const entries = JSON.parse(text) as Record<string, unknown>[];
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.createdAt).toMatch(ISO);
    expect(text).toBe(JSON.stringify((await inProcess().auditLog.list({ limit: 5 })).items));
  });
});

describe("the dashboard's tRPC link", () => {
  it("gets Date objects for the same dates REST writes as strings", async () => {
    const page = await dashboard.projects.list.query({});
    const project = page.items.find((p) => p.name === "Wire format")!;
    expect(project.createdAt).toBeInstanceOf(Date);
    expect(project.updatedAt).toBeInstanceOf(Date);
    const rest = (await (await call(api.url, key, "GET", "/app/projects")).json()) as {
      id: number;
      createdAt: string;
    }[];
    expect(project.createdAt.toISOString()).toBe(rest.find((p) => p.id === project.id)!.createdAt);

    const log = await dashboard.auditLog.list.query({ resourceType: "project", resourceId: String(project.id) });
    const entry = log.items[0]!;
    expect(entry.action).toBe("project.create");
    expect(entry.createdAt).toBeInstanceOf(Date);
  });

  it("sends Dates in inputs as Dates", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const created = await dashboard.apiKeys.create.mutate({ name: "dated", scopes: ["assets:read"], expiresAt });
    expect(created.expiresAt).toBeInstanceOf(Date);
    expect(created.expiresAt!.getTime()).toBe(expiresAt.getTime());
  });
});
