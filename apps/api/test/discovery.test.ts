// Discovery over REST against a CT look-alike (crt.sh and CertSpotter) and a DNS server on 127.0.0.1, with the job
// queue and a worker: every source, wildcard zones, takeover issues, merging on rerun, the list and summary,
// ignore / restore, adding hosts as assets (and a full plan). Refusals, scopes and the cadence:
// discovery-runs.test.ts.
import { describe, expect, it } from "vitest";
import { assetChecked, call, expectError, workspaceWithKey } from "./harness.ts";
import {
  api,
  byHost,
  ct,
  DOMAIN,
  dns,
  domainId,
  hosts,
  projectId,
  req,
  runTo,
  setupDiscoveryStack,
  workspaceId,
  type Host,
  type Run,
} from "./discovery-fixture.ts";

setupDiscoveryStack();

describe("a discovery run", () => {
  let first: Host[];

  it("finds hosts from every source, with their resolution, and records the run", async () => {
    const run = await runTo({ assetId: domainId });
    expect(run).toMatchObject({ status: "done", sourceErrors: [] });
    first = await hosts();
    expect(run.found).toBe(first.length);
    expect(run.new).toBe(first.length);
    expect(Object.keys(first[0]!).sort()).toEqual(
      [
        "id",
        "projectId",
        "domain",
        "host",
        "sources",
        "resolves",
        "resolvedIp",
        "cname",
        "wildcard",
        "status",
        "assetId",
        "firstSeenAt",
        "lastSeenAt",
        "project",
      ].sort(),
    );
    expect(byHost(first, "api.acme-disc.com")).toMatchObject({
      domain: DOMAIN,
      projectId,
      status: "new",
      assetId: null,
      resolves: { a: ["127.0.0.3"], aaaa: ["::1"] },
      resolvedIp: { address: "127.0.0.3", family: 4 },
      cname: null,
      wildcard: null,
      project: { id: projectId, name: "Disc", color: "#112233" },
    });
    expect(byHost(first, "api.acme-disc.com")!.sources).toEqual(expect.arrayContaining(["crtsh", "certspotter"]));
    expect(byHost(first, "www.acme-disc.com")!.sources).toEqual(["bruteforce"]);
    expect(byHost(first, "shop.acme-disc.com")).toMatchObject({
      cname: { chain: ["shop.cdn-provider.net"], target: "shop.cdn-provider.net" },
      resolvedIp: { address: "127.0.0.4", family: 4 },
    });
    expect(byHost(first, "shop.acme-disc.com")!.sources).toContain("certificate");
    expect(byHost(first, "login.acme-disc.com")!.sources).toContain("redirect");
    expect(byHost(first, "edge.acme-disc.com")!.sources).toContain("cname");
    expect(byHost(first, "gone.acme-disc.com")).toMatchObject({ resolves: null, resolvedIp: null });
    expect(first.some((h) => h.host.includes("*") || h.host.endsWith("other.org") || h.host === DOMAIN)).toBe(false);
    expect(first.filter((h) => h.host === "api.acme-disc.com")).toHaveLength(1);
  });

  it("marks names that only match a wildcard, and keeps real names under the wildcard zone", async () => {
    expect(byHost(first, "x1.dev.acme-disc.com")!.wildcard).toEqual({
      zone: "dev.acme-disc.com",
      addresses: ["127.0.0.9"],
    });
    expect(byHost(first, "real.dev.acme-disc.com")!.wildcard).toBeNull();
  });

  it("raises a high-severity takeover issue on the domain asset, with the evidence", async () => {
    const issue = await api.services.db.prisma.issue.findFirstOrThrow({
      where: { assetId: domainId, kind: "discovery.takeover:legacy.acme-disc.com" },
    });
    expect(issue).toMatchObject({ severity: "high", status: "open" });
    expect(issue.description).toContain("acme-legacy.azurewebsites.net");
    expect(issue.description).toContain("Azure App Service");
    expect(issue.description).toContain("NXDOMAIN");
  });

  it("on rerun merges: sources unite, lastSeenAt moves, ignored stays ignored, nothing duplicates", async () => {
    const gone = byHost(first, "gone.acme-disc.com")!;
    const ignored = await req("POST", `/app/discovery/hosts/${gone.id}/ignore`);
    expect(ignored.status).toBe(200);
    expect(((await ignored.json()) as Host).status).toBe("ignored");
    ct.publish(DOMAIN, ["late.acme-disc.com"]);
    dns.set("late.acme-disc.com", { A: ["127.0.0.7"] });
    dns.set("acme-legacy.azurewebsites.net", { A: ["127.0.0.8"] }); // claimed again: no more takeover
    ct.mode.certspotter = "error";
    try {
      const run = await runTo({ domain: DOMAIN.toUpperCase() });
      expect(run.status).toBe("done");
      expect(run.new).toBe(1);
      expect(run.sourceErrors.map((e) => e.source)).toEqual(["certspotter"]);
    } finally {
      ct.mode.certspotter = "answer";
    }
    const second = await hosts();
    expect(second).toHaveLength(first.length + 1);
    expect(byHost(second, "late.acme-disc.com")!.sources).toEqual(["crtsh"]);
    expect(byHost(second, "gone.acme-disc.com")!.status).toBe("ignored");
    const api1 = byHost(first, "api.acme-disc.com")!;
    const api2 = byHost(second, "api.acme-disc.com")!;
    expect(api2.sources).toEqual(api1.sources); // certspotter failed this time: its earlier word stays
    expect(api2.firstSeenAt).toBe(api1.firstSeenAt);
    expect(new Date(api2.lastSeenAt).getTime()).toBeGreaterThan(new Date(api1.lastSeenAt).getTime());
    const issue = await api.services.db.prisma.issue.findFirstOrThrow({
      where: { assetId: domainId, kind: "discovery.takeover:legacy.acme-disc.com" },
    });
    expect(issue.status).toBe("resolved");
  });
});

