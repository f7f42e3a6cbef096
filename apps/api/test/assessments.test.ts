// Assessment reports over REST: generation by the real job (snapshot,
// narrative, a real PDF printed by Chromium and read back with unpdf), the
// HTML against its snapshot file, share links (live, expired, revoked,
// replaced), workspace isolation, the pending dedupe under concurrent
// requests, the hourly limit and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { runInWorkspace } from "@ems/core/testing";
import { redactShareToken } from "../src/share/routes.ts";
import { call, expectError, newApiKey, newWorkspace, startApi, until, type TestApi } from "./harness.ts";
import { seeded, T0, type Report } from "./assessments-fixture.ts";

/** The reports' clock: fixed (T0), so that a report's bytes are the same on every run; tests move it. */
let clock = T0;

let api: TestApi; // runs the jobs
let queued: TestApi; // queues them only: reports stay pending

beforeAll(async () => {
  [api, queued] = await Promise.all([
    startApi({ worker: true, now: () => clock }),
    startApi({ queue: true, now: () => clock }),
  ]);
});
afterAll(async () => {
  await Promise.all([api?.close(), queued?.close()]);
});

const status = (t: TestApi, workspaceId: number, id: number) =>
  runInWorkspace(workspaceId, () =>
    t.services.scoped.assessmentReport.findUniqueOrThrow({ where: { id }, select: { status: true } }),
  ).then((r) => r.status);

async function generated(t: TestApi, s: Awaited<ReturnType<typeof seeded>>, body: object) {
  const res = await s.req("POST", "/app/assessments", body);
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as Report;
  expect(created.status).toBe("pending");
  await until(async () => (await status(t, s.workspace.id, created.id)) !== "pending", "the report", 90_000);
  return created.id;
}

/** The public path of a share URL (the test server is not at the configured share base). */
const publicPath = (url: string) => new URL(url).pathname;

