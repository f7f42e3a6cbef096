// Problems (docs/api.md, Problems): the same .env exposure scanned on a domain, its subdomain and its IP (one real
// HTTP server on 127.0.0.1, names resolved by the test DNS server) is one problem with three assets, its issues linked
// as one exposure ("also seen as"), counted once in the overview and the report; a clean asset is not in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { expectError, until } from "./harness.ts";
import { startLoopbackStage, stageHolder, type LoopbackStage } from "./loopback-stage.ts";

const ENV_FILE = "APP_NAME=Shop\nAPP_ENV=production\nDB_HOST=10.0.3.12\nDB_PASSWORD=Xk93!pqLr-7fz\n";
const NAMES = { domain: "linked-shop.com", subdomain: "www.linked-shop.com", ipv4: "127.0.0.1" } as const;
const CLEAN = "clean-shop.com";

interface Problem {
  kind: string;
  severity: string;
  issues: number;
  assets: number;
  exposures: number;
  assetNames: string[];
  firstSeenAt: string;
}
type BySeverity = Record<"info" | "low" | "medium" | "high" | "critical" | "total", number>;

const stage = stageHolder<LoopbackStage>("startLoopbackStage");
const assetIds: Record<string, number> = {};

beforeAll(async () => {
  const s = stage.set(
    await startLoopbackStage({
      hostnames: [NAMES.domain, NAMES.subdomain, CLEAN],
      projectName: "Shop",
      prepare: (dns, web) => {
        for (const host of [NAMES.domain, NAMES.subdomain, CLEAN]) {
          dns.set(host, { A: ["127.0.0.1"] });
          web.route(`${host}/`, { status: 200, body: "<html><title>Shop</title></html>" });
        }
        for (const host of [NAMES.domain, NAMES.subdomain, NAMES.ipv4]) {
          web.route(`${host}/.env`, { status: 200, headers: { "content-type": "text/plain" }, body: ENV_FILE });
        }
      },
    }),
  );
  const entries = [...Object.entries(NAMES), ["domain", CLEAN]] as const;
  for (const [type, value] of entries) {
    const res = await stage.req("POST", "/app/assets", { projectId: s.projectId, type, value, portScanMode: "off" });
    expect(res.status, await res.clone().text()).toBe(201);
    assetIds[value] = ((await res.json()) as { id: number }).id;
  }
  await runInWorkspace(s.workspaceId, () =>
    s.api.services.scoped.asset.updateMany({ data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" } }),
  );
  for (const assetId of Object.values(assetIds)) {
    const scan = (await (await stage.req("POST", "/app/scans", { assetId })).json()) as { id: number };
    const status = () =>
      s.api.services.db.prisma.scan.findUniqueOrThrow({ where: { id: scan.id }, select: { status: true } });
    await until(async () => (await status()).status === "completed", `the scan of asset ${assetId}`, 120_000);
  }
}, 400_000);

afterAll(() => stage.get().close());

const problems = async (query = "") => {
  const res = await stage.req("GET", `/app/problems?limit=500${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { items: (await res.json()) as Problem[], total: Number(res.headers.get("x-total-count")) };
};

describe("problems", () => {
  it("groups the .env exposure of three names as one problem with three assets and one exposure", async () => {
    const { items, total } = await problems();
    expect(total).toBe(items.length);
    const env = items.find((p) => p.kind === "http.exposed.env")!;
    expect(env).toMatchObject({ severity: "critical", issues: 3, assets: 3, exposures: 1 });
    expect([...env.assetNames].sort()).toEqual(Object.values(NAMES).sort());
    expect(env.assetNames).not.toContain(CLEAN);
  });

  it("shows the linked issues in the problem's detail and on each issue ('also seen as')", async () => {
    const res = await stage.req("GET", "/app/problems/http.exposed.env");
    expect(res.status).toBe(200);
    const detail = (await res.json()) as {
      exposures: number;
      exposureList: { address: string; port: number; issues: { id: number; asset: { value: string } }[] }[];
    };
    expect(detail.exposureList).toHaveLength(1);
    expect(detail.exposureList[0]!.address).toBe("127.0.0.1");
    expect(detail.exposureList[0]!.issues.map((i) => i.asset.value).sort()).toEqual(Object.values(NAMES).sort());

    const issueId = detail.exposureList[0]!.issues.find((i) => i.asset.value === NAMES.domain)!.id;
    const issue = (await (await stage.req("GET", `/app/issues/${issueId}`)).json()) as {
      address: string;
      linked: { asset: { value: string } }[];
    };
    expect(issue.address).toBe("127.0.0.1");
    expect(issue.linked.map((l) => l.asset.value).sort()).toEqual([NAMES.ipv4, NAMES.subdomain].sort());
    await expectError(await stage.req("GET", "/app/problems/http.exposed.nothing-here"), 404, "NOT_FOUND");
  });

  it("filters by asset, severity and q, and sorts by count and oldest", async () => {
    const clean = await problems(`&assetId=${assetIds[CLEAN]}`);
    expect(clean.items.map((p) => p.kind)).not.toContain("http.exposed.env");
    expect(clean.items.every((p) => p.issues === 1)).toBe(true);
    const critical = await problems("&severity=critical");
    expect(critical.items.map((p) => p.kind)).toEqual(["http.exposed.env"]);
    expect((await problems("&q=exposed.env")).items.map((p) => p.kind)).toContain("http.exposed.env");
    expect((await problems("&q=zzz-nothing")).total).toBe(0);
    const byCount = (await problems("&sort=count")).items.map((p) => p.issues);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    const byOldest = (await problems("&sort=oldest")).items.map((p) => p.firstSeenAt);
    expect(byOldest).toEqual([...byOldest].sort());
    const paged = await stage.req("GET", "/app/problems?limit=1&page=2");
    expect(paged.headers.get("x-total-count")).toBe(String((await problems()).total));
    expect(((await paged.json()) as Problem[]).length).toBe(1);
  });

  it("names the exposure once in the assessment's key risks, with the other names", async () => {
    const { api, workspaceId } = stage.get();
    const created = (await (await stage.req("POST", "/app/assessments", { scopeType: "workspace" })).json()) as {
      id: number;
    };
    const status = () =>
      runInWorkspace(workspaceId, () =>
        api.services.scoped.assessmentReport.findUniqueOrThrow({ where: { id: created.id }, select: { status: true } }),
      );
    await until(async () => (await status()).status !== "pending", "the report", 90_000);
    const report = (await (await stage.req("GET", `/app/assessments/${created.id}`)).json()) as {
      data: { topRisks: { kind: string; title: string; assetValue: string; alsoSeenAs: string[] }[] };
      narrative: { keyRisks: string[] };
    };
    const env = report.data.topRisks.filter((r) => r.kind === "http.exposed.env");
    expect(env).toHaveLength(1);
    expect([env[0]!.assetValue, ...env[0]!.alsoSeenAs].sort()).toEqual(Object.values(NAMES).sort());
    const lines = report.narrative.keyRisks.filter((line) => line.includes(env[0]!.title));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("also seen as");
  });

  it("counts the linked exposure once in the overview and the report, and follows a resolution", async () => {
    const overview = (await (await stage.req("GET", "/app/overview")).json()) as {
      openIssues: BySeverity;
      openExposures: BySeverity;
    };
    expect(overview.openIssues.critical).toBe(3);
    expect(overview.openExposures.critical).toBe(1);
    const report = (await (await stage.req("GET", "/app/reports/summary")).json()) as { openExposures: BySeverity };
    expect(report.openExposures).toEqual(overview.openExposures);

    // Resolving two of the three leaves one issue: still one exposure, and no longer linked.
    const env = (await problems()).items.find((p) => p.kind === "http.exposed.env")!;
    expect(env.exposures).toBe(1);
    const detail = (await (await stage.req("GET", "/app/problems/http.exposed.env")).json()) as {
      exposureList: { issues: { id: number; asset: { value: string } }[] }[];
    };
    for (const issue of detail.exposureList[0]!.issues.filter((i) => i.asset.value !== NAMES.domain)) {
      const res = await stage.req("PATCH", `/app/issues/${issue.id}/status`, { status: "resolved" });
      expect(res.status).toBe(200);
    }
    expect((await problems()).items.find((p) => p.kind === "http.exposed.env")).toMatchObject({
      issues: 1,
      exposures: 1,
    });
    const after = (await (await stage.req("GET", "/app/overview")).json()) as { openExposures: BySeverity };
    expect(after.openExposures.critical).toBe(1);
  });
});
