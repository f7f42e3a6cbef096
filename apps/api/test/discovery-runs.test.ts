// Discovery runs: refusals (unproven, unknown, malformed), the scopes each route needs, isolation between
// workspaces, and the cadence that queues runs of every proven domain by itself.
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "@ems/core";
import { runDiscoveryTick } from "@ems/core/testing";
import { call, expectError, newApiKey, until, workspaceWithKey } from "./harness.ts";
import {
  api,
  DOMAIN,
  domainId,
  projectId,
  req,
  runTo,
  settings,
  setupDiscoveryStack,
  workspaceId,
} from "./discovery-fixture.ts";

setupDiscoveryStack();
beforeAll(async () => {
  await runTo({ domain: DOMAIN });
}, 120_000);

describe("run refusals and scopes", () => {
  it("refuses an unproven domain with 409 naming the field, an unknown one with 404", async () => {
    const res = await req("POST", "/app/assets", { projectId, type: "domain", value: "unproven-disc.com" });
    const id = ((await res.json()) as { id: number }).id;
    await expectError(await req("POST", "/app/discovery/run", { assetId: id }), 409, "OWNERSHIP_NOT_PROVEN", "assetId");
    const byName = await req("POST", "/app/discovery/run", { domain: "unproven-disc.com" });
    await expectError(byName, 409, "OWNERSHIP_NOT_PROVEN", "domain");
    await expectError(await req("POST", "/app/discovery/run", { domain: "nope.example" }), 404, "NOT_FOUND", "domain");
    await expectError(await req("POST", "/app/discovery/run", { assetId: "x" }), 400, "VALIDATION_ERROR", "assetId");
    const empty = await workspaceWithKey(api.services);
    await expectError(await call(api.url, empty.key, "POST", "/app/discovery/run", {}), 409, "OWNERSHIP_NOT_PROVEN");
  });

  it("needs assets:write to run, ignore, restore and add, and assets:read to list", async () => {
    const reader = await newApiKey(api.services, workspaceId, { scopes: ["assets:read"] });
    await expectError(await req("POST", "/app/discovery/run", {}, reader.key), 403, "SCOPE_REQUIRED");
    await expectError(
      await req("POST", "/app/discovery/hosts/1/restore", undefined, reader.key),
      403,
      "SCOPE_REQUIRED",
    );
    await expectError(await req("POST", "/app/discovery/hosts/add", { ids: [1] }, reader.key), 403, "SCOPE_REQUIRED");
    expect((await req("GET", "/app/discovery/summary", undefined, reader.key)).status).toBe(200);
    const scanner = await newApiKey(api.services, workspaceId, { scopes: ["scans:read"] });
    await expectError(await req("GET", "/app/discovery/hosts", undefined, scanner.key), 403, "SCOPE_REQUIRED");
  });

  it("answers 404 for a run of another workspace", async () => {
    const run = await api.services.db.prisma.discoveryRun.findFirstOrThrow({ where: { workspaceId } });
    const other = await workspaceWithKey(api.services);
    await expectError(await req("GET", `/app/discovery/runs/${run.id}`, undefined, other.key), 404, "NOT_FOUND");
  });
});

describe("the cadence", () => {
  it("queues one run per due proven domain across processes, not again until the interval passed", async () => {
    const ticking = createServices(api.db, { net: api.services.net, jobs: api.services.jobs, discovery: settings(7) });
    const proven = await api.services.db.prisma.asset.count({
      where: { type: "domain", ownershipVerifiedAt: { not: null } },
    });
    const before = await api.services.db.prisma.discoveryRun.count({ where: { trigger: "schedule" } });
    const [a, b] = await Promise.all([
      runDiscoveryTick(ticking, { batch: 1 }),
      runDiscoveryTick(ticking, { batch: 1 }),
    ]);
    expect(a.claimed + b.claimed).toBe(proven);
    expect(await api.services.db.prisma.discoveryRun.count({ where: { trigger: "schedule" } })).toBe(before + proven);
    expect((await runDiscoveryTick(ticking)).claimed).toBe(0);
    const due = await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id: domainId } });
    expect(due.discoveryDueAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect((await runDiscoveryTick(ticking, { now: new Date(Date.now() + 8 * 86_400_000) })).claimed).toBe(proven);
    await until(
      async () =>
        (await api.services.db.prisma.discoveryRun.count({ where: { status: { in: ["queued", "running"] } } })) === 0,
      "the cadence's runs",
      120_000,
    );
  });
});
