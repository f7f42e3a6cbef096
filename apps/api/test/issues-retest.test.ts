// Retesting issues end to end (see scan-fixture.ts): a real worker runs a scan focused on the issue's kind against
// the site on 127.0.0.1. Still served: the issue stays (or is reopened) with fresh evidence; removed: it is resolved
// and verified; nothing else of the asset moves. Over REST with an API key and an OAuth token, and through tRPC as a
// dashboard session; a hand-resolved issue is "not verified" until a retest confirms it; refusals in the error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import type { TestWebServers } from "@ems/scanners/testing";
import {
  call,
  clientCredentialsToken,
  expectError,
  newApiKey,
  newOAuthApp,
  newUser,
  workspaceWithKey,
  type TestApi,
} from "./harness.ts";
import { finished, issues, PAGE, proveAsset, req, scanOnce, startScanEnvironment, type Issue } from "./scan-fixture.ts";

let api: TestApi;
let web: TestWebServers;
let workspaceId: number;
let assetId: number;
let projectId: number;
let close: () => Promise<void>;
let firstScanId: number;

const GIT = "http.exposed.git";
const GIT_ROUTES = {
  "scan-target.com/.git/HEAD": {
    status: 200,
    headers: { "content-type": "text/plain" },
    body: "ref: refs/heads/main\n",
  },
  "scan-target.com/.git/config": {
    status: 200,
    headers: { "content-type": "text/plain" },
    body: "[core]\n\trepositoryformatversion = 0\n",
  },
};
const removeGit = () => Object.keys(GIT_ROUTES).forEach((k) => web.routes.delete(k));
const restoreGit = () => Object.entries(GIT_ROUTES).forEach(([k, r]) => web.route(k, r));

type RetestScan = {
  id: number;
  status: string;
  trigger: string;
  focus: { issueIds: number[]; kinds: string[]; ports: number[]; lookedAt: string[] | null } | null;
};
type FullIssue = Issue & { verified: boolean | null; resolvedAt: string | null; updatedAt: string };

const issueNamed = async (kind: string) => (await issues()).find((i) => i.kind === kind) as FullIssue;
const getIssue = async (id: number) => (await (await req("GET", `/app/issues/${id}`)).json()) as FullIssue;

/** A retest as each kind of caller makes it: the queued scan. */
type Retester = (issueId: number) => Promise<RetestScan>;
let byKey: Retester;
let byOAuth: Retester;
let bySession: Retester;

beforeAll(async () => {
  ({ api, web, workspaceId, assetId, projectId, close } = await startScanEnvironment());
  await proveAsset(assetId);
  firstScanId = (await scanOnce()).id;
  const rest =
    (credential: string): Retester =>
    async (id) => {
      const res = await call(api.url, credential, "POST", `/app/issues/${id}/retest`);
      expect(res.status, await res.clone().text()).toBe(202);
      return (await res.json()) as RetestScan;
    };
  const key = await newApiKey(api.services, workspaceId, { scopes: ["scans:write", "issues:read", "scans:read"] });
  byKey = rest(key.key);
  const app = await newOAuthApp(api.services, workspaceId, ["scans:write"]);
  byOAuth = rest((await clientCredentialsToken(api.url, app, "scans:write")).access_token);
  const member = await newUser(api.services, workspaceId, "member");
  const caller = createCaller(sessionContext(api.services, { userId: member.user.id, workspaceId }));
  bySession = async (id) => (await caller.issues.retest({ id })) as RetestScan;
});
afterAll(() => close());

