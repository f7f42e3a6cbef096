// The stage several test files share: DNS and HTTP(S) servers on 127.0.0.1, the API with its queue and a worker,
// and a Pro workspace with a key and a project. A fixture module keeps one stage per test file (vitest loads a
// module once per file) and hands it to its helpers through `get`.
import type { NetConfig, ScanEngineConfig } from "@ems/scanners";
import {
  startDnsServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "@ems/scanners/testing";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

export interface LoopbackStage {
  api: TestApi;
  dns: TestDnsServer;
  web: TestWebServers;
  key: string;
  workspaceId: number;
  projectId: number;
  close(): Promise<void>;
}

export interface LoopbackStageOptions {
  /** Names the web servers answer for (their certificates cover them). */
  hostnames: string[];
  projectName: string;
  /** Routes and DNS records to set before the API starts. */
  prepare?: (dns: TestDnsServer, web: TestWebServers) => void;
  /** Overrides of the scanners' test configuration (e.g. bucket endpoints, narrower allowed ranges). */
  net?: (web: TestWebServers) => Partial<NetConfig>;
  /** The scan engine's settings (testScanEngineConfig otherwise). */
  scanEngine?: ScanEngineConfig;
}

export async function startLoopbackStage(opts: LoopbackStageOptions): Promise<LoopbackStage> {
  const dns = await startDnsServer();
  const web = await startTestWebServers({ hostnames: opts.hostnames });
  opts.prepare?.(dns, web);
  const api = await startApi({
    net: testNetConfig(dns, web, opts.net?.(web)),
    worker: true,
    ...(opts.scanEngine ? { scanEngine: opts.scanEngine } : {}),
  });
  const { key, workspace } = await workspaceWithKey(api.services, { plan: "pro" });
  const res = await call(api.url, key, "POST", "/app/projects", { name: opts.projectName });
  const projectId = ((await res.json()) as { id: number }).id;
  return {
    api,
    dns,
    web,
    key,
    workspaceId: workspace.id,
    projectId,
    async close() {
      await api.close();
      await web.close();
      await dns.close();
    },
  };
}

/** One test file's stage: `get` throws until `set` ran (in beforeAll), so a forgotten start reads clearly. */
export function stageHolder<T extends LoopbackStage>(starter: string) {
  let current: T | undefined;
  const get = (): T => {
    if (!current) throw new Error(`${starter}() has not run (call it in beforeAll)`);
    return current;
  };
  return {
    get,
    set: (stage: T) => (current = stage),
    /** A REST call with the stage's key (or another credential). */
    req: (method: string, path: string, body?: unknown, credential?: string) =>
      call(get().api.url, credential ?? get().key, method, path, body),
  };
}