describe("the cap on what one run stores", () => {
  it("stores at most EMS_DISCOVERY_MAX_HOSTS and says in the run how many names it left out", async () => {
    const engine = api.services.discovery.engine as { maxHosts: number };
    const known = await hosts();
    const before = known.length;
    // With no room left after the sources' names, the wordlist is not tried: its names are not "left out".
    const wordlistOnly = known.filter((h) => h.sources.join() === "bruteforce").length;
    engine.maxHosts = 3;
    try {
      const run = await runTo({ assetId: domainId });
      expect(run).toMatchObject({ status: "done", found: 3, capped: { limit: 3 } });
      expect(run.capped!.dropped).toBe(before - wordlistOnly - 3);
    } finally {
      engine.maxHosts = 20_000;
    }
    const uncapped = await runTo({ assetId: domainId });
    expect(uncapped).toMatchObject({ status: "done", found: before, capped: null });
  });
});

describe("the list and the summary", () => {
  it("filters by status, source, resolution and text, with an exact X-Total-Count", async () => {
    const res = await req("GET", `/app/discovery/hosts?source=redirect&limit=1`);
    expect(res.headers.get("x-total-count")).toBe("1");
    expect(((await res.json()) as Host[])[0]!.host).toBe("login.acme-disc.com");
    expect((await hosts("status=ignored")).map((h) => h.host)).toEqual(["gone.acme-disc.com"]);
    expect((await hosts("resolves=false")).every((h) => h.resolves === null)).toBe(true);
    expect((await hosts("resolves=true")).every((h) => h.resolves !== null)).toBe(true);
    expect((await hosts("q=DEV")).map((h) => h.host).sort()).toEqual([
      "real.dev.acme-disc.com",
      "x1.dev.acme-disc.com",
    ]);
    expect(await hosts(`projectId=${projectId}&domain=other.org`)).toEqual([]);
  });

  it("summarizes counts by status, source and domain, with the last run", async () => {
    const s = (await (await req("GET", "/app/discovery/summary")).json()) as {
      new: number;
      ignored: number;
      added: number;
      total: number;
      bySource: { source: string; count: number }[];
      byDomain: { domain: string; new: number; ignored: number }[];
      lastRun: Run | null;
      activeRuns: Run[];
    };
    const all = await hosts("");
    expect(s.total).toBe(all.length);
    expect(s.ignored).toBe(1);
    expect(s.new).toBe(all.filter((h) => h.status === "new").length);
    expect(s.bySource.find((b) => b.source === "redirect")?.count).toBe(1);
    expect(s.byDomain).toEqual([{ domain: DOMAIN, new: s.new, ignored: 1, added: s.added }]);
    expect(s.lastRun?.status).toBe("done");
  });

  it("answers 400 naming the field for bad filters", async () => {
    await expectError(await req("GET", "/app/discovery/hosts?status=gone"), 400, "VALIDATION_ERROR", "status");
    await expectError(await req("GET", "/app/discovery/hosts?resolves=maybe"), 400, "VALIDATION_ERROR", "resolves");
    await expectError(await req("GET", "/app/discovery/hosts?projectId=x"), 400, "VALIDATION_ERROR", "projectId");
  });
});

describe("ignore and restore", () => {
  it("restore brings an ignored host back to new; a new host comes back unchanged", async () => {
    const gone = (await hosts("status=ignored"))[0]!;
    const res = await req("POST", `/app/discovery/hosts/${gone.id}/restore`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Host).status).toBe("new");
    const again = await req("POST", `/app/discovery/hosts/${gone.id}/restore`);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Host).status).toBe("new");
    const entries = await api.services.db.prisma.auditEntry.count({
      where: { action: "discovered-host.restore", resourceId: String(gone.id) },
    });
    expect(entries).toBe(1);
  });

  it("answers 404 for ids outside the workspace and 400 for ids that are not ids", async () => {
    const other = await workspaceWithKey(api.services);
    const id = (await hosts())[0]!.id;
    await expectError(await req("POST", `/app/discovery/hosts/${id}/ignore`, undefined, other.key), 404, "NOT_FOUND");
    await expectError(await req("POST", `/app/discovery/hosts/${id}/restore`, undefined, other.key), 404, "NOT_FOUND");
    expect(await (await req("GET", "/app/discovery/hosts", undefined, other.key)).json()).toEqual([]);
    await expectError(await req("POST", "/app/discovery/hosts/abc/ignore"), 400, "VALIDATION_ERROR", "id");
  });
});

