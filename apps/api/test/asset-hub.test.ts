// What the asset hub, the scan page and the issue page read, over REST: a
// scan's comparison with the previous scan of its asset (new and fixed kinds,
// severity summary, stage seconds), its findings most severe first, an asset's
// open ports and active scan, and an issue's history with people's names.
// Rows are seeded in SQL; changes by people go through the dashboard's callers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createUserInWorkspace, sessionContext } from "@ems/core";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let ws: number;
let key: string;
let assetId: number;
const operator = { channel: "cli" as const, name: "test" };

beforeAll(async () => {
  api = await startApi();
  ({
    workspace: { id: ws },
    key,
  } = await workspaceWithKey(api.services));
  const project = await one(
    `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'P', now())
    returning id`,
    [ws],
  );
  assetId = await one(
    `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt",
       "updatedAt") values ($1, $2, 'domain', 'hub.example.com', 'token', now(), now()) returning id`,
    [ws, project],
  );
});
afterAll(() => api.close());

const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);
const one = async (text: string, values: unknown[]) => (await sql(text, values)).rows[0].id as number;
const get = async <T>(path: string, credential = key) => {
  const res = await call(api.url, credential, "GET", path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

const stage = (name: string, ms: number, timedOut = false) => ({ stage: name, ms, timedOut });
const scan = (status: string, stages: object[] = []) =>
  one(
    `insert into "Scan" ("workspaceId", "assetId", status, stages, "finishedAt", "updatedAt")
     values ($1, $2, $3, $4, now(), now()) returning id`,
    [ws, assetId, status, JSON.stringify(stages)],
  );
const findings = (scanId: number, rows: [kind: string, severity: string][]) =>
  Promise.all(
    rows.map(([kind, severity]) =>
      sql(
        `insert into "Finding" ("workspaceId", "scanId", "assetId", scanner, kind, title, severity)
         values ($1, $2, $3, 'test', $4::text, 'Seen: ' || $4::text, $5::"Severity")`,
        [ws, scanId, assetId, kind, severity],
      ),
    ),
  );

interface Comparison {
  scanId: number;
  summary: Record<string, number>;
  previousScan: { id: number } | null;
  newFindings: { total: number; items: { kind: string; severity: string }[] } | null;
  fixedFindings: { total: number; items: { kind: string; severity: string }[] } | null;
  stages: { stage: string; seconds: number; timedOut: boolean; error: string | null }[];
}

describe("scan comparison", () => {
  it("summarises by severity, and lists new and fixed kinds against the previous completed scan", async () => {
    const first = await scan("completed", [stage("ports", 1000), stage("http", 2000)]);
    await findings(first, [
      ["port.open.22", "medium"],
      ["http.missing-hsts", "low"],
      ["tls.weak-cipher", "high"],
    ]);
    const failed = await scan("failed"); // not a finished comparison point
    await findings(failed, [["http.exposed.env", "critical"]]);
    // http timed out this time: its kinds that are missing are not "fixed"; ports ran to the end: 22 is.
    const second = await scan("completed", [stage("ports", 12_345), stage("http", 600_000, true), stage("tls", 80)]);
    await findings(second, [
      ["tls.weak-cipher", "high"],
      ["http.exposed.git", "critical"],
      ["port.open.8080", "info"],
      ["port.open.8080", "info"], // one kind seen twice is one new kind
    ]);

    const c = await get<Comparison>(`/app/scans/${second}/comparison`);
    expect(c.summary).toEqual({ critical: 1, high: 1, medium: 0, low: 0, info: 2, total: 4 });
    expect(c.previousScan).toMatchObject({ id: first });
    expect(c.newFindings).toMatchObject({
      total: 2,
      items: [
        { kind: "http.exposed.git", severity: "critical" },
        { kind: "port.open.8080", severity: "info" },
      ],
    });
    expect(c.fixedFindings).toMatchObject({ total: 1, items: [{ kind: "port.open.22", severity: "medium" }] });
    expect(c.stages).toEqual([
      { stage: "ports", seconds: 12.3, timedOut: false, error: null },
      { stage: "http", seconds: 600, timedOut: true, error: null },
      { stage: "tls", seconds: 0.1, timedOut: false, error: null },
    ]);

    const firstC = await get<Comparison>(`/app/scans/${first}/comparison`);
    expect(firstC).toMatchObject({ previousScan: null, newFindings: null, fixedFindings: null });
    expect(firstC.summary.total).toBe(3);

    const list = await get<{ severity: string }[]>(`/app/scans/${second}/findings`);
    expect(list.map((f) => f.severity)).toEqual(["critical", "high", "info", "info"]);
  });

  it("404s another workspace's scan and 400s a malformed id", async () => {
    const s = await scan("completed");
    const other = await workspaceWithKey(api.services);
    await expectError(await call(api.url, other.key, "GET", `/app/scans/${s}/comparison`), 404, "NOT_FOUND");
    await expectError(await call(api.url, key, "GET", "/app/scans/1x/comparison"), 400, "VALIDATION_ERROR", "id");
  });
});

describe("the asset hub", () => {
  it("pages the asset's open ports with their issues, and names its active scan", async () => {
    await sql(
      `insert into "OpenPort" ("workspaceId", "assetId", port, service, banner, "closedAt")
       values ($1, $2, 443, 'https', null, null), ($1, $2, 22, 'ssh', 'OpenSSH_9.2', null),
              ($1, $2, 21, 'ftp', null, now())`,
      [ws, assetId],
    );
    const issueId = await one(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, port, "updatedAt")
       values ($1, $2, 'port.open.22', 'SSH open', 'medium', 22, now()) returning id`,
      [ws, assetId],
    );
    const res = await call(api.url, key, "GET", `/app/assets/${assetId}/ports?limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect(await res.json()).toMatchObject([
      { port: 22, service: "ssh", banner: "OpenSSH_9.2", issue: { id: issueId, severity: "medium", status: "open" } },
    ]);
    expect(await get(`/app/assets/${assetId}/ports?page=2&limit=1`)).toMatchObject([{ port: 443, issue: null }]);

    expect(await get(`/app/assets/${assetId}`)).toMatchObject({ activeScan: null, ownershipProvenBy: null });
    const active = await scan("running");
    expect(await get(`/app/assets/${assetId}`)).toMatchObject({
      activeScan: { id: active, status: "running", progress: 0 },
    });

    const other = await workspaceWithKey(api.services);
    await expectError(await call(api.url, other.key, "GET", `/app/assets/${assetId}/ports`), 404, "NOT_FOUND");
    await expectError(await call(api.url, key, "GET", `/app/assets/${assetId}/ports?limit=0`), 400, "VALIDATION_ERROR");
  });
});

interface HistoryEvent {
  action: string;
  actor: { type: string; name: string };
  status: { from: string | null; to: string | null } | null;
  assignee: { from: { id: number; name: string } | null; to: { id: number; name: string } | null } | null;
  dismissal: { reason: string | null } | null;
  scanId: number | null;
}

describe("issue history", () => {
  it("names who acted and whom they assigned", async () => {
    const person = (email: string, firstName: string, lastName: string) =>
      createUserInWorkspace(
        api.services,
        { workspaceId: ws, email, password: "correct horse battery", role: "member", firstName, lastName },
        operator,
      ).then((r) => r.user.id);
    const dana = await person("dana@team.example", "Dana", "Scully");
    const sam = await person("sam@team.example", "Sam", "");
    const issueId = await one(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, "updatedAt")
       values ($1, $2, 'http.exposed.git', 'Git exposed', 'high', now()) returning id`,
      [ws, assetId],
    );
    const asDana = createCaller(sessionContext(api.services, { userId: dana, workspaceId: ws }));
    await asDana.issues.setAssignee({ id: issueId, userId: sam });
    await asDana.issues.setStatus({ id: issueId, status: "in-progress" });
    await asDana.issues.setAssignee({ id: issueId, userId: null });
    await asDana.issues.dismiss({ id: issueId, reason: "accepted-risk" });
    await call(api.url, key, "POST", `/app/issues/${issueId}/comments`, { body: "noted" });

    const h = await get<HistoryEvent[]>(`/app/issues/${issueId}/history`);
    expect(h.map((e) => e.action)).toEqual([
      "issue.assign",
      "issue.status",
      "issue.assign",
      "issue.dismiss",
      "issue.comment",
    ]);
    expect(h[0]).toMatchObject({
      actor: { type: "user", name: "Dana Scully" },
      assignee: { from: null, to: { id: sam, name: "Sam" } },
      status: null,
    });
    expect(h[1]).toMatchObject({ status: { from: "open", to: "in-progress" }, assignee: null });
    expect(h[2]!.assignee).toEqual({ from: { id: sam, name: "Sam" }, to: null });
    expect(h[3]).toMatchObject({
      status: { from: "in-progress", to: "dismissed" },
      dismissal: { reason: "accepted-risk" },
    });
    expect(h[4]!.actor).toEqual({ type: "api-key", id: expect.any(Number), name: "test key" });

    const other = await workspaceWithKey(api.services);
    await expectError(await call(api.url, other.key, "GET", `/app/issues/${issueId}/history`), 404, "NOT_FOUND");
    await expectError(await call(api.url, key, "GET", "/app/issues/0/history"), 400, "VALIDATION_ERROR", "id");
  });
});
