// The overview over REST: rows seeded in SQL with known times give exact
// numbers for every part (open issues, the 30-day trend, the riskiest assets,
// recent changes, running scans, what waits), by project; isolation, scopes
// and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, newApiKey, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z").getTime();
const day = (k: number) => new Date(today - k * DAY).toISOString().slice(0, 10);
/** k days before today 00:00 UTC, plus hours. */
const at = (k: number, hours = 0) => new Date(today - k * DAY + hours * HOUR);

let seeded: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  api = await startApi();
  seeded = await seed();
});
afterAll(() => api.close());

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);
const one = async (text: string, values: unknown[]) => (await sql(text, values)).rows[0].id as number;

async function seed() {
  const { workspace, key } = await workspaceWithKey(api.services);
  const ws = workspace.id;
  const project = (name: string) =>
    one(`insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`, [ws, name]);
  const asset = (projectId: number, value: string, o: { proven?: boolean; status?: string } = {}) =>
    one(
      `insert into "Asset" ("workspaceId", "projectId", type, value, name, "ownershipToken", "ownershipVerifiedAt",
         status, "failReason", "updatedAt")
       values ($1, $2, 'domain', $3::text, upper($3::text), 'token', $4, $5::"AssetStatus", $6, now()) returning id`,
      [
        ws,
        projectId,
        value,
        o.proven === false ? null : at(50),
        o.status ?? "reachable",
        o.status === "unreachable" ? "no DNS address" : null,
      ],
    );
  const issue = (
    assetId: number,
    severity: string,
    firstSeenAt: Date,
    status = "open",
    x: { resolvedAt?: Date; dismissedAt?: Date } = {},
  ) =>
    one(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
         "dismissedAt", "dismissReason", "updatedAt")
       values ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, now()) returning id`,
      [
        ws,
        assetId,
        `test.${severity}.${Math.random().toString(36).slice(2, 8)}`,
        severity,
        status,
        firstSeenAt,
        x.resolvedAt ?? null,
        x.dismissedAt ?? null,
        status === "dismissed" ? "false-positive" : null,
      ],
    );
  const scan = (assetId: number, status: string) =>
    one(`insert into "Scan" ("workspaceId", "assetId", status, "updatedAt") values ($1, $2, $3, now()) returning id`, [
      ws,
      assetId,
      status,
    ]);

  const projectA = await project("A");
  const projectB = await project("B");
  const a1 = await asset(projectA, "a1.example.com");
  const a2 = await asset(projectA, "a2.example.com");
  const p1 = await asset(projectA, "pending.example.com", { proven: false, status: "pending" });
  const b1 = await asset(projectB, "b1.example.com");
  const u1 = await asset(projectB, "gone.example.com", { status: "unreachable" });

  const a1Critical = await issue(a1, "critical", at(2, 3));
  await issue(a1, "high", at(3, 3), "in-progress");
  const a1Medium = await issue(a1, "medium", at(10, 3), "resolved", { resolvedAt: at(1, 2) });
  await issue(a1, "low", at(5, 3), "dismissed", { dismissedAt: at(4, 3) });
  await issue(a2, "high", at(40, 3));
  await issue(a2, "medium", at(4, 5));
  const b1Critical = await issue(b1, "critical", at(1, 6));
  const b1Info = await issue(b1, "info", at(6, 3), "resolved", { resolvedAt: at(5, 3) });
  await sql(`update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = $2 where id = $1`, [
    b1Info,
    at(2, 5),
  ]);
  // A datastore port open on a1 (+10 to its risk), one closed since.
  await sql(
    `insert into "OpenPort" ("workspaceId", "assetId", port, service, "firstSeenAt", "closedAt")
     values ($1, $2, 3306, 'mysql', $3, null), ($1, $2, 21, 'ftp', $3, now())`,
    [ws, a1, new Date(Date.now() - 60_000)],
  );
  const running = await scan(a1, "running");
  const queued = await scan(b1, "queued");
  await scan(a2, "completed");

  const get = async <T>(path: string, credential = key) => {
    const res = await call(api.url, credential, "GET", path);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  return {
    ws,
    key,
    projectA,
    projectB,
    a1,
    a2,
    p1,
    b1,
    u1,
    a1Critical,
    a1Medium,
    b1Critical,
    b1Info,
    running,
    queued,
    get,
  };
}

interface Overview {
  projectId: number | null;
  openIssues: Record<string, number>;
  trend: { date: string; opened: number; resolved: number }[];
  riskiestAssets: { assetId: number; score: number; exposedPorts: number[] }[];
  recentChanges: {
    type: string;
    at: string;
    asset: { id: number; name: string | null; value: string };
    issue: { id: number; severity: string } | null;
    port: { port: number; service: string | null } | null;
  }[];
  runningScans: { total: number; items: { id: number; status: string }[] };
  waiting: Record<"ownershipPending" | "unreachable", { total: number; items: { id: number; status: string }[] }>;
}

describe("GET /app/overview", () => {
  it("counts open and in-progress issues by severity, dismissed and resolved ones left out", async () => {
    const o = await seeded.get<Overview>("/app/overview");
    expect(o.projectId).toBeNull();
    expect(o.openIssues).toEqual({ critical: 2, high: 2, medium: 1, low: 0, info: 1, total: 6 });
    // What the severity cards link to: the issues list of the same issues.
    const total = async (query: string) =>
      (await call(api.url, seeded.key, "GET", `/app/issues?${query}`)).headers.get("x-total-count");
    expect(await total("status=unresolved")).toBe("6");
    expect(await total("status=unresolved&severity=high")).toBe("2");
    expect(await total(`status=unresolved&projectId=${seeded.projectA}`)).toBe("4");
  });

  it("gives 30 days of opened and resolved issues, today last", async () => {
    const { trend } = await seeded.get<Overview>("/app/overview");
    expect(trend).toHaveLength(30);
    expect(trend[0]!.date).toBe(day(29));
    expect(trend[29]!.date).toBe(day(0));
    const on = (k: number) => trend.find((d) => d.date === day(k))!;
    // Six first seen in the window (the dismissed one left out, the 40-day-old one outside it); two resolutions.
    expect(trend.reduce((n, d) => n + d.opened, 0)).toBe(6);
    expect([1, 2, 3, 4, 6, 10].map((k) => on(k).opened)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(trend.reduce((n, d) => n + d.resolved, 0)).toBe(2);
    expect([on(1).resolved, on(5).resolved]).toEqual([1, 1]);
  });

  it("ranks the riskiest assets as the vulnerable-assets report does", async () => {
    const o = await seeded.get<Overview>("/app/overview");
    expect(o.riskiestAssets.map((r) => r.assetId)).toEqual([seeded.a1, seeded.b1, seeded.a2]);
    expect(o.riskiestAssets[0]!.exposedPorts).toEqual([3306]);
    const report = await seeded.get<Overview["riskiestAssets"]>("/app/reports/vulnerable-assets?limit=5");
    expect(o.riskiestAssets).toEqual(report);
  });

  it("lists the ten latest changes, newest first: issues opened, resolved, reopened and ports opened", async () => {
    const { recentChanges: c } = await seeded.get<Overview>("/app/overview");
    expect(c).toHaveLength(10);
    expect(c[0]).toMatchObject({
      type: "port.opened",
      asset: { id: seeded.a1, name: "A1.EXAMPLE.COM", value: "a1.example.com" },
      port: { port: 3306, service: "mysql" },
      issue: null,
    });
    expect(c.slice(1, 4).map((x) => [x.type, x.issue!.id])).toEqual([
      ["issue.opened", seeded.b1Critical],
      ["issue.resolved", seeded.a1Medium],
      ["issue.reopened", seeded.b1Info],
    ]);
    expect(c[4]).toMatchObject({ type: "issue.opened", issue: { id: seeded.a1Critical, severity: "critical" } });
    expect(c.map((x) => x.at)).toEqual([...c.map((x) => x.at)].sort().reverse());
    expect(c.some((x) => x.port?.port === 21)).toBe(false); // closed since
  });

  it("shows queued and running scans and what waits for the user", async () => {
    const o = await seeded.get<Overview>("/app/overview");
    expect(o.runningScans.total).toBe(2);
    expect(o.runningScans.items.map((s) => [s.id, s.status])).toEqual([
      [seeded.queued, "queued"],
      [seeded.running, "running"],
    ]);
    expect(o.waiting.ownershipPending).toMatchObject({ total: 1, items: [{ id: seeded.p1 }] });
    expect(o.waiting.unreachable).toMatchObject({
      total: 1,
      items: [{ id: seeded.u1, status: "unreachable", failReason: "no DNS address" }],
    });
  });

  it("narrows every part to one project", async () => {
    const o = await seeded.get<Overview>(`/app/overview?projectId=${seeded.projectA}`);
    expect(o.projectId).toBe(seeded.projectA);
    expect(o.openIssues).toEqual({ critical: 1, high: 2, medium: 1, low: 0, info: 0, total: 4 });
    expect(o.trend.reduce((n, d) => n + d.opened, 0)).toBe(4);
    expect(o.riskiestAssets.map((r) => r.assetId)).toEqual([seeded.a1, seeded.a2]);
    expect(new Set(o.recentChanges.map((c) => c.asset.id))).toEqual(new Set([seeded.a1, seeded.a2]));
    expect(o.runningScans.items.map((s) => s.id)).toEqual([seeded.running]);
    expect(o.waiting.ownershipPending.total).toBe(1);
    expect(o.waiting.unreachable.total).toBe(0);
  });

  it("answers an empty workspace with zeroes", async () => {
    const { key } = await workspaceWithKey(api.services);
    const o = await seeded.get<Overview>("/app/overview", key);
    expect(o.openIssues.total).toBe(0);
    expect(o.trend.every((d) => d.opened === 0 && d.resolved === 0)).toBe(true);
    expect([o.riskiestAssets, o.recentChanges, o.runningScans.items]).toEqual([[], [], []]);
    expect(o.waiting.ownershipPending.total + o.waiting.unreachable.total).toBe(0);
  });

  it("404s another workspace's project, 400s a malformed one, 403s a key without reports:read", async () => {
    const other = await workspaceWithKey(api.services);
    await expectError(
      await call(api.url, other.key, "GET", `/app/overview?projectId=${seeded.projectA}`),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await call(api.url, seeded.key, "GET", "/app/overview?projectId=abc"),
      400,
      "VALIDATION_ERROR",
      "projectId",
    );
    const narrow = await newApiKey(api.services, seeded.ws, { scopes: ["assets:read"] });
    await expectError(await call(api.url, narrow.key, "GET", "/app/overview"), 403, "SCOPE_REQUIRED");
  });
});
