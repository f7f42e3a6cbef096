// Issue 29, item 5 (docs/api.md, Problems: counted once): with a project filter, the open issues on names that reach
// the same address and port (one exposure) count once in the overview, the report summary and the problems list, as
// they do workspace-wide; over REST with an API key and through tRPC as a dashboard session.
import { afterAll, beforeAll, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { call, startApi, workspaceWithOwner, type TestApi } from "./harness.ts";
import { assetsOf } from "./report-writers.ts";

let api: TestApi;
let key: string;
let ws: number;
let asOwner: Awaited<ReturnType<typeof workspaceWithOwner>>["asOwner"];
let projects: { p: number; q: number };

/** An open .env issue on an asset, reached at `address`:443. */
const envIssue = (assetId: number, address: string) =>
  runInWorkspace(ws, () =>
    api.services.scoped.issue.create({
      data: { workspaceId: ws, assetId, kind: "http.env-exposed", title: ".env", severity: "high", address, port: 443 },
    }),
  );

beforeAll(async () => {
  api = await startApi();
  ({ ws, key, asOwner } = await workspaceWithOwner(api.services));
  // Assets round-robin over two projects: 0 and 2 in p, 1 and 3 in q.
  const assets = await assetsOf(api.services, ws, 4, 2);
  projects = { p: assets[0]!.projectId, q: assets[1]!.projectId };
  expect(assets[2]!.projectId).toBe(projects.p);
  // Two names of one server in p, a third name of it in q; another server's name in p.
  await envIssue(assets[0]!.id, "203.0.113.7");
  await envIssue(assets[2]!.id, "203.0.113.7");
  await envIssue(assets[1]!.id, "203.0.113.7");
  await envIssue(assets[3]!.id, "203.0.113.8");
});
afterAll(() => api.close());

async function get<T>(path: string) {
  const res = await call(api.url, key, "GET", path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
type Counts = { high: number; total: number };
const exposuresOf = async (query: string) => ({
  overview: (await get<{ openExposures: Counts }>(`/app/overview${query}`)).openExposures,
  summary: (await get<{ openExposures: Counts }>(`/app/reports/summary${query}`)).openExposures,
  problems: (await get<{ exposures: number; issues: number }[]>(`/app/problems${query}`)).map((p) => [
    p.issues,
    p.exposures,
  ]),
});

it("counts the two names of one server in a project as one exposure, over REST", async () => {
  expect(await exposuresOf(`?projectId=${projects.p}`)).toEqual({
    overview: expect.objectContaining({ high: 1, total: 1 }),
    summary: expect.objectContaining({ high: 1, total: 1 }),
    problems: [[2, 1]],
  });
  // q: the third name of that server and another server's: two exposures.
  expect(await exposuresOf(`?projectId=${projects.q}`)).toEqual({
    overview: expect.objectContaining({ high: 2, total: 2 }),
    summary: expect.objectContaining({ high: 2, total: 2 }),
    problems: [[2, 2]],
  });
  // Workspace-wide: the three names of the first server are one exposure, the other server's another.
  expect(await exposuresOf("")).toEqual({
    overview: expect.objectContaining({ high: 2, total: 2 }),
    summary: expect.objectContaining({ high: 2, total: 2 }),
    problems: [[4, 2]],
  });
});

it("counts the same for the dashboard's session (tRPC)", async () => {
  expect((await asOwner.overview.get({ projectId: projects.p })).openExposures).toMatchObject({ high: 1, total: 1 });
  expect((await asOwner.reports.summary({ projectId: projects.p })).openExposures).toMatchObject({ total: 1 });
});

it("counts a resolved name out: the server's other name in the project is one exposure still", async () => {
  const [first] = await api.services.db.prisma.issue.findMany({
    where: { workspaceId: ws, projectId: projects.p, address: "203.0.113.7" },
    orderBy: { id: "asc" },
  });
  const res = await call(api.url, key, "PATCH", `/app/issues/${first!.id}/status`, { status: "resolved" });
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await exposuresOf(`?projectId=${projects.p}`)).summary).toMatchObject({ high: 1, total: 1 });
  expect((await exposuresOf("")).summary).toMatchObject({ high: 2, total: 2 });
});
