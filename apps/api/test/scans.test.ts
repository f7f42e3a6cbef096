// Scans, findings and the issue workflow end to end: real DNS and HTTP(S)
// servers on 127.0.0.1 with planted problems, the queue and a worker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import { call, expectError, newApiKey, newUser, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let key: string;
let workspaceId: number;
let assetId: number;

// A site with problems to find: no security headers, a version in Server, an exposed .git.
const PAGE = {
  status: 200,
  headers: { server: "Apache/2.4.41 (Ubuntu)" },
  body: "<html><head><title>Target</title></head><body>hi</body></html>",
};

beforeAll(async () => {
  dns = await startDnsServer();
  web = await startTestWebServers({ hostnames: ["scan-target.com", "localhost"] });
  dns.set("scan-target.com", { A: ["127.0.0.1"] });
  web.route("scan-target.com/", PAGE);
  web.route("scan-target.com/.git/HEAD", {
    status: 200,
    headers: { "content-type": "text/plain" },
    body: "ref: refs/heads/main\n",
  });
  web.route("scan-target.com/.git/config", {
    status: 200,
    headers: { "content-type": "text/plain" },
    body: '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = git@example.com:acme/site.git\n',
  });
  api = await startApi({ net: testNetConfig(dns, web), worker: true });
  ({
    key,
    workspace: { id: workspaceId },
  } = await workspaceWithKey(api.services, { plan: "pro" }));
  const project = (
    (await (await call(api.url, key, "POST", "/app/projects", { name: "Scanned" })).json()) as { id: number }
  ).id;
  const asset = (await (
    await call(api.url, key, "POST", "/app/assets", {
      projectId: project,
      type: "domain",
      value: "scan-target.com",
      portScanMode: "off",
    })
  ).json()) as { id: number };
  assetId = asset.id;
});
afterAll(async () => {
  await api.close();
  await web.close();
  await dns.close();
});

const req = (method: string, path: string, body?: unknown, credential = key) =>
  call(api.url, credential, method, path, body);
interface Scan {
  id: number;
  status: string;
  stage: string | null;
  progress: number;
  error: string | null;
  findingsCount: number;
  stages: { stage: string }[];
}
interface Issue {
  id: number;
  kind: string;
  status: string;
  severity: string;
  lastSeenAt: string;
  findingsCount: number;
  assignee: { id: number } | null;
}

/** Waits for the scan to end (on the database, see `until`), then reads it over REST. */
async function finished(id: number): Promise<Scan> {
  const status = () => api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } });
  await until(async () => !["queued", "running"].includes((await status()).status), `scan ${id}`);
  return (await (await req("GET", `/app/scans/${id}`)).json()) as Scan;
}

async function scanOnce(): Promise<Scan> {
  const res = await req("POST", "/app/scans", { assetId });
  expect(res.status, await res.clone().text()).toBe(201);
  return finished(((await res.json()) as Scan).id);
}

const issues = async (query = "") =>
  (await (await req("GET", `/app/issues?assetId=${assetId}&limit=500${query}`)).json()) as Issue[];

describe("starting scans", () => {
  it("refuses an asset whose ownership is not proven, then queues one scan at a time", async () => {
    await expectError(await req("POST", "/app/scans", { assetId }), 409, "OWNERSHIP_NOT_PROVEN");
    await runInWorkspace(workspaceId, () =>
      api.services.scoped.asset.update({
        where: { id: assetId },
        data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
      }),
    );

    const res = await req("POST", "/app/scans", { assetId });
    expect(res.status).toBe(201);
    expect(res.headers.get("ratelimit-limit")).toBe("60");
    const scan = (await res.json()) as Scan & { asset: { value: string }; trigger: string };
    expect(scan).toMatchObject({
      status: "queued",
      trigger: "manual",
      progress: 0,
      asset: { value: "scan-target.com" },
    });
    await expectError(await req("POST", "/app/scans", { assetId }), 409, "SCAN_ALREADY_ACTIVE");
    const done = await finished(scan.id);
    expect(done, JSON.stringify(done)).toMatchObject({
      status: "completed",
      progress: 100,
      stage: "done",
      error: null,
    });
    expect(done.stages.map((s) => s.stage)).toEqual(expect.arrayContaining(["http", "technologies", "templates"]));
    expect(done.stages.map((s) => s.stage)).not.toContain("ports");
    expect(((await (await req("GET", "/app/scans/active")).json()) as Scan[]).length).toBe(0);
  });

  it("answers 400 for bad input and 404 for another workspace's asset or scan", async () => {
    await expectError(await req("POST", "/app/scans", {}), 400, "VALIDATION_ERROR", "assetId");
    await expectError(await req("POST", "/app/scans", { assetId: "x" }), 400, "VALIDATION_ERROR", "assetId");
    const other = await workspaceWithKey(api.services);
    await expectError(await call(api.url, other.key, "POST", "/app/scans", { assetId }), 404, "NOT_FOUND", "assetId");
    const [mine] = (await (await req("GET", "/app/scans")).json()) as Scan[];
    await expectError(await call(api.url, other.key, "GET", `/app/scans/${mine!.id}`), 404, "NOT_FOUND");
    await expectError(await call(api.url, other.key, "GET", `/app/scans/${mine!.id}/findings`), 404, "NOT_FOUND");
    const readOnly = await newApiKey(api.services, workspaceId, { scopes: ["scans:read"] });
    await expectError(await req("POST", "/app/scans", { assetId }, readOnly.key), 403, "SCOPE_REQUIRED");
  });
});

