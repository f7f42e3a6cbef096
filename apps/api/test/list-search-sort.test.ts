// `q` and `sort`/`order` on every list over REST: each search matches what it
// should (case-insensitively, literally, never another workspace's rows), each
// sort walks the right order across pages, and X-Total-Count counts the search.
// The back half of every walk is read from the list's end in the reversed order
// (walkFromStart 0), so that every order's reversal, nulls included, is checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { call, expectError, newApiKey, newUser, startApi, workspaceWithKey, type TestApi } from "./harness.ts";
import { seedListRows } from "./list-search-sort-seed.ts";

let api: TestApi;
let ws: number;
let scanId: number;
const LIMIT = 3;

/** A row as the database has it; `apiId` is how the API names it when not by `id`. */
type Row = { id: number; apiId?: number } & Record<string, unknown>;
type Direction = "asc" | "desc";

/**
 * PostgreSQL's order (the test databases collate bytewise, C.UTF-8): ties by id in the same direction; nulls are
 * larger than any value (last asc, first desc).
 */
function sorted(rows: Row[], field: string, dir: Direction, rank?: string[]) {
  const value = (r: Row) => {
    const v = r[field];
    if (v === null || v === undefined) return null;
    if (rank) return rank.indexOf(String(v).replace("_", "-")); // Prisma's in_progress is in-progress in the database
    return v instanceof Date ? v.getTime() : (v as string | number);
  };
  const compare = (a: Row, b: Row) => {
    const [x, y] = [value(a), value(b)];
    if (x === y) return a.id - b.id;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  };
  const asc = [...rows].sort(compare);
  return (dir === "asc" ? asc : asc.reverse()).map((r) => r.apiId ?? r.id);
}

