// Scan many and project schedules end to end (docs/api.md, Scans: scan many; Scan schedules: project schedules): real
// DNS and web servers on 127.0.0.1 as the targets, the API with its queue and a real worker running the scans. Bulk
// starts over REST with an API key and an OAuth token and through tRPC as a dashboard session, each on a mix of
// assets that can and cannot be scanned; a project schedule that scans an asset added after it was made; bad targets
// answered in the error shape with nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { runInWorkspace, runSchedulerTick } from "@ems/core/testing";
import {
  call,
  clientCredentialsToken,
  expectAppError,
  expectError,
  newApiKey,
  newOAuthApp,
  newUser,
  until,
} from "./harness.ts";
import { startLoopbackStage, type LoopbackStage } from "./loopback-stage.ts";
import { PAGE } from "./scan-fixture.ts";

const HOSTS = ["alpha", "beta", "gamma", "delta", "later", "other", "first"].map((h) => `${h}.many-scans.com`);

let stage: LoopbackStage;
let req: (method: string, path: string, body?: unknown, credential?: string) => Promise<Response>;
const ids: Record<string, number> = {};

type Result = {
  assetId: number;
  value: string | null;
  started: boolean;
  scanId: number | null;
  waiting: boolean;
  code: string | null;
  reason: string | null;
  activeScanId: number | null;
};
type Answer = { started: number; notStarted: number; waiting: number; concurrentScans: number; results: Result[] };

const db = () => stage.api.services.scoped;
const inWorkspace = <T>(fn: () => Promise<T>) => runInWorkspace(stage.workspaceId, fn);

