// Assets over REST against real network services on 127.0.0.1 (see assets-fixture.ts):
// adding, reading, changing and deleting them, and the plan's slots.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainToASCII } from "node:url";
import { runInWorkspace } from "@ems/core/testing";
import type { TestDnsServer, TestWebServers } from "@ems/scanners/testing";
import { call, expectError, newApiKey, workspaceWithKey, type TestApi } from "./harness.ts";
import { addAsset, checked, LOOPBACK, req, type Asset, startAssetsEnvironment } from "./assets-fixture.ts";

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let workspaceId: number;
let projectId: number;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ api, dns, web, workspaceId, projectId, close } = await startAssetsEnvironment());
});
afterAll(() => close());

describe("adding assets", () => {
  it("answers 201 with every Asset field, then the check fills reachability, CDN and the outside view", async () => {
    dns.set("acme-corp.com", { ...LOOPBACK, AAAA: [] });
    dns.set("www.acme-corp.com", { CNAME: "acme.cdn.cloudflare.net" });
    dns.set("acme.cdn.cloudflare.net", LOOPBACK);
    web.route("http://acme-corp.com/", {
      status: 301,
      headers: { location: `https://acme-corp.com:${web.ports.httpsPort}/` },
    });
    web.route("https://acme-corp.com/", {
      status: 200,
      headers: { server: "nginx/1.25.3", "cf-ray": "8a1b2c3d4e5f-AMS" },
      body: "<html><head><title>Acme</title></head><body>Acme</body></html>",
    });

    const a = await addAsset("domain", "  ACME-Corp.com. ", { name: "Main site" });
    expect(Object.keys(a).sort()).toEqual(
      [
        "id",
        "projectId",
        "name",
        "type",
        "value",
        "status",
        "canonicalUrl",
        "resolvedIp",
        "cdnProvider",
        "bucketProvider",
        "lastCheckedAt",
        "failReason",
        "checkWarnings",
        "skippedRedirectHost",
        "disabledScannerTypes",
        "portScanMode",
        "nucleiMinSeverity",
        "ownershipVerifiedAt",
        "ownershipToken",
        "ownershipMethod",
        "criticality",
        "effectiveCriticality",
        "discoveryAutoAdd",
        "createdAt",
        "updatedAt",
        "project",
      ].sort(),
    );
    expect(a).toMatchObject({
      value: "acme-corp.com",
      type: "domain",
      status: "pending",
      checkWarnings: [],
      portScanMode: "web",
      nucleiMinSeverity: "low",
      ownershipVerifiedAt: null,
      ownershipMethod: null,
      project: { id: projectId, name: "Web" },
    });
    expect(String(a.ownershipToken).length).toBeGreaterThan(16);

    const done = await checked(a.id);
    expect(done).toMatchObject({
      status: "reachable",
      resolvedIp: "127.0.0.1",
      cdnProvider: "cloudflare",
      failReason: null,
      skippedRedirectHost: null,
    });
    // The configured HTTPS port is "the" HTTPS port for the checks, so the URL carries none.
    expect(done.canonicalUrl).toBe("https://acme-corp.com/");
    expect(done.lastCheckedAt).not.toBeNull();

    const dnsView = await req("GET", `/app/assets/${a.id}/outside-view/dns`);
    expect(dnsView.status).toBe(200);
    expect(((await dnsView.json()) as { data: { a: string[] } }).data.a).toEqual(["127.0.0.1"]);
    const tls = (await (await req("GET", `/app/assets/${a.id}/outside-view/tls`)).json()) as {
      data: { selfSigned: boolean };
    };
    expect(tls.data.selfSigned).toBe(true);
    const tech = (await (await req("GET", `/app/assets/${a.id}/outside-view/technologies`)).json()) as {
      data: { name: string; version: string | null }[];
    };
    expect(tech.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.stringMatching(/nginx/i), version: "1.25.3" })]),
    );

    const shot = await req("GET", `/app/assets/${a.id}/screenshot`);
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await shot.arrayBuffer());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const shotView = (await (await req("GET", `/app/assets/${a.id}/outside-view/screenshot`)).json()) as {
      data: { url: string };
    };
    expect(shotView.data.url).toBe(`/app/assets/${a.id}/screenshot`);

    // Every part at once, as the asset page shows them.
    const all = (await (await req("GET", `/app/assets/${a.id}/outside-view`)).json()) as Record<string, unknown> & {
      https: { status: number; headers: Record<string, string> };
      tls: { selfSigned: boolean; altNames: string[] };
    };
    expect(all).toMatchObject({
      dns: { a: ["127.0.0.1"] },
      tls: { selfSigned: true },
      screenshot: { url: `/app/assets/${a.id}/screenshot` },
      technologies: tech.data,
    });
    expect(all.https.status).toBe(200);
    expect(all.https.headers.server).toMatch(/nginx/i);
  });

  it.each([
    ["domain", "*.acme-corp.com"],
    ["domain", "https://acme-corp.com"],
    ["domain", "co.uk"],
    ["domain", "www.acme-corp.com"],
    ["subdomain", "acme-corp.com"],
    ["ipv4", "10.0.0.1"],
    ["ipv4", "169.254.169.254"],
    ["ipv4", "::1"],
    ["ipv6", "fe80::1"],
    ["bucket", "s3://ab"],
    ["bucket", "ftp://bucket"],
  ])("400 naming value for %s %s, and nothing is created", async (type, value) => {
    const before = (await req("GET", "/app/assets?limit=1")).headers.get("x-total-count");
    await expectError(await req("POST", "/app/assets", { projectId, type, value }), 400, "VALIDATION_ERROR", "value");
    expect((await req("GET", "/app/assets?limit=1")).headers.get("x-total-count")).toBe(before);
  });

  it("400 naming the field (bad type, scan profile or scanner name); 404 foreign project; 409 duplicate", async () => {
    await expectError(
      await req("POST", "/app/assets", { projectId, type: "url", value: "x" }),
      400,
      "VALIDATION_ERROR",
      "type",
    );
    await expectError(
      await req("POST", "/app/assets", { projectId, type: "domain", value: "ok-site.com", portScanMode: "all" }),
      400,
      "VALIDATION_ERROR",
      "portScanMode",
    );
    await expectError(
      await req("POST", "/app/assets", {
        projectId,
        type: "domain",
        value: "ok-site.com",
        disabledScannerTypes: ["lasers"],
      }),
      400,
      "VALIDATION_ERROR",
      "disabledScannerTypes.0",
    );
    await expectError(
      await req("POST", "/app/assets", { type: "domain", value: "ok-site.com" }),
      400,
      "VALIDATION_ERROR",
      "projectId",
    );
    const other = await workspaceWithKey(api.services);
    const foreignProject = (
      (await (await call(api.url, other.key, "POST", "/app/projects", { name: "Theirs" })).json()) as { id: number }
    ).id;
    await expectError(
      await req("POST", "/app/assets", { projectId: foreignProject, type: "domain", value: "ok-site.com" }),
      404,
      "NOT_FOUND",
      "projectId",
    );
    await expectError(
      await req("POST", "/app/assets", { projectId, type: "domain", value: "acme-corp.com" }),
      409,
      "ALREADY_EXISTS",
      "value",
    );
  });

  it("accepts IDN domains as punycode, IPv6 in canonical form, and each bucket notation", async () => {
    expect((await addAsset("domain", "bücher-beispiel.de")).value).toBe(domainToASCII("bücher-beispiel.de"));
    expect((await addAsset("ipv6", "0:0:0:0:0:0:0:1", { name: "v6" })).value).toBe("::1");
    expect((await addAsset("bucket", "https://acme-assets.s3.eu-west-1.amazonaws.com")).value).toBe("s3://acme-assets");
    expect((await addAsset("bucket", "gs://acme-public")).value).toBe("gs://acme-public");
    expect((await addAsset("bucket", "acmestore.blob.core.windows.net/media")).value).toBe("azure://acmestore/media");
  });
});

