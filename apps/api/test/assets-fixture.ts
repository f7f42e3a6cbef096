// The environment the asset tests share: a DNS server and HTTP/HTTPS servers on
// 127.0.0.1, the API with its queue and a worker, a Pro workspace with a key and
// a project. One per test file (vitest loads this module once per file).
import { expect } from "vitest";
import type { NetConfig } from "@ems/scanners";
import { assetChecked } from "./harness.ts";
import { startLoopbackStage, stageHolder, type LoopbackStage } from "./loopback-stage.ts";

export const LOOPBACK = { A: ["127.0.0.1"] };

export type Asset = Record<string, unknown> & { id: number; status: string; value: string };

export type AssetsEnvironment = LoopbackStage;

const stage = stageHolder<AssetsEnvironment>("startAssetsEnvironment");
const env = stage.get;
export const req = stage.req;

/** `net` overrides the scanners' test configuration (e.g. narrower allowed ranges). */
export async function startAssetsEnvironment(net: Partial<NetConfig> = {}): Promise<AssetsEnvironment> {
  return stage.set(
    await startLoopbackStage({
      hostnames: ["acme-corp.com", "www.acme-corp.com", "shop.acme-corp.com", "localhost"],
      projectName: "Web",
      prepare: (_dns, web) =>
        web.route("/s3/acme-open-data", {
          status: 200,
          headers: { "content-type": "application/xml" },
          body: "<ListBucketResult><Name>acme-open-data</Name></ListBucketResult>",
        }),
      net: (web) => {
        const local = `http://127.0.0.1:${web.ports.httpPort}`;
        return {
          bucketEndpoints: { s3: `${local}/s3`, gcs: `${local}/gcs`, azure: `${local}/azure/{account}` },
          ...net,
        };
      },
    }),
  );
}

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