/** Every page of a list, `LIMIT` rows at a time; checks X-Total-Count on each page. */
async function allPages(key: string, path: string, query: string, idField = "id") {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page <= 20; page++) {
    const res = await call(api.url, key, "GET", `${path}?${query}&limit=${LIMIT}&page=${page}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const count = Number(res.headers.get("x-total-count"));
    if (total >= 0) expect(count).toBe(total);
    total = count;
    const items = (await res.json()) as Record<string, number>[];
    ids.push(...items.map((i) => i[idField]!));
    if (items.length < LIMIT) break;
  }
  expect(ids.length).toBe(total);
  return { ids, total };
}

const enumOrder = async (type: string) =>
  (
    await api.services.db.prisma.$queryRawUnsafe<{ v: string }[]>(`select unnest(enum_range(null::"${type}"))::text v`)
  ).map((r) => r.v);

interface ListCase {
  path: string;
  /** The item field that identifies a row, when not `id`. */
  idField?: string;
  rows: () => Promise<Row[]>;
  sorts: Record<string, { field: string; order: Direction; enumType?: string }>;
  /** A search and the rows of this workspace it must find (the other workspace has matching rows too). */
  search?: { q: string; matches: (r: Row) => boolean };
}

const lower = (v: unknown) => String(v ?? "").toLowerCase();
const has = (q: string, ...values: unknown[]) => values.some((v) => lower(v).includes(q.toLowerCase()));
// A project's schedule has no asset of its own: nothing of an asset to match.
const withAsset = <T extends { asset: { name: string | null; value: string } | null }>(rows: T[]) =>
  rows.map((r) => ({ ...r, assetName: r.asset?.name ?? null, assetValue: r.asset?.value ?? "" }));

const cases = (): Record<string, ListCase> => {
  const db = api.services.db.prisma;
  const where = { workspaceId: ws };
  const asset = { select: { name: true, value: true } };
  return {
    projects: {
      path: "/app/projects",
      rows: () => db.project.findMany({ where }),
      sorts: { createdAt: { field: "id", order: "asc" }, name: { field: "name", order: "asc" } },
      search: { q: "ALPHA", matches: (r) => has("alpha", r.name) },
    },
    assets: {
      path: "/app/assets",
      rows: () => db.asset.findMany({ where }),
      sorts: {
        createdAt: { field: "id", order: "asc" },
        name: { field: "name", order: "asc" },
        value: { field: "value", order: "asc" },
        status: { field: "status", order: "asc", enumType: "AssetStatus" },
        lastCheckedAt: { field: "lastCheckedAt", order: "desc" },
      },
      search: { q: "Shop", matches: (r) => has("shop", r.name, r.value) },
    },
    scans: {
      path: "/app/scans",
      rows: async () => withAsset(await db.scan.findMany({ where, include: { asset } })),
      sorts: {
        createdAt: { field: "id", order: "desc" },
        status: { field: "status", order: "asc", enumType: "ScanStatus" },
        finishedAt: { field: "finishedAt", order: "desc" },
      },
      search: { q: "acme", matches: (r) => has("acme", r.assetName, r.assetValue) },
    },
    issues: {
      path: "/app/issues",
      rows: async () => withAsset(await db.issue.findMany({ where, include: { asset } })),
      sorts: {
        severity: { field: "severity", order: "desc", enumType: "Severity" },
        status: { field: "status", order: "asc", enumType: "IssueStatus" },
        title: { field: "title", order: "asc" },
        firstSeenAt: { field: "firstSeenAt", order: "desc" },
        lastSeenAt: { field: "lastSeenAt", order: "desc" },
      },
      search: { q: "NGINX", matches: (r) => has("nginx", r.title, r.assetName, r.assetValue) },
    },
    findings: {
      path: "/app/findings",
      rows: async () => withAsset(await db.finding.findMany({ where, include: { asset } })),
      sorts: {
        createdAt: { field: "id", order: "desc" },
        severity: { field: "severity", order: "desc", enumType: "Severity" },
        title: { field: "title", order: "asc" },
      },
      search: { q: "shop", matches: (r) => has("shop", r.title, r.assetName, r.assetValue) },
    },
    "scan findings": {
      path: `/app/scans/${scanId}/findings`,
      rows: async () => withAsset(await db.finding.findMany({ where: { scanId }, include: { asset } })),
      sorts: { severity: { field: "severity", order: "desc", enumType: "Severity" } },
      search: { q: "tls", matches: (r) => has("tls", r.title, r.assetName, r.assetValue) },
    },
    "audit log": {
      path: "/app/audit-log",
      rows: () => db.auditEntry.findMany({ where }),
      sorts: { createdAt: { field: "id", order: "desc" }, action: { field: "action", order: "asc" } },
      search: { q: "Dana", matches: (r) => has("dana", r.action, r.actorName) },
    },
    "discovery hosts": {
      path: "/app/discovery/hosts",
      rows: () => db.discoveredHostname.findMany({ where }),
      sorts: {
        createdAt: { field: "id", order: "desc" },
        host: { field: "host", order: "asc" },
        status: { field: "status", order: "asc", enumType: "DiscoveredStatus" },
        lastSeenAt: { field: "lastSeenAt", order: "desc" },
      },
      search: { q: "shop", matches: (r) => has("shop", r.host) },
    },
    "scan schedules": {
      path: "/app/scan-schedules",
      rows: async () => withAsset(await db.scanSchedule.findMany({ where, include: { asset } })),
      sorts: {
        createdAt: { field: "id", order: "asc" },
        name: { field: "name", order: "asc" },
        nextRunAt: { field: "nextRunAt", order: "asc" },
        lastRunAt: { field: "lastRunAt", order: "desc" },
      },
      search: { q: "nightly", matches: (r) => has("nightly", r.name, r.assetName, r.assetValue) },
    },
    assessments: {
      path: "/app/assessments",
      rows: () => db.assessmentReport.findMany({ where }),
      sorts: { createdAt: { field: "id", order: "desc" }, scopeName: { field: "scopeName", order: "asc" } },
      search: { q: "shop", matches: (r) => has("shop", r.scopeName) },
    },
  };
};

beforeAll(async () => {
  api = await startApi({ walkFromStart: 0 }); // every page past a list's middle is read from its end, reversed
  const other = await workspaceWithKey(api.services);
  await seedListRows(api.services, other.workspace.id);
  const mine = await workspaceWithKey(api.services);
  ws = mine.workspace.id;
  scanId = await seedListRows(api.services, ws);
});
afterAll(() => api.close());

describe("q, sort and order on every list", () => {
  // Each list gets its own key: a key has 120 reads a minute.
  const lists = ["projects", "assets", "scans", "issues", "findings", "scan findings", "audit log"].concat([
    "discovery hosts",
    "scan schedules",
    "assessments",
  ]);
  it.each(lists)("%s", async (name) => {
    const c = cases()[name]!;
    const key = (await newApiKey(api.services, ws)).key;
    const rows = await c.rows();
    expect(rows.length).toBeGreaterThan(LIMIT);

    for (const [sort, { field, order, enumType }] of Object.entries(c.sorts)) {
      const rank = enumType ? await enumOrder(enumType) : undefined;
      for (const dir of ["asc", "desc"] as const) {
        const { ids } = await allPages(key, c.path, `sort=${sort}&order=${dir}`, c.idField);
        expect(ids, `${name} sort=${sort}&order=${dir}`).toEqual(sorted(rows, field, dir, rank));
      }
      const { ids } = await allPages(key, c.path, `sort=${sort}`, c.idField);
      expect(ids, `${name} sort=${sort} (default direction)`).toEqual(sorted(rows, field, order, rank));
    }

    if (c.search) {
      const expected = rows.filter(c.search.matches).map((r) => r.apiId ?? r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      const { ids, total } = await allPages(key, c.path, `q=${encodeURIComponent(c.search.q)}`, c.idField);
      expect(total).toBe(expected.length);
      expect(new Set(ids)).toEqual(new Set(expected));
    }
  });

  it("members (a dashboard-only list): q and sort through tRPC", async () => {
    const owner = (await newUser(api.services, ws, "owner")).user.id;
    const caller = createCaller(sessionContext(api.services, { userId: owner, workspaceId: ws }));
    const rows = (
      await api.services.db.prisma.membership.findMany({ where: { workspaceId: ws }, include: { user: true } })
    ).map((m) => ({ ...m, apiId: m.userId, email: m.user.email }));
    const all = async (input: { q?: string; sort?: "createdAt" | "role"; order?: Direction }) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const res = await caller.members.list({ ...input, page, limit: LIMIT });
        ids.push(...res.items.map((m) => m.userId));
        if (res.items.length < LIMIT) return { ids, total: res.total };
      }
    };
    const roles = await enumOrder("Role");
    for (const order of ["asc", "desc"] as const) {
      expect((await all({ sort: "createdAt", order })).ids).toEqual(sorted(rows, "id", order));
      expect((await all({ sort: "role", order })).ids).toEqual(sorted(rows, "role", order, roles));
    }
    const dana = rows.filter((r) => r.email.toLowerCase().includes("dana")).map((r) => r.apiId);
    const found = await all({ q: "DANA" });
    expect(found.total).toBe(dana.length);
    expect(new Set(found.ids)).toEqual(new Set(dana));
    expect(dana.length).toBeGreaterThan(0);
    expect(dana.length).toBeLessThan(rows.length);
  });

  it("documents q, sort and order on every list in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { description?: string; enum?: string[] } }[] } }
      >;
    };
    const paths = ["/app/projects", "/app/assets", "/app/scans", "/app/scans/{id}/findings", "/app/scans/{id}/issues"]
      .concat(["/app/issues", "/app/findings", "/app/audit-log", "/app/discovery/hosts", "/app/scan-schedules"])
      .concat(["/app/assessments"]);
    for (const path of paths) {
      const params = Object.fromEntries(doc.paths[path]!.get.parameters.map((p) => [p.name, p.schema]));
      expect(params.q?.description, path).toMatch(/containing this text/);
      expect(params.sort?.enum?.length, path).toBeGreaterThan(1);
      expect(params.sort?.description, path).toMatch(/ties broken by id/);
      expect(params.order?.enum, path).toEqual(["asc", "desc"]);
    }
  });

  it("matches the text literally: % and _ are not wildcards", async () => {
    const key = (await newApiKey(api.services, ws)).key;
    for (const q of ["%", "_", "s%p"]) {
      const res = await call(api.url, key, "GET", `/app/assets?q=${encodeURIComponent(q)}`);
      expect(res.headers.get("x-total-count"), q).toBe("0");
    }
  });

  it("refuses a bad sort, order or q naming the field", async () => {
    const key = (await newApiKey(api.services, ws)).key;
    for (const path of ["/app/issues", "/app/findings", "/app/assets", "/app/projects", "/app/audit-log"]) {
      await expectError(await call(api.url, key, "GET", `${path}?sort=nope`), 400, "VALIDATION_ERROR", "sort");
      await expectError(await call(api.url, key, "GET", `${path}?order=up`), 400, "VALIDATION_ERROR", "order");
      const long = "x".repeat(201);
      await expectError(await call(api.url, key, "GET", `${path}?q=${long}`), 400, "VALIDATION_ERROR", "q");
    }
    await expectError(await call(api.url, key, "GET", `/app/issues?q=%20`), 400, "VALIDATION_ERROR", "q");
  });
});
