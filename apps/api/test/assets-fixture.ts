// The environment the asset tests share: a DNS server and HTTP/HTTPS servers on
// 127.0.0.1, the API with its queue and a worker, a Pro workspace with a key and
// a project. One per test file (vitest loads this module once per file).
import { expect } from "vitest";
import type { NetConfig } from "@ems/scanners";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import { assetChecked, call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

export const LOOPBACK = { A: ["127.0.0.1"] };

export type Asset = Record<string, unknown> & { id: number; status: string; value: string };

export interface AssetsEnvironment {
  api: TestApi;
  dns: TestDnsServer;
  web: TestWebServers;
  key: string;
  workspaceId: number;
  projectId: number;
  close(): Promise<void>;
}

let current: AssetsEnvironment | undefined;

function env(): AssetsEnvironment {
  if (!current) throw new Error("startAssetsEnvironment() has not run (call it in beforeAll)");
  return current;
}

/** `net` overrides the scanners' test configuration (e.g. narrower allowed ranges). */
export async function startAssetsEnvironment(net: Partial<NetConfig> = {}): Promise<AssetsEnvironment> {
  const dns = await startDnsServer();
  const web = await startTestWebServers({
    hostnames: ["acme-corp.com", "www.acme-corp.com", "shop.acme-corp.com", "localhost"],
  });
  const local = `http://127.0.0.1:${web.ports.httpPort}`;
  const api = await startApi({
    net: testNetConfig(dns, web, {
      bucketEndpoints: { s3: `${local}/s3`, gcs: `${local}/gcs`, azure: `${local}/azure/{account}` },
      ...net,
    }),
    worker: true,
  });
  web.route("/s3/acme-open-data", {
    status: 200,
    headers: { "content-type": "application/xml" },
    body: "<ListBucketResult><Name>acme-open-data</Name></ListBucketResult>",
  });
  const { key, workspace } = await workspaceWithKey(api.services, { plan: "pro" });
  const project = (await (await call(api.url, key, "POST", "/app/projects", { name: "Web" })).json()) as { id: number };
  current = {
    api,
    dns,
    web,
    key,
    workspaceId: workspace.id,
    projectId: project.id,
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

export async function addAsset(type: string, value: string, extra: Record<string, unknown> = {}) {
  const res = await req("POST", "/app/assets", { projectId: env().projectId, type, value, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Asset;
}

/** Waits for the worker's check to finish (reading the database, so as not to spend the key's read budget). */
export async function checked(id: number): Promise<Asset & Record<string, unknown>> {
  await assetChecked(env().api.services, id);
  return (await (await req("GET", `/app/assets/${id}`)).json()) as Asset;
}