async function addAsset(host: string, projectId: number, proven: boolean) {
  const res = await req("POST", "/app/assets", { projectId, type: "subdomain", value: host, portScanMode: "web" });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  if (proven)
    await inWorkspace(() =>
      db().asset.update({ where: { id }, data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" } }),
    );
  return id;
}

/** Every scan of the workspace has ended (the worker ran them all). */
const allFinished = () =>
  until(
    async () => (await inWorkspace(() => db().scan.count({ where: { status: { in: ["queued", "running"] } } }))) === 1,
    "the started scans to finish (only delta's parked scan left)",
    90_000,
  );

const scanCount = () => inWorkspace(() => db().scan.count());
const auditCount = (action: string) => inWorkspace(() => db().auditEntry.count({ where: { action } }));

beforeAll(async () => {
  stage = await startLoopbackStage({
    hostnames: [...HOSTS, "localhost"],
    projectName: "Estate",
    prepare: (dns, web) => {
      for (const host of HOSTS) {
        dns.set(host, { A: ["127.0.0.1"] });
        web.route(`${host}/`, PAGE);
      }
    },
  });
  req = (method, path, body, credential) => call(stage.api.url, credential ?? stage.key, method, path, body);
  ids.alpha = await addAsset(HOSTS[0]!, stage.projectId, true);
  ids.beta = await addAsset(HOSTS[1]!, stage.projectId, true);
  ids.gamma = await addAsset(HOSTS[2]!, stage.projectId, false);
  ids.delta = await addAsset(HOSTS[3]!, stage.projectId, true);
  // delta keeps a queued scan with no job: no worker takes it, so it stays in the way of every start.
  ids.parked = (
    await inWorkspace(() =>
      db().scan.create({ data: { workspaceId: stage.workspaceId, assetId: ids.delta!, status: "queued" } }),
    )
  ).id;
}, 120_000);
afterAll(() => stage.close());

/** The mix every caller meets: alpha and beta start, gamma is not proven, delta is busy (and unknown ids). */
function expectMix(answer: Answer, expected: { unknown?: number } = {}) {
  const byAsset = new Map(answer.results.map((r) => [r.assetId, r]));
  for (const name of ["alpha", "beta"]) {
    expect(byAsset.get(ids[name]!)).toMatchObject({ started: true, code: null, reason: null });
    expect(byAsset.get(ids[name]!)!.scanId).toEqual(expect.any(Number));
  }
  expect(byAsset.get(ids.gamma!)).toMatchObject({
    started: false,
    scanId: null,
    code: "OWNERSHIP_NOT_PROVEN",
    reason: expect.stringContaining("ownership is proven"),
  });
  expect(byAsset.get(ids.delta!)).toMatchObject({
    started: false,
    code: "SCAN_ALREADY_ACTIVE",
    activeScanId: ids.parked,
    reason: expect.stringContaining("still active"),
  });
  if (expected.unknown)
    expect(byAsset.get(expected.unknown)).toMatchObject({
      value: null,
      started: false,
      code: "NOT_FOUND",
      reason: "no such asset in this workspace",
    });
  expect(answer.started).toBe(2);
  expect(answer.notStarted).toBe(answer.results.length - 2);
}

describe("scan many", () => {
  it("with an API key: selected assets in the order asked, repeats once; the profile saved where started", async () => {
    const key = await newApiKey(stage.api.services, stage.workspaceId, { scopes: ["scans:write"] });
    const audits = await auditCount("scan.start");
    const asked = [ids.beta!, ids.gamma!, ids.delta!, 999_999, ids.alpha!, ids.beta!];
    const res = await req("POST", "/app/scans/bulk", { assetIds: asked, profile: "off" }, key.key);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.results.map((r) => r.assetId)).toEqual([ids.beta, ids.gamma, ids.delta, 999_999, ids.alpha]);
    expectMix(answer, { unknown: 999_999 });
    expect(answer).toMatchObject({ concurrentScans: 5, waiting: 0 });
    // One scan.start entry per scan started, as for a single start.
    expect(await auditCount("scan.start")).toBe(audits + 2);
    const modes = await inWorkspace(() =>
      db().asset.findMany({ where: { id: { in: [ids.alpha!, ids.beta!, ids.gamma!] } }, orderBy: { id: "asc" } }),
    );
    expect(modes.map((a) => a.portScanMode)).toEqual(["off", "off", "web"]);
    await allFinished();
    for (const r of answer.results.filter((r) => r.started)) {
      const scan = (await (await req("GET", `/app/scans/${r.scanId}`)).json()) as { status: string; trigger: string };
      expect(scan).toMatchObject({ status: "completed", trigger: "manual" });
    }
  }, 120_000);

  it("with an OAuth token: a project's assets", async () => {
    const app = await newOAuthApp(stage.api.services, stage.workspaceId, ["scans:write"]);
    const token = (await clientCredentialsToken(stage.api.url, app, "scans:write")).access_token;
    const res = await req("POST", "/app/scans/bulk", { projectId: stage.projectId }, token);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.results.map((r) => r.assetId)).toEqual([ids.alpha, ids.beta, ids.gamma, ids.delta]);
    expectMix(answer);
    await allFinished();
  }, 120_000);

  it("as a dashboard session: every asset; past the plan's concurrency a started scan says it waits", async () => {
    const member = await newUser(stage.api.services, stage.workspaceId, "member");
    const caller = createCaller(
      sessionContext(stage.api.services, { userId: member.user.id, workspaceId: stage.workspaceId }),
    );
    await inWorkspace(() =>
      stage.api.services.db.prisma.workspace.update({ where: { id: stage.workspaceId }, data: { plan: "essential" } }),
    );
    try {
      const answer = (await caller.scans.startMany({ all: true })) as Answer;
      expectMix(answer);
      // Essential runs 2 scans at once; delta's parked scan is ahead: alpha runs, beta waits for room.
      expect(answer).toMatchObject({ concurrentScans: 2, waiting: 1 });
      expect(answer.results.filter((r) => r.waiting).map((r) => r.assetId)).toEqual([ids.beta]);
      await allFinished();
    } finally {
      await stage.api.services.db.prisma.workspace.update({ where: { id: stage.workspaceId }, data: { plan: "pro" } });
    }
  }, 120_000);

  it("refuses a bad target in the error shape, naming the field, and writes nothing", async () => {
    const before = { scans: await scanCount(), audits: await auditCount("scan.start") };
    const bad = async (body: unknown, status: number, code: string, field: string) =>
      expectError(await req("POST", "/app/scans/bulk", body), status, code, field);
    await bad({}, 400, "VALIDATION_ERROR", "assetIds");
    await bad({ assetIds: [ids.alpha], projectId: stage.projectId }, 400, "VALIDATION_ERROR", "projectId");
    await bad({ projectId: stage.projectId, all: true }, 400, "VALIDATION_ERROR", "all");
    await bad({ all: false }, 400, "VALIDATION_ERROR", "all");
    await bad({ assetIds: [] }, 400, "VALIDATION_ERROR", "assetIds");
    await bad({ assetIds: Array.from({ length: 501 }, (_, i) => i + 1) }, 400, "VALIDATION_ERROR", "assetIds");
    await bad({ all: true, profile: "everything" }, 400, "VALIDATION_ERROR", "profile");
    await bad({ projectId: 999_999 }, 404, "NOT_FOUND", "projectId");
    const readOnly = await newApiKey(stage.api.services, stage.workspaceId, { scopes: ["scans:read"] });
    await expectError(await req("POST", "/app/scans/bulk", { all: true }, readOnly.key), 403, "SCOPE_REQUIRED");
    const viewer = await newUser(stage.api.services, stage.workspaceId, "read-only");
    const caller = createCaller(
      sessionContext(stage.api.services, { userId: viewer.user.id, workspaceId: stage.workspaceId }),
    );
    await expectAppError(caller.scans.startMany({ all: true }), 403, "ROLE_REQUIRED");
    expect({ scans: await scanCount(), audits: await auditCount("scan.start") }).toEqual(before);
  });

  it("one start with a profile saves it on the asset with the scan", async () => {
    const res = await req("POST", "/app/scans", { assetId: ids.alpha, profile: "web" });
    expect(res.status, await res.clone().text()).toBe(201);
    const asset = (await (await req("GET", `/app/assets/${ids.alpha}`)).json()) as { portScanMode: string };
    expect(asset.portScanMode).toBe("web");
    // Refused (busy asset): the profile is not saved either.
    await expectError(
      await req("POST", "/app/scans", { assetId: ids.delta, profile: "full" }),
      409,
      "SCAN_ALREADY_ACTIVE",
    );
    const delta = (await (await req("GET", `/app/assets/${ids.delta}`)).json()) as { portScanMode: string };
    expect(delta.portScanMode).toBe("web");
    await allFinished();
  }, 120_000);
});

