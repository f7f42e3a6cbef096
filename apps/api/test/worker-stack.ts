// The stack for tests with real worker processes: the API (enqueuing only; the workers are separate processes), a DNS
// server and web servers on 127.0.0.1, and the environment a worker process needs to reach them.
import { startDnsServer, startTestWebServers, type TestDnsServer, type TestWebServers } from "@ems/scanners/testing";
import { startApi, type TestApi } from "./harness.ts";

export interface WorkerStack {
  api: TestApi;
  dns: TestDnsServer;
  web: TestWebServers;
  /** A worker process's environment (`startCliProcess(["worker"], env)`). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startWorkerStack(extraEnv: Record<string, string> = {}): Promise<WorkerStack> {
  const dns = await startDnsServer();
  const web = await startTestWebServers();
  const api = await startApi({ queue: true });
  const env = {
    DATABASE_URL: api.db.url,
    EMS_DNS_SERVERS: dns.address,
    EMS_ALLOWED_RANGES: "127.0.0.0/8",
    EMS_HTTP_PORT: String(web.ports.httpPort),
    EMS_HTTPS_PORT: String(web.ports.httpsPort),
    ...extraEnv,
  };
  return {
    api,
    dns,
    web,
    env,
    async close() {
      await api.close();
      await web.close();
      await dns.close();
    },
  };
}