describe("findings and issues", () => {
  it("keeps each finding with its evidence and files one issue per kind", async () => {
    const [scan] = (await (await req("GET", `/app/scans?assetId=${assetId}`)).json()) as Scan[];
    const findings = (await (await req("GET", `/app/scans/${scan!.id}/findings?limit=500`)).json()) as {
      kind: string;
      issueId: number;
      evidence: Record<string, unknown>;
    }[];
    const kinds = findings.map((f) => f.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "http.exposed.git",
        "http.version-disclosure",
        "http.missing-header.content-security-policy",
      ]),
    );
    const git = findings.find((f) => f.kind === "http.exposed.git")!;
    expect(String(git.evidence.url)).toContain("/.git/");
    expect(String(git.evidence.response ?? "")).toMatch(/repositoryformatversion|refs\/heads/);

    const open = await issues("&status=open");
    expect(new Set(open.map((i) => i.kind)).size).toBe(open.length);
    expect(open.map((i) => i.kind)).toEqual(expect.arrayContaining(kinds.filter((k) => !k.startsWith("tech."))));
    const scanIssues = (await (await req("GET", `/app/scans/${scan!.id}/issues?limit=500`)).json()) as Issue[];
    expect(scanIssues.length).toBe(new Set(findings.map((f) => f.issueId)).size);
    const all = (await (await req("GET", `/app/findings?assetId=${assetId}&severity=high`)).json()) as {
      kind: string;
    }[];
    expect(all.map((f) => f.kind)).toContain("http.exposed.git");
  });

  it("a rescan refreshes what it sees again, resolves what is gone, and reopens what comes back", async () => {
    const before = await issues();
    const git = before.find((i) => i.kind === "http.exposed.git")!;
    // Fix the .git exposure.
    web.route("scan-target.com/.git/HEAD", { status: 404, body: "" });
    web.route("scan-target.com/.git/config", { status: 404, body: "" });
    await scanOnce();
    const after = await issues();
    expect(after.find((i) => i.id === git.id)!.status).toBe("resolved");
    const version = after.find((i) => i.kind === "http.version-disclosure")!;
    expect(version.status).toBe("open");
    expect(Date.parse(version.lastSeenAt)).toBeGreaterThan(
      Date.parse(before.find((i) => i.kind === "http.version-disclosure")!.lastSeenAt),
    );
    expect(after.find((i) => i.id === git.id)!.findingsCount).toBe(git.findingsCount);

    // It comes back: the same issue reopens.
    web.route("scan-target.com/.git/HEAD", {
      status: 200,
      headers: { "content-type": "text/plain" },
      body: "ref: refs/heads/main\n",
    });
    web.route("scan-target.com/.git/config", {
      status: 200,
      headers: { "content-type": "text/plain" },
      body: "[core]\n\trepositoryformatversion = 0\n",
    });
    await scanOnce();
    const reopened = (await issues()).find((i) => i.id === git.id)!;
    expect(reopened.status).toBe("open");
    expect(reopened.findingsCount).toBe(git.findingsCount + 1);
    const log = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({
        where: { resourceType: "issue", resourceId: String(git.id) },
        orderBy: { id: "asc" },
      }),
    );
    expect(log.map((e) => e.action)).toEqual(["issue.resolve", "issue.reopen"]);
    expect(log[0]).toMatchObject({ actorType: "system", channel: "system" });
  });

  it("a dismissed issue stays dismissed through rescans and out of the open counts", async () => {
    const target = (await issues("&status=open")).find((i) => i.kind === "http.version-disclosure")!;
    await expectError(
      await req("PATCH", `/app/issues/${target.id}/dismiss`, { reason: "because" }),
      400,
      "VALIDATION_ERROR",
      "reason",
    );
    await expectError(
      await req("PATCH", `/app/issues/${target.id}/dismiss`, {
        reason: "accepted-risk",
        until: "2001-01-01T00:00:00Z",
      }),
      400,
      "VALIDATION_ERROR",
      "until",
    );
    const dismissed = await req("PATCH", `/app/issues/${target.id}/dismiss`, {
      reason: "accepted-risk",
      note: "banner required by the vendor",
    });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toMatchObject({
      status: "dismissed",
      dismissReason: "accepted-risk",
      dismissNote: "banner required by the vendor",
      dismissedUntil: null,
    });
    await scanOnce();
    expect((await issues()).find((i) => i.id === target.id)!.status).toBe("dismissed");
    const [asset] = (await (await req("GET", `/app/assets?limit=500`)).json()) as {
      id: number;
      issueCounts: { open: number };
    }[];
    expect(asset!.issueCounts.open).toBe((await issues("&status=open")).length);
    // Reopened by hand.
    expect(await (await req("PATCH", `/app/issues/${target.id}/status`, { status: "open" })).json()).toMatchObject({
      status: "open",
      dismissReason: null,
    });
  });
});

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
    await expectError(await req("GET", `/app/issues?status=closed`), 400, "VALIDATION_ERROR", "status");
    await expectError(await req("GET", `/app/issues?severity=urgent`), 400, "VALIDATION_ERROR", "severity");
  });
});

