// The environment the scan and issue tests share: real DNS and HTTP(S) servers
// on 127.0.0.1 serving a site with planted problems (no security headers, a
// version in Server, an exposed .git), the API with its queue and a worker, a Pro
// workspace with a key, a project and the site as an asset (not yet proven).
// One per test file (vitest loads this module once per file).
import { expect } from "vitest";
import { runInWorkspace } from "@ems/core/testing";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import { call, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";

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
  lastSeenAt: string;
  findingsCount: number;
  assignee: { id: number } | null;
}

export interface ScanEnvironment {
  api: TestApi;
  dns: TestDnsServer;
  web: TestWebServers;
  key: string;
  workspaceId: number;
  projectId: number;
  /** scan-target.com, not yet proven. */
  assetId: number;
  close(): Promise<void>;
}

let current: ScanEnvironment | undefined;

function env(): ScanEnvironment {
  if (!current) throw new Error("startScanEnvironment() has not run (call it in beforeAll)");
  return current;
}

export async function startScanEnvironment(): Promise<ScanEnvironment> {
  const dns = await startDnsServer();
  const web = await startTestWebServers({ hostnames: ["scan-target.com", "localhost"] });
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
  const api = await startApi({ net: testNetConfig(dns, web), worker: true });
  const { key, workspace } = await workspaceWithKey(api.services, { plan: "pro" });
  const project = (await (await call(api.url, key, "POST", "/app/projects", { name: "Scanned" })).json()) as {
    id: number;
  };
  const asset = (await (
    await call(api.url, key, "POST", "/app/assets", {
      projectId: project.id,
      type: "domain",
      value: "scan-target.com",
      portScanMode: "off",
    })
  ).json()) as { id: number };
  current = {
    api,
    dns,
    web,
    key,
    workspaceId: workspace.id,
    projectId: project.id,
    assetId: asset.id,
    async close() {
      await api.close();
      await web.close();
      await dns.close();
    },
  };
  return current;
}

/** A REST call with the workspace's key (or another credential). */
export const req = (method: string, path: string, body?: unknown, credential?: string) =>
  call(env().api.url, credential ?? env().key, method, path, body);

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