describe("reading assets", () => {
  it("lists with paging, filters and the list item's additions; 404 across workspaces", async () => {
    const list = await req("GET", "/app/assets?type=bucket");
    expect(list.headers.get("x-total-count")).toBe("3");
    const items = (await list.json()) as (Asset & {
      issueCounts: Record<string, number>;
      ownership: string;
      scanStatus: unknown;
      bucketProvider: string;
    })[];
    expect(items.map((i) => i.bucketProvider).sort()).toEqual(["azure", "gcs", "s3"]);
    expect(items[0]).toMatchObject({
      issueCounts: { open: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      ownership: "pending",
      scanStatus: null,
    });
    expect((await req("GET", `/app/assets?projectId=${projectId}&status=reachable`)).headers.get("x-total-count")).toBe(
      "1",
    );
    await expectError(await req("GET", "/app/assets?status=up"), 400, "VALIDATION_ERROR", "status");

    const [first] = (await (await req("GET", "/app/assets?limit=1")).json()) as Asset[];
    const detail = (await (await req("GET", `/app/assets/${first!.id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({
      severityBreakdown: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      openIssues: [],
      schedules: [],
      uncoveredRedirectHost: null,
    });
    expect(Array.isArray(detail.technologies)).toBe(true);

    const other = await workspaceWithKey(api.services);
    for (const path of [
      `/app/assets/${first!.id}`,
      `/app/assets/${first!.id}/ownership`,
      `/app/assets/${first!.id}/outside-view/dns`,
      `/app/assets/${first!.id}/screenshot`,
    ]) {
      await expectError(await call(api.url, other.key, "GET", path), 404, "NOT_FOUND");
    }
    await expectError(await call(api.url, other.key, "DELETE", `/app/assets/${first!.id}`), 404, "NOT_FOUND");
  });

  it("answers NOT_AVAILABLE_YET before the first check, and 400 for an unknown part", async () => {
    const fresh = await checked((await addAsset("ipv4", "127.0.0.2")).id);
    expect((await req("GET", `/app/assets/${fresh.id}/outside-view/technologies`)).status).toBe(200);
    // Back to how it was before its first check: no outside view, no screenshot.
    await api.db.pool.query(
      `update "Asset" set status = 'pending', "outsideView" = null, "lastCheckedAt" = null, "screenshotPng" = null,
         "screenshotTakenAt" = null where id = $1`,
      [fresh.id],
    );
    expect(await (await req("GET", `/app/assets/${fresh.id}/outside-view`)).json()).toMatchObject({
      checkedAt: null,
      dns: null,
      https: null,
      tls: null,
      screenshot: null,
    });
    for (const part of ["dns", "http", "https", "tls", "technologies", "screenshot"]) {
      await expectError(await req("GET", `/app/assets/${fresh.id}/outside-view/${part}`), 404, "NOT_AVAILABLE_YET");
    }
    await expectError(await req("GET", `/app/assets/${fresh.id}/screenshot`), 404, "NOT_AVAILABLE_YET");
    await expectError(await req("GET", `/app/assets/${fresh.id}/outside-view/lasers`), 400, "VALIDATION_ERROR", "part");
  });
});

describe("changing assets", () => {
  it("updates the scan profile without a new check, and a new value with a new token and a new check", async () => {
    dns.set("edit-me.com", LOOPBACK);
    dns.set("edited.com", LOOPBACK);
    const a = await checked((await addAsset("domain", "edit-me.com")).id);
    const profile = (await (
      await req("PUT", `/app/assets/${a.id}`, {
        portScanMode: "top1000",
        nucleiMinSeverity: "high",
        disabledScannerTypes: ["screenshot", "screenshot"],
      })
    ).json()) as Asset;
    expect(profile).toMatchObject({
      portScanMode: "top1000",
      nucleiMinSeverity: "high",
      disabledScannerTypes: ["screenshot"],
      status: a.status,
      ownershipToken: a.ownershipToken,
    });
    const moved = (await (await req("PUT", `/app/assets/${a.id}`, { value: "edited.com" })).json()) as Asset;
    expect(moved).toMatchObject({ value: "edited.com", status: "pending" });
    expect(moved.ownershipToken).not.toBe(a.ownershipToken);
    expect((await checked(a.id)).status).toBe("reachable");
    await expectError(await req("PUT", `/app/assets/${a.id}`, {}), 400, "VALIDATION_ERROR", "body");
    await expectError(await req("PUT", `/app/assets/${a.id}`, { type: "ipv4" }), 400, "VALIDATION_ERROR", "value");
    await expectError(await req("PUT", "/app/assets/999999", { name: "x" }), 404, "NOT_FOUND");
  });

  it("deletes an asset with its scans, findings, issues and schedules", async () => {
    const a = await addAsset("domain", "doomed-site.com");
    await runInWorkspace(workspaceId, async () => {
      const scan = await api.services.scoped.scan.create({ data: { workspaceId, assetId: a.id } });
      const issue = await api.services.scoped.issue.create({
        data: { workspaceId, assetId: a.id, kind: "k", title: "t", severity: "high" },
      });
      await api.services.scoped.finding.create({
        data: {
          workspaceId,
          assetId: a.id,
          scanId: scan.id,
          issueId: issue.id,
          scanner: "http",
          kind: "k",
          title: "t",
          severity: "high",
        },
      });
    });
    const res = await req("DELETE", `/app/assets/${a.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: { scans: 1, findings: 1, issues: 1, schedules: 0 } });
    await expectError(await req("GET", `/app/assets/${a.id}`), 404, "NOT_FOUND");
  });

  it("limits revalidation to 30 an hour per workspace, shared by all its keys", async () => {
    dns.set("busy-site.com", LOOPBACK);
    const a = await addAsset("domain", "busy-site.com");
    // Fresh keys, so that their own per-minute write budgets are not what runs out.
    const [k1, k2] = [await newApiKey(api.services, workspaceId), await newApiKey(api.services, workspaceId)];
    for (let i = 0; i < 30; i++) {
      const res = await req("POST", `/app/assets/${a.id}/revalidate`, undefined, i % 2 ? k1.key : k2.key);
      expect(res.status, `revalidation ${i + 1}`).toBe(200);
      expect(((await res.json()) as { remainingThisHour: number }).remainingThisHour).toBe(29 - i);
    }
    const over = await req("POST", `/app/assets/${a.id}/revalidate`, undefined, k1.key);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(60);
    await expectError(over, 429, "RATE_LIMITED");
  });
});

describe("plan slots", () => {
  it("refuses an asset past the plan's slots for keys, with a code saying to buy a slot in the dashboard", async () => {
    const ws = await workspaceWithKey(api.services, { plan: "essential" });
    const project = (
      (await (await call(api.url, ws.key, "POST", "/app/projects", { name: "P" })).json()) as { id: number }
    ).id;
    // Loopback addresses (allowed in this test's network config): the checks stay on this machine.
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await call(api.url, ws.key, "POST", "/app/assets", {
            projectId: project,
            type: "ipv4",
            value: `127.0.1.${i + 1}`,
          })
        ).status,
      ).toBe(201);
    }
    const refused = await expectError(
      await call(api.url, ws.key, "POST", "/app/assets", { projectId: project, type: "ipv4", value: "127.0.1.99" }),
      403,
      "ASSET_SLOT_REQUIRED",
    );
    expect(refused.message).toMatch(/dashboard/);
    await expectError(
      await call(api.url, ws.key, "POST", "/app/assets", {
        projectId: project,
        type: "ipv4",
        value: "127.0.1.99",
        buySlot: true,
      }),
      403,
      "SESSION_REQUIRED",
    );
    await runInWorkspace(ws.workspace.id, () =>
      api.services.scoped.workspace.update({ where: { id: ws.workspace.id }, data: { purchasedAssetSlots: 1 } }),
    );
    expect(
      (await call(api.url, ws.key, "POST", "/app/assets", { projectId: project, type: "ipv4", value: "127.0.1.99" }))
        .status,
    ).toBe(201);
  });
});