describe("a generated report", () => {
  let s: Awaited<ReturnType<typeof seeded>>;
  let id: number;
  beforeAll(async () => {
    s = await seeded(api);
    id = await generated(api, s, { scopeType: "workspace" });
  }, 120_000);

  it("has every field of the spec's object, with data and narrative", async () => {
    const res = await s.req("GET", `/app/assessments/${id}`);
    expect(res.status).toBe(200);
    const r = (await res.json()) as Report & Record<string, unknown>;
    for (const field of ["workspaceId", "scopeType", "scopeId", "scopeName", "status", "error", "trigger"])
      expect(r).toHaveProperty(field);
    for (const field of ["createdByUserId", "shareExpiresAt", "shareRevokedAt", "generatedAt", "createdAt"])
      expect(r).toHaveProperty(field);
    expect(r).toMatchObject({ status: "ready", scopeName: "Acme Corp", hasNarrative: true, shareLive: false });
    expect(r.shareUrl).toBeNull();
    expect(r.data!.issues.open).toEqual({ critical: 1, high: 2, medium: 1, low: 1, info: 1, total: 6 });
    expect(r.data!.issues).toMatchObject({ dismissed: 1, resolved: 1 });
    expect(r.data!.assets.total).toBe(2);
    expect(r.data!.ports).toEqual([{ port: 6379, service: "redis", assets: 2 }]);
    expect(r.narrative!.executiveSummary.join(" ")).toContain("6 open issues");
    // The workspace's SLA policy (the defaults: critical 15 days, high 30) through the SLA report.
    expect(r.data!.sla.bySeverity.slice(0, 2)).toEqual([
      { severity: "critical", days: 15, open: 1, withinSla: 0, atRisk: 0, breached: 1 },
      { severity: "high", days: 30, open: 2, withinSla: 1, atRisk: 0, breached: 1 },
    ]);
    expect(r.data!.trend).toHaveLength(12);
    expect(r.data!.trend.at(-1)!.openAtEnd).toBe(6);
    expect(r.data!.trend.at(-1)!.weekStart).toBe("2026-06-09T00:00:00.000Z");
  });

  it("covers one asset with its project's SLA days", async () => {
    // Through the API, which moves the project's open issues' deadlines (and atRiskAt) with the policy.
    const put = await s.req("PUT", `/app/projects/${s.project.id}/sla-policy`, {
      critical: 5,
      high: 2,
      medium: 12,
      low: 30,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const assetReport = await generated(api, s, { scopeType: "asset", scopeId: s.api1.id });
    const r = (await (await s.req("GET", `/app/assessments/${assetReport}`)).json()) as Report;
    expect(r).toMatchObject({ status: "ready", scopeName: "api.acme.example" });
    expect(r.data!.issues.open).toEqual({ critical: 0, high: 1, medium: 1, low: 1, info: 1, total: 4 });
    expect(r.data!.sla.bySeverity).toEqual([
      { severity: "critical", days: 5, open: 0, withinSla: 0, atRisk: 0, breached: 0 },
      { severity: "high", days: 2, open: 1, withinSla: 0, atRisk: 0, breached: 1 },
      { severity: "medium", days: 12, open: 1, withinSla: 0, atRisk: 1, breached: 0 },
      { severity: "low", days: 30, open: 1, withinSla: 1, atRisk: 0, breached: 0 },
    ]);
    expect(r.data!.trend.at(-1)).toMatchObject({ weekStart: "2026-06-09T00:00:00.000Z", openAtEnd: 4 });
    await api.services.db.prisma.projectSlaPolicy.delete({ where: { projectId: s.project.id } });
  });

  it("serves the HTML, self-contained and as in its snapshot", async () => {
    const res = await s.req("GET", `/app/assessments/${id}/html`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    // The share page's strict policy: a report opened from the API runs nothing and loads nothing either.
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; " +
        "form-action 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|src="http|url\(/i);
    await expect(html.replace(/#\d+, generated/, "#N, generated")).toMatchFileSnapshot(
      "__snapshots__/assessment-report.html",
    );
  });

  it("serves a real PDF: several pages, the scope's name and the issue counts", async () => {
    const res = await s.req("GET", `/app/assessments/${id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="assessment-\d+-Acme-Corp.pdf"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { totalPages, text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(totalPages).toBeGreaterThan(1);
    expect(text).toContain("Acme Corp");
    expect(text).toContain("6 open issues (1 critical, 2 high, 1 medium, 1 low, 1 info)");
    expect(text).toMatch(new RegExp(`Page 1 of ${totalPages}`));
  });

  it("shares: the link shows HTML and PDF without an account, counts views, revokes to 410", async () => {
    const res = await s.req("POST", `/app/assessments/${id}/share`, { expiresInDays: 3 });
    expect(res.status, await res.clone().text()).toBe(200);
    const shared = (await res.json()) as Report;
    expect(shared.shareLive).toBe(true);
    expect(shared.shareExpiresAt).toBe(new Date(T0.getTime() + 3 * 86_400_000).toISOString());
    expect(shared.shareUrl!.url).toMatch(/^http:\/\/share\.example\.test\/share\/[A-Za-z0-9_-]{43}$/);
    expect(shared.sharePdfUrl!.url).toBe(`${shared.shareUrl!.url}.pdf`);

    const page = await fetch(`${api.url}${publicPath(shared.shareUrl!.url!)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'; style-src 'unsafe-inline'");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("set-cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("Acme Corp");
    const pdf = await fetch(`${api.url}${publicPath(shared.sharePdfUrl!.url!)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    const read = (await (await s.req("GET", `/app/assessments/${id}`)).json()) as Report;
    expect(read).toMatchObject({ shareLive: true, shareViewCount: 2 });
    expect(read.shareUrl).toEqual({ url: null, expiresAt: shared.shareExpiresAt }); // shown once

    const revoked = await s.req("DELETE", `/app/assessments/${id}/share`);
    expect(((await revoked.json()) as Report).shareLive).toBe(false);
    await expectError(await fetch(`${api.url}${publicPath(shared.shareUrl!.url!)}`), 410, "SHARE_LINK_GONE");
    await expectError(await fetch(`${api.url}${publicPath(shared.sharePdfUrl!.url!)}`), 410, "SHARE_LINK_GONE");
    const audit = await runInWorkspace(s.workspace.id, () =>
      api.services.scoped.auditEntry.findMany({ where: { resourceType: "assessment" }, select: { action: true } }),
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["assessment.create", "assessment.share", "assessment.unshare"]),
    );
  });

  it("expires links after their days; a new link replaces the old one (404)", async () => {
    const first = (await (await s.req("POST", `/app/assessments/${id}/share`, {})).json()) as Report;
    const second = (await (await s.req("POST", `/app/assessments/${id}/share`, {})).json()) as Report;
    expect(second.shareExpiresAt).toBe(new Date(T0.getTime() + 7 * 86_400_000).toISOString());
    await expectError(await fetch(`${api.url}${publicPath(first.shareUrl!.url!)}`), 404, "NOT_FOUND");
    expect((await fetch(`${api.url}${publicPath(second.shareUrl!.url!)}`)).status).toBe(200);
    clock = new Date(T0.getTime() + 7 * 86_400_000 + 1000);
    try {
      await expectError(await fetch(`${api.url}${publicPath(second.shareUrl!.url!)}`), 410, "SHARE_LINK_GONE");
      expect(((await (await s.req("GET", `/app/assessments/${id}`)).json()) as Report).shareLive).toBe(false);
    } finally {
      clock = T0;
    }
    await expectError(await fetch(`${api.url}/share/not-a-token`), 404, "NOT_FOUND");
  });

  it("limits each link to 60 views a minute, HTML and PDF together", async () => {
    const shared = (await (await s.req("POST", `/app/assessments/${id}/share`, {})).json()) as Report;
    const page = `${api.url}${publicPath(shared.shareUrl!.url!)}`;
    for (let i = 0; i < 60; i++) {
      const res = await fetch(i % 2 ? page : `${page}.pdf`, { method: "GET" });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const limited = await fetch(page);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectError(limited, 429, "RATE_LIMITED");
    expect(((await (await s.req("GET", `/app/assessments/${id}`)).json()) as Report).shareViewCount).toBe(60);
  });

  it("is invisible to another workspace: 404 on every route", async () => {
    const other = await newWorkspace(api.services);
    const { key } = await newApiKey(api.services, other.id);
    for (const [method, path] of [
      ["GET", `/app/assessments/${id}`],
      ["GET", `/app/assessments/${id}/html`],
      ["GET", `/app/assessments/${id}/pdf`],
      ["POST", `/app/assessments/${id}/share`],
      ["DELETE", `/app/assessments/${id}/share`],
      ["DELETE", `/app/assessments/${id}`],
    ] as const)
      await expectError(await call(api.url, key, method, path), 404, "NOT_FOUND");
    const list = await call(api.url, key, "GET", "/app/assessments");
    expect(await list.json()).toEqual([]);
  });
});

describe("scopes", () => {
  it("covers a project or an asset; scopeId of another workspace is 404 naming it", async () => {
    const s = await seeded(queued, "Scopes Inc");
    const project = (await (
      await s.req("POST", "/app/assessments", { scopeType: "project", scopeId: s.project.id })
    ).json()) as Report;
    expect(project).toMatchObject({ scopeType: "project", scopeId: s.project.id, scopeName: "Web shop" });
    const asset = await s.req("POST", "/app/assessments", { scopeType: "asset", scopeId: s.shop.id });
    expect(((await asset.json()) as Report).scopeName).toBe("shop.acme.example");
    const other = await seeded(queued, "Other");
    await expectError(
      await s.req("POST", "/app/assessments", { scopeType: "asset", scopeId: other.shop.id }),
      404,
      "NOT_FOUND",
      "scopeId",
    );
  });

  it("asks reports:read to read and reports:write to create", async () => {
    const s = await seeded(queued, "Scoped keys");
    const { key: reader } = await newApiKey(queued.services, s.workspace.id, { scopes: ["reports:read"] });
    expect((await s.req("GET", "/app/assessments", undefined, reader)).status).toBe(200);
    await expectError(
      await s.req("POST", "/app/assessments", { scopeType: "workspace" }, reader),
      403,
      "SCOPE_REQUIRED",
    );
    const { key: assetsOnly } = await newApiKey(queued.services, s.workspace.id, { scopes: ["assets:read"] });
    await expectError(await s.req("GET", "/app/assessments", undefined, assetsOnly), 403, "SCOPE_REQUIRED");
  });

  it("answers 400 naming the field for bad input, and creates nothing", async () => {
    const s = await seeded(queued, "Bad input");
    const bad: [object, string][] = [
      [{}, "scopeType"],
      [{ scopeType: "galaxy" }, "scopeType"],
      [{ scopeType: "project" }, "scopeId"],
      [{ scopeType: "asset", scopeId: "1e3" }, "scopeId"],
      [{ scopeType: "workspace", scopeId: s.project.id }, "scopeId"],
    ];
    for (const [body, field] of bad)
      await expectError(await s.req("POST", "/app/assessments", body), 400, "VALIDATION_ERROR", field);
    const count = await runInWorkspace(s.workspace.id, () => queued.services.scoped.assessmentReport.count());
    expect(count).toBe(0);
    await expectError(
      await s.req("POST", "/app/assessments/1/share", { expiresInDays: 31 }),
      400,
      "VALIDATION_ERROR",
      "expiresInDays",
    );
  });
});

describe("creation limits", () => {
  it("returns the pending report to concurrent requests for the same scope: one 201, the rest 200", async () => {
    const s = await seeded(queued, "Concurrent");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => s.req("POST", "/app/assessments", { scopeType: "workspace" })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Report).id)));
    expect(ids.size).toBe(1);
    const count = await runInWorkspace(s.workspace.id, () => queued.services.scoped.assessmentReport.count());
    expect(count).toBe(1);
  });

  it("allows 10 creations an hour per workspace, then 429 RATE_LIMITED with Retry-After", async () => {
    const s = await seeded(queued, "Busy");
    const db = queued.services.db.prisma;
    const projects = await Promise.all(
      Array.from({ length: 11 }, (_, i) => db.project.create({ data: { workspaceId: s.workspace.id, name: `p${i}` } })),
    );
    for (const p of projects.slice(0, 10)) {
      const res = await s.req("POST", "/app/assessments", { scopeType: "project", scopeId: p.id });
      expect(res.status).toBe(201);
    }
    // A request for a scope already pending is not a creation: still 200.
    expect((await s.req("POST", "/app/assessments", { scopeType: "project", scopeId: projects[0]!.id })).status).toBe(
      200,
    );
    const limited = await s.req("POST", "/app/assessments", { scopeType: "project", scopeId: projects[10]!.id });
    const retryAfter = Number(limited.headers.get("retry-after"));
    await expectError(limited, 429, "RATE_LIMITED");
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});

describe("share tokens in logs", () => {
  it("are replaced in the logged path of share pages", () => {
    const token = "a".repeat(43);
    expect(redactShareToken(`/share/${token}`)).toBe("/share/[token]");
    expect(redactShareToken(`/share/${token}.pdf?x=1`)).toBe("/share/[token].pdf?x=1");
    expect(redactShareToken("/app/assessments/1")).toBe("/app/assessments/1");
  });
});

describe("failures and deletion", () => {
  it("records a failed generation with its reason; HTML and PDF answer 409 until ready", async () => {
    const s = await seeded(queued, "Failing");
    const created = (await (await s.req("POST", "/app/assessments", { scopeType: "workspace" })).json()) as Report;
    await expectError(await s.req("GET", `/app/assessments/${created.id}/pdf`), 409, "ASSESSMENT_NOT_READY");
    const { runAssessmentJob } = await import("@ems/core/testing");
    const broken = { ...queued.services, net: { ...queued.services.net, chromiumPath: "/nonexistent/chromium" } };
    await runAssessmentJob(broken, { reportId: created.id, workspaceId: s.workspace.id });
    const r = (await (await s.req("GET", `/app/assessments/${created.id}`)).json()) as Report;
    expect(r.status).toBe("failed");
    expect(r.error).toContain("/nonexistent/chromium");
    const html = await expectError(
      await s.req("GET", `/app/assessments/${created.id}/html`),
      409,
      "ASSESSMENT_NOT_READY",
    );
    expect(html.message).toContain("failed");
    await expectError(await s.req("POST", `/app/assessments/${created.id}/share`), 409, "ASSESSMENT_NOT_READY");

    const deleted = await s.req("DELETE", `/app/assessments/${created.id}`);
    expect(deleted.status).toBe(200);
    await expectError(await s.req("GET", `/app/assessments/${created.id}`), 404, "NOT_FOUND");
  });
});