describe("open ports", () => {
  it("groups open-port issues by port with the assets where each is open", async () => {
    const other = (await (
      await req("POST", "/app/assets", {
        projectId: ((await (await req("GET", "/app/projects")).json()) as { id: number }[])[0]!.id,
        type: "ipv4",
        value: "127.0.0.9",
        portScanMode: "off",
      })
    ).json()) as { id: number };
    await runInWorkspace(workspaceId, async () => {
      for (const [asset, port, service, banner] of [
        [assetId, 22, "ssh", "SSH-2.0-OpenSSH_9.6"],
        [other.id, 22, "ssh", "SSH-2.0-OpenSSH_8.9"],
        [other.id, 5432, "postgresql", null],
      ] as const) {
        await api.services.scoped.issue.create({
          data: {
            workspaceId,
            assetId: asset,
            kind: `port.open.${port}`,
            title: `Port ${port} open`,
            severity: port === 5432 ? "high" : "medium",
            port,
          },
        });
        await api.services.scoped.openPort.create({ data: { workspaceId, assetId: asset, port, service, banner } });
      }
    });
    const res = await req("GET", "/app/ports");
    expect(res.status).toBe(200);
    const groups = (await res.json()) as {
      port: number;
      service: string;
      assets: { value: string; banner: string | null }[];
    }[];
    expect(groups.map((g) => g.port)).toEqual([22, 5432]);
    expect(groups[0]!.service).toBe("ssh");
    expect(groups[0]!.assets.map((a) => a.value).sort()).toEqual(["127.0.0.9", "scan-target.com"]);
    expect(groups[0]!.assets.find((a) => a.value === "scan-target.com")!.banner).toBe("SSH-2.0-OpenSSH_9.6");
  });
});

describe("cancelling and deleting scans", () => {
  it("cancels an active scan (it ends as cancelled) and deletes a finished one with its findings", async () => {
    // A slow page keeps the HTTP stage busy long enough to cancel it.
    web.route("scan-target.com/", async (_req, res) => {
      await new Promise((r) => setTimeout(r, 2500));
      res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    });
    const started = (await (await req("POST", "/app/scans", { assetId })).json()) as Scan;
    for (let i = 0; i < 50; i++) {
      if (((await (await req("GET", `/app/scans/${started.id}`)).json()) as Scan).status === "running") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const cancelled = await req("DELETE", `/app/scans/${started.id}`);
    expect(await cancelled.json()).toMatchObject({ outcome: "cancelled" });
    const end = await finished(started.id);
    expect(end.status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 6000)); // past a heartbeat: the worker noticed and stopped
    expect(((await (await req("GET", `/app/scans/${started.id}`)).json()) as Scan).status).toBe("cancelled");
    web.route("scan-target.com/", PAGE);

    const [done] = (await (await req("GET", `/app/scans?status=completed`)).json()) as Scan[];
    const deleted = await req("DELETE", `/app/scans/${done!.id}`);
    expect(await deleted.json()).toMatchObject({ outcome: "deleted" });
    await expectError(await req("GET", `/app/scans/${done!.id}`), 404, "NOT_FOUND");
    expect((await req("GET", `/app/findings?scanId=${done!.id}`)).headers.get("x-total-count")).toBe("0");
  });
});
