// The stage of the discovery tests: the API with a worker, a CT look-alike (crt.sh and CertSpotter) and a DNS
// server on 127.0.0.1, and a proven domain whose checks saw a certificate name, a CNAME and a redirect. A test file
// calls `setupDiscoveryStack()` once; the bindings below are live (set in its beforeAll).
import { afterAll, beforeAll, expect } from "vitest";
import type { DiscoverySettings } from "@ems/core";
import {
  startCtServer,
  startDnsServer,
  testNetConfig,
  type TestCtServer,
  type TestDnsServer,
} from "@ems/scanners/testing";
import { assetChecked, call, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";

export const DOMAIN = "acme-disc.com";
export let api: TestApi;
export let dns: TestDnsServer;
export let ct: TestCtServer;
export let key: string;
export let workspaceId: number;
export let projectId: number;
export let domainId: number;

export type Host = {
  id: number;
  host: string;
  sources: string[];
  status: string;
  resolves: { a: string[]; aaaa: string[] } | null;
  resolvedIp: { address: string; family: number } | null;
  cname: { chain: string[]; target: string } | null;
  wildcard: { zone: string; addresses: string[] } | null;
  assetId: { id: number; value: string } | null;
  firstSeenAt: string;
  lastSeenAt: string;
};
export type Run = {
  id: number;
  status: string;
  found: number;
  new: number;
  sourceErrors: { source: string }[];
  capped: { limit: number; dropped: number } | null;
  autoAdd: { added: number; refused: { code: string; message: string; count: number }[] } | null;
};

export const req = (method: string, path: string, body?: unknown, credential = key) =>
  call(api.url, credential, method, path, body);

export const settings = (intervalDays: number): DiscoverySettings => ({
  engine: {
    crtShUrl: ct.url,
    certSpotterUrl: ct.url,
    certSpotterToken: null,
    sourceTimeoutMs: 3000,
    resolveConcurrency: 100,
    bruteforce: true,
    maxHosts: 20_000,
  },
  intervalDays,
});

export async function prove(id: number) {
  await api.services.db.prisma.asset.update({
    where: { id },
    data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
  });
}

export async function runTo(body: Record<string, unknown>): Promise<Run> {
  const res = await req("POST", "/app/discovery/run", body);
  expect(res.status, await res.clone().text()).toBe(202);
  const { runs } = (await res.json()) as { runs: (Run & { progress: object })[] };
  expect(runs).toHaveLength(1);
  expect(runs[0]!.progress).toBeDefined();
  await until(
    async () =>
      ["done", "failed"].includes(
        (await api.services.db.prisma.discoveryRun.findUniqueOrThrow({ where: { id: runs[0]!.id } })).status,
      ),
    `discovery run ${runs[0]!.id}`,
  );
  return (await (await req("GET", `/app/discovery/runs/${runs[0]!.id}`)).json()) as Run;
}

export async function hosts(query = `domain=${DOMAIN}`): Promise<Host[]> {
  const res = await req("GET", `/app/discovery/hosts?limit=500&${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Host[];
}
export const byHost = (list: Host[], host: string) => list.find((h) => h.host === host);

/** Starts the stage for one test file (its beforeAll / afterAll); the bindings above are live. */
export function setupDiscoveryStack() {
  beforeAll(async () => {
    dns = await startDnsServer();
    ct = await startCtServer();
    api = await startApi({ net: testNetConfig(dns, null), discovery: settings(0), worker: true });
    ({
      key,
      workspace: { id: workspaceId },
    } = await workspaceWithKey(api.services, { plan: "pro" }));
    projectId = (
      (await (await req("POST", "/app/projects", { name: "Disc", color: "#112233" })).json()) as { id: number }
    ).id;
    dns.set(DOMAIN, { A: ["127.0.0.1"] });
    const res = await req("POST", "/app/assets", { projectId, type: "domain", value: DOMAIN });
    domainId = ((await res.json()) as { id: number }).id;
    await assetChecked(api.services, domainId);
    await prove(domainId);
    // What checks of the domain recorded: a certificate name, a CNAME, a redirect, and names outside the domain.
    await api.services.db.prisma.asset.update({
      where: { id: domainId },
      data: {
        outsideView: {
          dns: { a: ["127.0.0.1"], aaaa: [], cname: ["edge.acme-disc.com", "cdn.elsewhere.net"] },
          tls: { altNames: ["acme-disc.com", "*.shop.acme-disc.com", "shop.acme-disc.com", "other.org"] },
          https: {
            hops: [
              { url: "https://acme-disc.com/", status: 302, location: "https://login.acme-disc.com/", address: "" },
            ],
          },
        },
      },
    });
    dns.set("www.acme-disc.com", { A: ["127.0.0.2"] });
    dns.set("api.acme-disc.com", { A: ["127.0.0.3"], AAAA: ["::1"] });
    dns.set("shop.acme-disc.com", { CNAME: "shop.cdn-provider.net" });
    dns.set("shop.cdn-provider.net", { A: ["127.0.0.4"] });
    dns.set("login.acme-disc.com", { A: ["127.0.0.5"] });
    dns.set("edge.acme-disc.com", { A: ["127.0.0.6"] });
    dns.set("legacy.acme-disc.com", { CNAME: "acme-legacy.azurewebsites.net" }); // the target is gone: NXDOMAIN
    dns.set("*.dev.acme-disc.com", { A: ["127.0.0.9"] });
    dns.set("real.dev.acme-disc.com", { A: ["127.0.0.10"] });
    ct.publish(DOMAIN, ["api.acme-disc.com", "*.acme-disc.com", "legacy.acme-disc.com", "gone.acme-disc.com"]);
    ct.publish(DOMAIN, ["x1.dev.acme-disc.com", "real.dev.acme-disc.com", "API.acme-disc.com."]);
  }, 120_000);

  afterAll(async () => {
    await api.close();
    await ct.close();
    await dns.close();
  });
}