describe("adding hosts as assets", () => {
  it("adds proven, checked subdomain assets and links them; refuses what it cannot add", async () => {
    const list = await hosts();
    const www = byHost(list, "www.acme-disc.com")!;
    const shop = byHost(list, "shop.acme-disc.com")!;
    const res = await req("POST", "/app/discovery/hosts/add", { ids: [www.id, shop.id, www.id, 99_999_999] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      added: { id: number; host: string; asset: { id: number; value: string } }[];
      refused: { id: number; code: string }[];
    };
    expect(body.added.map((a) => a.host)).toEqual(["www.acme-disc.com", "shop.acme-disc.com"]);
    expect(body.refused).toEqual([expect.objectContaining({ id: 99_999_999, code: "NOT_FOUND" })]);
    const assetId = body.added[0]!.asset.id;
    const asset = await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id: assetId } });
    expect(asset).toMatchObject({
      type: "subdomain",
      value: "www.acme-disc.com",
      projectId,
      ownershipMethod: "parent",
    });
    expect(asset.ownershipVerifiedAt).not.toBeNull();
    await assetChecked(api.services, assetId);
    const after = byHost(await hosts(), "www.acme-disc.com")!;
    expect(after).toMatchObject({ status: "added", assetId: { id: assetId, value: "www.acme-disc.com" } });

    const again = (await (await req("POST", "/app/discovery/hosts/add", { ids: [www.id] })).json()) as typeof body;
    // The refusal points at the asset the host already is, for a page to link to.
    expect(again).toMatchObject({
      added: [],
      refused: [{ id: www.id, code: "ALREADY_EXISTS", asset: { id: assetId, value: "www.acme-disc.com" } }],
    });
    await expectError(await req("POST", `/app/discovery/hosts/${www.id}/ignore`), 409, "CONFLICT", "status");
  });

  it("refuses with the code and message of POST /app/assets when the plan is full", async () => {
    const small = await workspaceWithKey(api.services, { plan: "essential" });
    const p = (
      (await (await call(api.url, small.key, "POST", "/app/projects", { name: "P" })).json()) as { id: number }
    ).id;
    const fill = Array.from({ length: 10 }, (_, i) => ({
      workspaceId: small.workspace.id,
      projectId: p,
      type: "subdomain" as const,
      value: `f${i}.small-disc.com`,
      ownershipToken: `t${i}`,
      status: "reachable" as const,
    }));
    await api.services.db.prisma.asset.createMany({ data: fill });
    const host = await api.services.db.prisma.discoveredHostname.create({
      data: { workspaceId: small.workspace.id, projectId: p, domain: "small-disc.com", host: "new.small-disc.com" },
    });
    const direct = await call(api.url, small.key, "POST", "/app/assets", {
      projectId: p,
      type: "subdomain",
      value: "new.small-disc.com",
    });
    const refusal = await expectError(direct, 403, "ASSET_SLOT_REQUIRED");
    const res = await call(api.url, small.key, "POST", "/app/discovery/hosts/add", { ids: [host.id] });
    expect(await res.json()).toEqual({
      added: [],
      refused: [
        { id: host.id, host: "new.small-disc.com", code: "ASSET_SLOT_REQUIRED", message: refusal.message, asset: null },
      ],
    });
    expect(await api.services.db.prisma.asset.count({ where: { workspaceId: small.workspace.id } })).toBe(10);
  });

  it("names the asset a host already is when it was added by hand (ALREADY_EXISTS)", async () => {
    const host = await api.services.db.prisma.discoveredHostname.create({
      data: { workspaceId, projectId, domain: DOMAIN, host: `byhand.${DOMAIN}` },
    });
    const asset = await api.services.db.prisma.asset.create({
      data: { workspaceId, projectId, type: "subdomain", value: `byhand.${DOMAIN}`, ownershipToken: "t" },
    });
    const res = await req("POST", "/app/discovery/hosts/add", { ids: [host.id] });
    expect(await res.json()).toMatchObject({
      added: [],
      refused: [{ id: host.id, code: "ALREADY_EXISTS", asset: { id: asset.id, value: `byhand.${DOMAIN}` } }],
    });
  });

  it("answers 400 naming ids for a bad body", async () => {
    await expectError(await req("POST", "/app/discovery/hosts/add", {}), 400, "VALIDATION_ERROR", "ids");
    await expectError(await req("POST", "/app/discovery/hosts/add", { ids: [] }), 400, "VALIDATION_ERROR", "ids");
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expectError(await req("POST", "/app/discovery/hosts/add", { ids: many }), 400, "VALIDATION_ERROR", "ids");
  });
});