describe("retesting an issue", () => {
  for (const [who, retester] of [
    ["an API key", () => byKey],
    ["an OAuth token", () => byOAuth],
    ["a dashboard session", () => bySession],
  ] as const) {
    it(`with ${who}: still served → seen again with fresh evidence; removed → resolved, verified`, async () => {
      restoreGit();
      const others = (await issues()).filter((i) => i.kind !== GIT);
      const before = await issueNamed(GIT);

      const queued = await retester()(before.id);
      expect(queued).toMatchObject({ status: "queued", trigger: "retest" });
      expect(queued.focus).toMatchObject({ issueIds: [before.id], kinds: [GIT], lookedAt: null });
      const t0 = Date.now();
      const seen = (await finished(queued.id)) as unknown as RetestScan;
      expect(Date.now() - t0).toBeLessThan(15_000); // within seconds on loopback
      expect(seen).toMatchObject({ status: "completed", focus: { lookedAt: [GIT] } });
      const still = await getIssue(before.id);
      expect(still).toMatchObject({ status: "open", verified: null, resolvedAt: null });
      expect(Date.parse(still.lastSeenAt)).toBeGreaterThan(Date.parse(before.lastSeenAt));
      expect(still.findingsCount).toBe(before.findingsCount + 1);
      const findings = (await (await req("GET", `/app/scans/${queued.id}/findings`)).json()) as { kind: string }[];
      expect(findings.map((f) => f.kind)).toEqual([GIT]);

      removeGit();
      const gone = await finished((await retester()(before.id)).id);
      expect(gone).toMatchObject({ status: "completed" });
      const resolved = await getIssue(before.id);
      expect(resolved).toMatchObject({ status: "resolved", verified: true });
      const history = (await (await req("GET", `/app/issues/${before.id}/history?limit=100`)).json()) as {
        action: string;
        scanId: number | null;
        status: { to: string | null } | null;
      }[];
      expect(history.at(-1)).toMatchObject({ action: "issue.resolve", scanId: gone.id, status: { to: "resolved" } });
      // Its comparison with the last whole scan (never a retest) fixes only what it looked for.
      const comparison = (await (await req("GET", `/app/scans/${gone.id}/comparison`)).json()) as {
        previousScan: { id: number };
        fixedFindings: { items: { kind: string }[] };
      };
      expect(comparison.previousScan.id).toBe(firstScanId);
      expect(comparison.fixedFindings.items.map((f) => f.kind)).toEqual([GIT]);

      // No other issue of the asset moved, though the retests saw the site answer.
      const after = new Map((await issues()).map((i) => [i.id, i as FullIssue]));
      for (const o of others) expect(after.get(o.id), o.kind).toMatchObject(o);
    }, 60_000);
  }

  it("never resolves a kind it did not look for, though a full scan would", async () => {
    // The Server header's version goes away too, and the .git stays: a retest of the .git resolves nothing.
    restoreGit();
    web.route("scan-target.com/", { ...PAGE, headers: {} });
    try {
      const version = await issueNamed("http.version-disclosure");
      expect(version.status).toBe("open");
      const git = await issueNamed(GIT);
      await finished((await byKey(git.id)).id);
      expect(await getIssue(version.id)).toMatchObject({ status: "open", lastSeenAt: version.lastSeenAt });
      expect((await getIssue(git.id)).status).toBe("open");
    } finally {
      web.route("scan-target.com/", PAGE);
    }
  }, 60_000);

  it("says a hand-resolved issue is not verified until a retest confirms it gone", async () => {
    restoreGit();
    const git = await issueNamed(GIT);
    if (git.status !== "open") await finished((await byKey(git.id)).id);
    removeGit();
    const res = await req("PATCH", `/app/issues/${git.id}/status`, { status: "resolved" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "resolved", verified: false });
    const listed = (await issues("&status=resolved")).find((i) => i.id === git.id) as FullIssue;
    expect(listed.verified).toBe(false);

    const scan = await finished((await bySession(git.id)).id);
    const verified = await getIssue(git.id);
    expect(verified).toMatchObject({ status: "resolved", verified: true });
    const history = (await (await req("GET", `/app/issues/${git.id}/history?limit=100`)).json()) as {
      action: string;
      scanId: number | null;
    }[];
    expect(history.at(-1)).toMatchObject({ action: "issue.verify", scanId: scan.id });

    // Resolved by hand again (already resolved): still verified; reopened: neither.
    await req("PATCH", `/app/issues/${git.id}/status`, { status: "open" });
    expect((await getIssue(git.id)).verified).toBeNull();
  }, 60_000);
});

