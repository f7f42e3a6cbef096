// Scans and their findings end to end (see scan-fixture.ts): starting, refusing,
// what a scan files and how rescans move issues, cancelling and deleting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import type { TestWebServers } from "@ems/scanners/testing";
import { call, expectError, newApiKey, workspaceWithKey, type TestApi } from "./harness.ts";
import { finished, issues, PAGE, req, scanOnce, startScanEnvironment, type Issue, type Scan } from "./scan-fixture.ts";

let api: TestApi;
let web: TestWebServers;
let workspaceId: number;
let assetId: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ api, web, workspaceId, assetId, close } = await startScanEnvironment());
});
afterAll(() => close());

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
      confidence: string;
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
    // How sure each finding is: the .git content was seen; the web server was named from its header.
    expect(git.confidence).toBe("confirmed");
    expect(findings.find((f) => f.kind === "tech.apache-http-server")?.confidence).toBe("firm");
    for (const f of findings) expect(["confirmed", "firm", "tentative"], f.kind).toContain(f.confidence);
    expect(String(git.evidence.response ?? "")).toMatch(/repositoryformatversion|refs\/heads/);

    const open = await issues("&status=open");
    expect(new Set(open.map((i) => i.kind)).size).toBe(open.length);
    expect(open.find((i) => i.kind === "http.exposed.git")).toMatchObject({ confidence: "confirmed" });
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