type Schedule = {
  id: number;
  assetId: number | null;
  projectId: number | null;
  project: { id: number; name: string } | null;
  asset: unknown;
  nextRunAt: string;
  nextScan: { assetCount: number; assets: { id: number; value: string }[]; unprovenCount: number };
};

describe("a project schedule", () => {
  it("scans every proven asset of the project when it fires, one added after it was made included", async () => {
    const project = ((await (await req("POST", "/app/projects", { name: "Scheduled" })).json()) as { id: number }).id;
    const first = await addAsset(HOSTS[6]!, project, true);
    const res = await req("POST", "/app/scan-schedules", { projectId: project, frequency: "daily", time: "03:00" });
    expect(res.status, await res.clone().text()).toBe(201);
    const schedule = (await res.json()) as Schedule;
    expect(schedule).toMatchObject({
      assetId: null,
      asset: null,
      projectId: project,
      project: { id: project, name: "Scheduled" },
      nextScan: { assetCount: 1, assets: [{ id: first }], unprovenCount: 0 },
    });
    // Added after the schedule: one proven, one not.
    const later = await addAsset(HOSTS[4]!, project, true);
    const unproven = await addAsset(HOSTS[5]!, project, false);
    const listed = (await (await req("GET", `/app/scan-schedules?projectId=${project}`)).json()) as Schedule[];
    expect(listed.map((s) => [s.id, s.nextScan])).toEqual([
      [
        schedule.id,
        {
          assetCount: 2,
          assets: [
            { id: first, value: HOSTS[6] },
            { id: later, value: HOSTS[4] },
          ],
          unprovenCount: 1,
        },
      ],
    ]);

    const slot = new Date(Date.now() - 1000);
    await inWorkspace(() => db().scanSchedule.update({ where: { id: schedule.id }, data: { nextRunAt: slot } }));
    await runSchedulerTick(stage.api.services, { now: new Date() });
    // The same slot again (another process's tick, a retry): nothing more.
    await runSchedulerTick(stage.api.services, { now: new Date() });
    const scans = await inWorkspace(() =>
      db().scan.findMany({ where: { scheduleId: schedule.id }, orderBy: { assetId: "asc" } }),
    );
    expect(scans.map((s) => [s.assetId, s.trigger])).toEqual([
      [first, "schedule"],
      [later, "schedule"],
    ]);
    const skips = (await (await req("GET", `/app/scan-schedules/${schedule.id}/skips`)).json()) as {
      assetId: number;
      reason: string;
    }[];
    expect(skips).toEqual([expect.objectContaining({ assetId: unproven, reason: "ownership-not-proven" })]);
    const after = (await (await req("GET", `/app/scan-schedules/${schedule.id}`)).json()) as Schedule & {
      lastRunAt: string;
    };
    expect(Date.parse(after.nextRunAt)).toBeGreaterThan(Date.now());
    expect(after.lastRunAt).not.toBeNull();
    await allFinished();
    const done = await inWorkspace(() => db().scan.findMany({ where: { scheduleId: schedule.id } }));
    expect(done.map((s) => s.status)).toEqual(["completed", "completed"]);
  }, 120_000);

  it("refuses a bad target in the error shape, writing nothing; a project counts as one target", async () => {
    const count = () => inWorkspace(() => db().scanSchedule.count());
    const before = await count();
    const body = { frequency: "daily", time: "04:00" };
    const bad = async (extra: object, status: number, code: string, field: string) =>
      expectError(await req("POST", "/app/scan-schedules", { ...body, ...extra }), status, code, field);
    await bad({ assetId: ids.alpha, projectId: stage.projectId }, 400, "VALIDATION_ERROR", "projectId");
    await bad({}, 400, "VALIDATION_ERROR", "assetId");
    await bad({ projectId: 999_999 }, 404, "NOT_FOUND", "projectId");
    expect(await count()).toBe(before);

    // Pro allows 5 schedules per asset, and as many per project (a project counts as one target).
    for (let i = 0; i < 5; i++) {
      const res = await req("POST", "/app/scan-schedules", { ...body, projectId: stage.projectId, enabled: false });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const refused = await expectError(
      await req("POST", "/app/scan-schedules", { ...body, projectId: stage.projectId }),
      403,
      "PLAN_LIMIT_REACHED",
      "projectId",
    );
    expect(refused.message).toContain("Project Estate already has 5 schedules");
    expect(await count()).toBe(before + 5);
  });
});
