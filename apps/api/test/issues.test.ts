// The issue workflow and open ports over REST (see scan-fixture.ts), on issues a
// real scan of the planted site filed, and ports a real port scan found.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { call, expectError, newApiKey, newUser, workspaceWithKey, type TestApi } from "./harness.ts";
import {
  finished,
  issues,
  proveAsset,
  req,
  scanOnce,
  startScanEnvironment,
  type Issue,
  type Scan,
} from "./scan-fixture.ts";

let api: TestApi;
let workspaceId: number;
let projectId: number;
let assetId: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ api, workspaceId, projectId, assetId, close } = await startScanEnvironment());
  await proveAsset(assetId);
  await scanOnce();
});
afterAll(() => close());

describe("the issue workflow", () => {
  it("moves through statuses, takes a member as assignee, and audits every change", async () => {
    const [issue] = await issues("&status=open");
    const member = await newUser(api.services, workspaceId, "member");
    const outsider = await workspaceWithKey(api.services);
    for (const status of ["in-progress", "resolved", "open"] as const) {
      const res = await req("PATCH", `/app/issues/${issue!.id}/status`, { status });
      expect((await res.json()) as Issue).toMatchObject({ status });
    }
    await expectError(
      await req("PATCH", `/app/issues/${issue!.id}/status`, { status: "dismissed" }),
      400,
      "VALIDATION_ERROR",
      "status",
    );
    expect(
      ((await (await req("PATCH", `/app/issues/${issue!.id}/assignee`, { userId: member.user.id })).json()) as Issue)
        .assignee,
    ).toMatchObject({ id: member.user.id });
    await expectError(
      await req("PATCH", `/app/issues/${issue!.id}/assignee`, { userId: 999_999 }),
      400,
      "VALIDATION_ERROR",
      "userId",
    );
    expect(
      ((await (await req("PATCH", `/app/issues/${issue!.id}/assignee`, { userId: null })).json()) as Issue).assignee,
    ).toBeNull();
    await expectError(
      await call(api.url, outsider.key, "PATCH", `/app/issues/${issue!.id}/status`, { status: "resolved" }),
      404,
      "NOT_FOUND",
    );
    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({
        where: { resourceId: String(issue!.id), actorType: "api_key" },
        orderBy: { id: "asc" },
      }),
    );
    expect(entries.map((e) => e.action)).toEqual([
      "issue.status",
      "issue.status",
      "issue.status",
      "issue.assign",
      "issue.assign",
    ]);
    expect(entries[0]!.changes).toMatchObject({ status: { before: "open", after: "in-progress" } });
  });

  it("comments: listed oldest first, edited and deleted by their author only", async () => {
    const [issue] = await issues();
    const other = await newApiKey(api.services, workspaceId);
    const c1 = await req("POST", `/app/issues/${issue!.id}/comments`, { body: "Looking into it" });
    expect(c1.status).toBe(201);
    const comment = (await c1.json()) as { id: number; author: { type: string; name: string } };
    expect(comment.author).toMatchObject({ type: "api-key", name: "test key" });
    await req("POST", `/app/issues/${issue!.id}/comments`, { body: "Second" }, other.key);
    await expectError(
      await req("POST", `/app/issues/${issue!.id}/comments`, { body: "   " }),
      400,
      "VALIDATION_ERROR",
      "body",
    );
    const list = await req("GET", `/app/issues/${issue!.id}/comments`);
    expect(list.headers.get("x-total-count")).toBe("2");
    expect(((await list.json()) as { body: string }[]).map((c) => c.body)).toEqual(["Looking into it", "Second"]);

    await expectError(
      await req("PATCH", `/app/issues/${issue!.id}/comments/${comment.id}`, { body: "hijack" }, other.key),
      403,
      "NOT_COMMENT_AUTHOR",
    );
    await expectError(
      await req("DELETE", `/app/issues/${issue!.id}/comments/${comment.id}`, undefined, other.key),
      403,
      "NOT_COMMENT_AUTHOR",
    );
    expect(
      (
        (await (
          await req("PATCH", `/app/issues/${issue!.id}/comments/${comment.id}`, { body: "Fixed in #12" })
        ).json()) as { body: string }
      ).body,
    ).toBe("Fixed in #12");
    expect((await req("DELETE", `/app/issues/${issue!.id}/comments/${comment.id}`)).status).toBe(200);
    await expectError(await req("DELETE", `/app/issues/${issue!.id}/comments/${comment.id}`), 404, "NOT_FOUND");
    await expectError(await req("PATCH", `/app/issues/999999/comments/1`, { body: "x" }), 404, "NOT_FOUND");
  });

  it("filters the issue list and answers 400 for bad filters", async () => {
    const high = (await (await req("GET", `/app/issues?severity=high`)).json()) as Issue[];
    expect(high.every((i) => i.severity === "high")).toBe(true);
    // unresolved = open or in progress (the dashboard's default view).
    const list = async (q: string) => (await (await req("GET", `/app/issues?limit=500${q}`)).json()) as Issue[];
    const [first] = await issues("&status=open");
    await req("PATCH", `/app/issues/${first!.id}/status`, { status: "in-progress" });
    const ids = (items: Issue[]) => items.map((i) => i.id).sort((a, b) => a - b);
    const unresolved = await list("&status=unresolved");
    expect(unresolved.some((i) => i.id === first!.id)).toBe(true);
    expect(ids(unresolved)).toEqual(ids((await list("")).filter((i) => ["open", "in-progress"].includes(i.status))));
    await req("PATCH", `/app/issues/${first!.id}/status`, { status: "resolved" });
    expect((await list("&status=unresolved")).some((i) => i.id === first!.id)).toBe(false);
    await req("PATCH", `/app/issues/${first!.id}/status`, { status: "open" });
    await expectError(await req("GET", `/app/issues?status=closed`), 400, "VALIDATION_ERROR", "status");
    await expectError(await req("GET", `/app/issues?severity=urgent`), 400, "VALIDATION_ERROR", "severity");
  });
});