describe("refusals", () => {
  async function issueOn(asset: number, kind: string) {
    return runInWorkspace(workspaceId, () =>
      api.services.scoped.issue.create({
        data: { workspaceId, assetId: asset, kind, title: kind, severity: "medium" },
      }),
    );
  }

  it("answers 404 (unknown, another workspace's), 403 without scans:write, 422 and 409 with reasons", async () => {
    await expectError(await req("POST", "/app/issues/99999999/retest"), 404, "NOT_FOUND");
    await expectError(await req("POST", "/app/issues/abc/retest"), 400, "VALIDATION_ERROR", "id");
    const git = await issueNamed(GIT);
    const other = await workspaceWithKey(api.services);
    await expectError(await call(api.url, other.key, "POST", `/app/issues/${git.id}/retest`), 404, "NOT_FOUND");
    const issuesOnly = await newApiKey(api.services, workspaceId, { scopes: ["issues:write"] });
    await expectError(
      await req("POST", `/app/issues/${git.id}/retest`, undefined, issuesOnly.key),
      403,
      "SCOPE_REQUIRED",
    );

    const nuclei = await issueOn(assetId, "nuclei.some-template");
    const r422 = await req("POST", `/app/issues/${nuclei.id}/retest`);
    await expectError(r422.clone(), 422, "NOT_RETESTABLE");
    expect(((await r422.json()) as { message: string }).message).toMatch(/cannot be retested/);

    const res = await req("POST", "/app/assets", { projectId, type: "domain", value: "unproven-site.com" });
    const unproven = ((await res.json()) as { id: number }).id;
    const pending = await issueOn(unproven, GIT);
    const r409 = await req("POST", `/app/issues/${pending.id}/retest`);
    await expectError(r409.clone(), 409, "OWNERSHIP_NOT_PROVEN");
    expect(((await r409.json()) as { message: string }).message).toMatch(/ownership is proven/);
    // Nothing was started by a refusal.
    const scans = await runInWorkspace(workspaceId, () =>
      api.services.scoped.scan.count({ where: { assetId: unproven } }),
    );
    expect(scans).toBe(0);
  });

  it("retests many: one scan per asset, one answer per id saying started or why not", async () => {
    restoreGit();
    const git = await issueNamed(GIT);
    const version = await issueNamed("http.version-disclosure");
    const nuclei = (await issues()).find((i) => i.kind === "nuclei.some-template")!;
    await expectError(await req("POST", "/app/issues/retest", { ids: [] }), 400, "VALIDATION_ERROR", "ids");
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expectError(await req("POST", "/app/issues/retest", { ids: many }), 400, "VALIDATION_ERROR", "ids");

    const res = await req("POST", "/app/issues/retest", { ids: [git.id, 99999999, version.id, nuclei.id, git.id] });
    expect(res.status, await res.clone().text()).toBe(200);
    const { results } = (await res.json()) as {
      results: { id: number; started: boolean; scanId: number | null; code: string | null; message: string | null }[];
    };
    expect(results.map((r) => [r.id, r.started, r.code])).toEqual([
      [git.id, true, null],
      [99999999, false, "NOT_FOUND"],
      [version.id, true, null],
      [nuclei.id, false, "NOT_RETESTABLE"],
    ]);
    expect(results[0]!.scanId).toBe(results[2]!.scanId);
    const scan = (await finished(results[0]!.scanId!)) as unknown as RetestScan;
    expect(new Set(scan.focus!.lookedAt)).toEqual(new Set([GIT, "http.version-disclosure"]));

    // A second asks while none is active again; one already active is refused with the reason.
    const again = await req("POST", "/app/issues/retest", { ids: [git.id] });
    const busy = (await (await req("POST", "/app/issues/retest", { ids: [version.id] })).json()) as {
      results: { started: boolean; code: string | null }[];
    };
    expect(busy.results[0]).toMatchObject({ started: false, code: "SCAN_ALREADY_ACTIVE" });
    await finished(((await again.json()) as { results: { scanId: number }[] }).results[0]!.scanId);
  }, 60_000);
});
