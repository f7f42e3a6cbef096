// The environment the scan and issue tests share: real DNS and HTTP(S) servers
// on 127.0.0.1 serving a site with planted problems (no security headers, a
// version in Server, an exposed .git), the API with its queue and a worker, a Pro
// workspace with a key, a project and the site as an asset (not yet proven).
// One per test file (vitest loads this module once per file).
import { expect } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import { call, until } from "./harness.ts";
import { startLoopbackStage, stageHolder, type LoopbackStage } from "./loopback-stage.ts";

export const PAGE = {
  status: 200,
  headers: { server: "Apache/2.4.41 (Ubuntu)" },
  body: "<html><head><title>Target</title></head><body>hi</body></html>",
};

export interface Scan {
  id: number;
  status: string;
  stage: string | null;
  progress: number;
  error: string | null;
  findingsCount: number;
  stages: { stage: string }[];
}

export interface Issue {
  id: number;
  kind: string;
  status: string;
  severity: string;
  confidence: string;
  lastSeenAt: string;
  findingsCount: number;
  assignee: { id: number } | null;
}

export interface ScanEnvironment extends LoopbackStage {
  /** scan-target.com, not yet proven. */
  assetId: number;
}

const stage = stageHolder<ScanEnvironment>("startScanEnvironment");
const env = stage.get;
export const req = stage.req;

export async function startScanEnvironment(): Promise<ScanEnvironment> {
  const base = await startLoopbackStage({
    hostnames: ["scan-target.com", "localhost"],
    projectName: "Scanned",
    prepare: (dns, web) => {
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
    },
  });
  const res = await call(base.api.url, base.key, "POST", "/app/assets", {
    projectId: base.projectId,
    type: "domain",
    value: "scan-target.com",
    portScanMode: "off",
  });
  return stage.set({ ...base, assetId: ((await res.json()) as { id: number }).id });
}

/** Marks an asset's ownership as proven (the proofs themselves are tested with assets). */
export async function proveAsset(id: number) {
  await runInWorkspace(env().workspaceId, () =>
    env().api.services.scoped.asset.update({
      where: { id },
      data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
    }),
  );
}

/** Waits for the scan to end (on the database, see `until`), then reads it over REST. */
export async function finished(id: number): Promise<Scan> {
  const status = () => env().api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } });
  await until(async () => !["queued", "running"].includes((await status()).status), `scan ${id}`);
  return (await (await req("GET", `/app/scans/${id}`)).json()) as Scan;
}

/** Scans an asset (the site by default) and waits for the end. */
export async function scanOnce(assetId = env().assetId): Promise<Scan> {
  const res = await req("POST", "/app/scans", { assetId });
  expect(res.status, await res.clone().text()).toBe(201);
  return finished(((await res.json()) as Scan).id);
}

/** The site's issues (all statuses unless the query narrows them). */
export const issues = async (query = "") =>
  (await (await req("GET", `/app/issues?assetId=${env().assetId}&limit=500${query}`)).json()) as Issue[];