describe("open ports", () => {
  it("a real port scan records open ports, groups them by port, and forgets a port that closed", async () => {
    // Listeners on 127.0.0.9 at ports of nmap's top 100 (a datastore among them).
    const listen = (port: number) =>
      new Promise<Server>((resolve, reject) => {
        const server = createServer((socket) => socket.destroy());
        server.once("error", reject).listen(port, "127.0.0.9", () => resolve(server));
      });
    const [postgres, mysql] = await Promise.all([listen(5432), listen(3306)]);
    try {
      const res = await req("POST", "/app/assets", {
        projectId,
        type: "ipv4",
        value: "127.0.0.9",
        portScanMode: "top100",
      });
      const ip = (await res.json()) as { id: number };
      await proveAsset(ip.id);
      const scanOf = async () => {
        const started = await req("POST", "/app/scans", { assetId: ip.id });
        expect(started.status, await started.clone().text()).toBe(201);
        const done = await finished(((await started.json()) as Scan).id);
        expect(done.stages.map((s) => s.stage)).toContain("ports");
        return done;
      };
      const portsOf = async () => {
        const groups = (await (await req("GET", "/app/ports")).json()) as {
          port: number;
          assets: { value: string }[];
        }[];
        return groups.filter((g) => g.assets.some((x) => x.value === "127.0.0.9")).map((g) => g.port);
      };

      await scanOf();
      expect(await portsOf()).toEqual(expect.arrayContaining([5432, 3306]));
      const portIssues = () => req("GET", `/app/issues?assetId=${ip.id}&limit=500`).then((r) => r.json());
      const open = ((await portIssues()) as Issue[]).filter((i) => i.kind.startsWith("port.open."));
      expect(open.map((i) => i.kind)).toEqual(expect.arrayContaining(["port.open.5432", "port.open.3306"]));

      await new Promise((r) => mysql.close(r));
      await scanOf();
      expect(await portsOf()).toContain(5432);
      expect(await portsOf()).not.toContain(3306);
      const after = (await portIssues()) as Issue[];
      expect(after.find((i) => i.kind === "port.open.3306")?.status).toBe("resolved");
      expect(after.find((i) => i.kind === "port.open.5432")?.status).toBe("open");
    } finally {
      postgres.close();
      mysql.close();
    }
  });
});

describe("reading one issue", () => {
  it("GET /app/issues/{id}: every field with its asset and findings; 404 for another workspace or none", async () => {
    const [listed] = await issues("&status=open");
    const res = await req("GET", `/app/issues/${listed!.id}`);
    expect(res.status).toBe(200);
    const issue = (await res.json()) as Issue & { asset: { id: number; value: string }; findings?: unknown[] };
    expect(issue).toMatchObject({
      id: listed!.id,
      kind: listed!.kind,
      status: "open",
      severity: listed!.severity,
      asset: { id: assetId, value: "scan-target.com" },
    });
    expect(issue.findingsCount).toBeGreaterThan(0);
    const outsider = await workspaceWithKey(api.services);
    await expectError(await call(api.url, outsider.key, "GET", `/app/issues/${listed!.id}`), 404, "NOT_FOUND");
    await expectError(await req("GET", `/app/issues/999999`), 404, "NOT_FOUND");
    await expectError(await req("GET", `/app/issues/x`), 400, "VALIDATION_ERROR", "id");
  });
});

describe("dismissals that expire", () => {
  it("an issue dismissed until a date stays dismissed before it and reopens at the first scan after it", async () => {
    const target = (await issues("&status=open")).find((i) => i.kind === "http.version-disclosure")!;
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const dismissed = await req("PATCH", `/app/issues/${target.id}/dismiss`, { reason: "accepted-risk", until });
    expect(await dismissed.json()).toMatchObject({ status: "dismissed", dismissedUntil: until });
    await scanOnce();
    expect((await issues()).find((i) => i.id === target.id)!.status).toBe("dismissed");

    // The date passes (moved into the past in the database, as the clock would).
    await runInWorkspace(workspaceId, () =>
      api.services.scoped.issue.update({
        where: { id: target.id },
        data: { dismissedUntil: new Date(Date.now() - 1000) },
      }),
    );
    await scanOnce();
    const reopened = (await (await req("GET", `/app/issues/${target.id}`)).json()) as Issue & {
      dismissReason: string | null;
      dismissedUntil: string | null;
    };
    expect(reopened).toMatchObject({ status: "open", dismissReason: null, dismissedUntil: null });
  });
});
