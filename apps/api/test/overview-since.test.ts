// The overview's "since your last visit", "since yesterday" and 90-day exposure trend (docs/api.md, Overview): rows
// seeded in SQL at known instants around a clock the test sets, read over REST (API key) and through the dashboard's
// tRPC (a person's session, whose visits move the window).
import { createCaller, sessionContext } from "@ems/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, newUser, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const T0 = new Date(Math.floor(Date.now() / HOUR) * HOUR + 30 * MINUTE); // the clock's start, mid-hour
let clock = T0;
const hoursBefore = (h: number) => new Date(T0.getTime() - h * HOUR);

let api: TestApi;
let s: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  api = await startApi({ now: () => clock });
  s = await seed();
});
afterAll(() => api.close());

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);
const one = async (text: string, values: unknown[]) => (await sql(text, values)).rows[0].id as number;

async function seed() {
  const { workspace, key } = await workspaceWithKey(api.services);
  const ws = workspace.id;
  const owner = await newUser(api.services, ws, "owner");
  const project = (name: string) =>
    one(`insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`, [ws, name]);
  const asset = (projectId: number, value: string) =>
    one(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt", status,
         "updatedAt") values ($1, $2, 'domain', $3, 'token', now(), 'reachable', now()) returning id`,
      [ws, projectId, value],
    );
  const issue = (assetId: number, severity: string, firstSeenAt: Date, status = "open") =>
    one(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "dismissedAt",
         "dismissReason", "updatedAt")
       values ($1, $2, $3, $3, $4, $5, $6, $7, $8, $6) returning id`,
      [
        ws,
        assetId,
        `test.${severity}.${Math.random().toString(36).slice(2, 8)}`,
        severity,
        status,
        firstSeenAt,
        status === "dismissed" ? firstSeenAt : null,
        status === "dismissed" ? "false-positive" : null,
      ],
    );
  const host = (projectId: number, name: string, firstSeenAt: Date) =>
    sql(
      `insert into "DiscoveredHostname" ("workspaceId", "projectId", domain, host, sources, "firstSeenAt", "lastSeenAt")
       values ($1, $2, 'example.com', $3, '{crtsh}', $4, $4)`,
      [ws, projectId, name, firstSeenAt],
    );
  const port = (assetId: number, n: number, firstSeenAt: Date, closed = false) =>
    sql(
      `insert into "OpenPort" ("workspaceId", "assetId", port, service, "firstSeenAt", "closedAt")
       values ($1, $2, $3, 'http', $4, $5)`,
      [ws, assetId, n, firstSeenAt, closed ? T0 : null],
    );

  const projectA = await project("A");
  const projectB = await project("B");
  const a1 = await asset(projectA, "a1.example.com");
  const b1 = await asset(projectB, "b1.example.com");
  // Three days ago: outside "yesterday".
  const oldCritical = await issue(a1, "critical", hoursBefore(72));
  // The last 24 hours: a critical and a high on a1, a high on b1; medium, info and a dismissed critical left out.
  const newCritical = await issue(a1, "critical", hoursBefore(3));
  const newHigh = await issue(a1, "high", hoursBefore(5));
  const newHighB = await issue(b1, "high", hoursBefore(6));
  await issue(a1, "medium", hoursBefore(2));
  await issue(a1, "info", hoursBefore(2));
  await issue(b1, "critical", hoursBefore(4), "dismissed");
  // A high resolved four days ago and reopened two hours ago.
  const reopened = await issue(b1, "high", hoursBefore(120), "resolved");
  await sql(`update "Issue" set "resolvedAt" = $2, "updatedAt" = $2 where id = $1`, [reopened, hoursBefore(96)]);
  await sql(`update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = $2 where id = $1`, [
    reopened,
    hoursBefore(2),
  ]);
  await host(projectA, "new.example.com", hoursBefore(1));
  await host(projectB, "newer.example.com", hoursBefore(0.5));
  await host(projectA, "old.example.com", hoursBefore(48));
  await port(a1, 8080, hoursBefore(7));
  await port(a1, 9200, hoursBefore(8), true); // closed since
  await port(b1, 22, hoursBefore(30));
  const asOwner = createCaller(sessionContext(api.services, { userId: owner.user.id, workspaceId: ws }));
  return { ws, key, projectA, projectB, a1, b1, asOwner, oldCritical, newCritical, newHigh, newHighB, reopened };
}

interface Since {
  from: string;
  newIssues: { critical: number; high: number };
  reopenedIssues: { critical: number; high: number };
  issues: { change: string; issue: { id: number; severity: string }; asset: { id: number } }[];
  newHosts: { total: number; items: { host: string }[] };
  newPorts: { total: number; items: { port: { port: number }; asset: { id: number } }[] };
}
interface Overview {
  since: { lastVisit: Since | null; yesterday: Since };
  exposure: { date: string; critical: number; high: number; medium: number; low: number }[];
}

async function get(path = "/app/overview"): Promise<Overview> {
  const res = await call(api.url, s.key, "GET", path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Overview;
}

describe("the overview since yesterday", () => {
  it("counts critical and high issues first seen or reopened in the last 24 hours, the rest left out", async () => {
    clock = T0;
    const { since } = await get();
    expect(since.lastVisit).toBeNull(); // an API key is not a person: no visits
    const y = since.yesterday;
    expect(new Date(y.from).getTime()).toBe(T0.getTime() - 24 * HOUR);
    expect(y.newIssues).toEqual({ critical: 1, high: 2 });
    expect(y.reopenedIssues).toEqual({ critical: 0, high: 1 });
    // Critical first, then newest first.
    expect(y.issues.map((i) => [i.change, i.issue.id])).toEqual([
      ["new", s.newCritical],
      ["reopened", s.reopened],
      ["new", s.newHigh],
      ["new", s.newHighB],
    ]);
  });

  it("lists the hosts first discovered and the ports first seen open (and open still) in the window", async () => {
    const { yesterday: y } = (await get()).since;
    expect(y.newHosts.total).toBe(2);
    expect(y.newHosts.items.map((h) => h.host)).toEqual(["newer.example.com", "new.example.com"]);
    expect(y.newPorts.total).toBe(1);
    expect(y.newPorts.items.map((p) => [p.asset.id, p.port.port])).toEqual([[s.a1, 8080]]);
  });

  it("narrows to one project", async () => {
    const { yesterday: y } = (await get(`/app/overview?projectId=${s.projectB}`)).since;
    expect(y.newIssues).toEqual({ critical: 0, high: 1 });
    expect(y.reopenedIssues.high).toBe(1);
    expect(y.issues.every((i) => i.asset.id === s.b1)).toBe(true);
    expect(y.newHosts.items.map((h) => h.host)).toEqual(["newer.example.com"]);
    expect(y.newPorts.total).toBe(0);
  });
});

describe("the overview since your last visit", () => {
  it("has no last visit until a person looked, keeps the window while they stay, moves it next visit", async () => {
    clock = T0;
    expect((await s.asOwner.overview.get({})).since.lastVisit).toBeNull();
    // First look 10 hours ago: nothing before it counts as "since the last visit" yet.
    clock = hoursBefore(10);
    expect(await s.asOwner.overview.seen({})).toEqual({ seenAt: clock, lastVisitFrom: null });
    // Back now, after 10 hours away: the window starts where that visit ended.
    clock = T0;
    let o = await s.asOwner.overview.get({});
    expect(o.since.lastVisit?.from).toEqual(hoursBefore(10));
    expect(o.since.lastVisit?.newIssues).toEqual({ critical: 1, high: 2 });
    expect(o.since.lastVisit?.newHosts.total).toBe(2);
    expect(await s.asOwner.overview.seen({})).toEqual({ seenAt: T0, lastVisitFrom: hoursBefore(10) });
    // Refreshing within the visit keeps its window.
    clock = new Date(T0.getTime() + 20 * MINUTE);
    o = await s.asOwner.overview.get({});
    expect(o.since.lastVisit?.from).toEqual(hoursBefore(10));
    await s.asOwner.overview.seen({});
    // An hour later, a new visit: since the end of the last one, nothing new.
    clock = new Date(T0.getTime() + 80 * MINUTE);
    o = await s.asOwner.overview.get({});
    expect(o.since.lastVisit?.from).toEqual(new Date(T0.getTime() + 20 * MINUTE));
    expect(o.since.lastVisit?.newIssues).toEqual({ critical: 0, high: 0 });
    expect(o.since.lastVisit?.issues).toEqual([]);
  });

  it("is a no-op for an API key, and 403s a key without reports:read", async () => {
    const res = await call(api.url, s.key, "POST", "/app/overview/seen", {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { lastVisitFrom: unknown }).lastVisitFrom).toBeNull();
    const narrow = await workspaceWithKey(api.services, { scopes: ["assets:read"] });
    await expectError(await call(api.url, narrow.key, "POST", "/app/overview/seen", {}), 403, "SCOPE_REQUIRED");
  });
});

describe("the exposure trend", () => {
  it("gives 90 days of open issues by severity, today last, info left out", async () => {
    clock = T0;
    const { exposure } = await get();
    expect(exposure).toHaveLength(90);
    expect(exposure.at(-1)!.date).toBe(T0.toISOString().slice(0, 10));
    expect(Object.keys(exposure[0]!).sort()).toEqual(["critical", "date", "high", "low", "medium"]);
    // Today: the old and the new critical; two new highs and the reopened one; one medium.
    expect(exposure.at(-1)).toMatchObject({ critical: 2, high: 3, medium: 1, low: 0 });
    // Ten days ago none of them was open.
    expect(exposure.at(-11)).toMatchObject({ critical: 0, high: 0, medium: 0, low: 0 });
  });
});

describe("the overview's SLA and top problems", () => {
  it("counts breaches and issues at risk now and in the window, and ranks problems by priority", async () => {
    clock = T0;
    const { workspace, key } = await workspaceWithKey(api.services);
    const ws = workspace.id;
    const { rows: p } = await sql(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'S', now()) returning id`,
      [ws],
    );
    const asset = await one(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt", status,
         "updatedAt") values ($1, $2, 'domain', 'sla.example.com', 'token', now(), 'reachable', now()) returning id`,
      [ws, p[0].id],
    );
    const issue = (kind: string, severity: string, daysAgo: number) =>
      one(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "updatedAt")
         values ($1, $2, $3, $3, $4, 'open', $5, $5) returning id`,
        [ws, asset, kind, severity, hoursBefore(daysAgo * 24)],
      );
    // Critical: 15 days. Past due 12 hours ago; 13 of 15 days gone (at risk); a high of yesterday; an old info.
    const breached = await issue("sla.breached", "critical", 15.5);
    const atRisk = await issue("sla.at-risk", "critical", 13);
    const fresh = await issue("sla.fresh", "high", 1);
    await issue("sla.info", "info", 100);
    const res = await call(api.url, key, "GET", "/app/overview");
    expect(res.status).toBe(200);
    const o = (await res.json()) as {
      sla: Record<"breached" | "atRisk", { total: number; items: { id: number }[] }>;
      since: { yesterday: { slaBreaches: { total: number; items: { id: number }[] } } };
      topProblems: { id: number; kind: string; priority: { band: string } }[];
    };
    expect(o.sla.breached).toMatchObject({ total: 1, items: [{ id: breached }] });
    expect(o.sla.atRisk).toMatchObject({ total: 1, items: [{ id: atRisk }] });
    expect(o.since.yesterday.slaBreaches).toMatchObject({ total: 1, items: [{ id: breached }] });
    // The two criticals first (same score: the newer first), the high after; info never.
    expect(o.topProblems.map((t) => t.id)).toEqual([atRisk, breached, fresh]);
    expect(o.topProblems.map((t) => t.kind)).not.toContain("sla.info");
  });
});
