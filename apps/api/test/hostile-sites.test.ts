// Hostile sites through the whole product: a real API process (with its
// in-process worker) checks assets whose pages attack the screenshot browser.
// The site lives on 127.0.0.2, the only range allowed; a tripwire on
// 127.0.0.1 counts whatever reaches it. After each site the API process must
// still be the same process and answer. Also the check's retry policy: a start
// is counted before the work, and past the limit the asset is given up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAssetCheck, runInWorkspace } from "@ems/core/testing";
import {
  startDnsServer,
  startTestWebServers,
  startTripwire,
  type TestDnsServer,
  type TestWebServers,
  type Tripwire,
} from "@ems/scanners/testing";
import { assetChecked, call, startApi, until, workspaceWithKey, type TestApi } from "./harness.ts";
import { startCliProcess, startServerProcess, type ServerProcess } from "./processes.ts";

let api: TestApi; // the database and services; requests go to `server`
let server: ServerProcess;
let dns: TestDnsServer;
let web: TestWebServers;
let trip: Tripwire;
let key: string;
let projectId: number;
let env: Record<string, string>;

const T = () => `127.0.0.1:${trip.port}`;
const hold = `<img src="/hold.png">`;

beforeAll(async () => {
  trip = await startTripwire("127.0.0.1");
  dns = await startDnsServer();
  web = await startTestWebServers({ host: "127.0.0.2" });
  web.route("/hold.png", async (_req, res) => {
    await new Promise((r) => setTimeout(r, 2000));
    res.writeHead(200, { "content-type": "image/png" }).end("x");
  });
  api = await startApi();
  env = {
    DATABASE_URL: api.db.url,
    EMS_DNS_SERVERS: dns.address,
    EMS_ALLOWED_RANGES: "127.0.0.2/32",
    EMS_HTTP_PORT: String(web.ports.httpPort),
    EMS_HTTPS_PORT: String(web.ports.httpsPort),
    EMS_HTTP_TIMEOUT_MS: "3000",
    EMS_SCREENSHOT_TIMEOUT_MS: "6000",
  };
  server = await startServerProcess(env);
  ({ key } = await workspaceWithKey(api.services, { plan: "pro" }));
  projectId = (
    (await (await call(server.url, key, "POST", "/app/projects", { name: "Hostile" })).json()) as { id: number }
  ).id;
});
afterAll(async () => {
  await server.stop();
  await Promise.all([api.close(), web.close(), dns.close(), trip.close()]);
});

type AssetDetail = {
  id: number;
  status: string;
  failReason: string | null;
  check: { attempts: number; maxAttempts: number; screenshotError: string | null };
};
const getAsset = async (id: number) =>
  (await (await call(server.url, key, "GET", `/app/assets/${id}`)).json()) as AssetDetail;

async function checked(id: number): Promise<AssetDetail> {
  await Promise.race([
    assetChecked(api.services, id),
    new Promise((_, reject) =>
      server.child.once("exit", (code) => reject(new Error(`the API process exited (${code})`))),
    ),
  ]);
  return getAsset(id);
}

async function addSite(host: string, page: string) {
  dns.set(host, { A: ["127.0.0.2"] });
  web.route(`${host}/`, { body: page });
  const res = await call(server.url, key, "POST", "/app/assets", { projectId, type: "domain", value: host });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe("hostile sites checked by a real API process", () => {
  const sites: Record<string, () => string> = {
    "popup-site.com": () => `${hold}<script>window.open('/popup')</script>`,
    "popup-storm-site.com": () => `${hold}<script>for (let i = 0; i < 100; i++) window.open('/p' + i)</script>`,
    "webrtc-site.com": () => `${hold}<script>
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${T()}' },
        { urls: 'turn:${T()}?transport=udp', username: 'u', credential: 'p' }] });
      pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o));</script>`,
    "sockets-site.com": () => `${hold}<script>new WebSocket('ws://${T()}/'); fetch('http://${T()}/');
      navigator.sendBeacon('http://${T()}/b', 'x');</script><iframe src="http://${T()}/"></iframe>`,
    "dialogs-site.com": () => `${hold}<script>onbeforeunload = () => 'stay';
      for (let i = 0; i < 50; i++) { alert(i); confirm(i); prompt(i); }</script>`,
    "memory-site.com": () => `<script>const a = []; for (;;) a.push(new Array(1e6).fill(1));</script>`,
  };

  for (const [host, page] of Object.entries(sites)) {
    it(`${host}: the check ends, nothing reaches the forbidden address, the API lives on`, async () => {
      const asset = await checked(await addSite(host, page()));
      expect(asset.status).toBe("reachable");
      expect(asset.check.attempts).toBe(0); // finished: the counter is cleared
      expect(trip.hits()).toEqual({ tcp: 0, udp: 0 });
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  }
});

describe("the check's retry policy (one worker process, on a database of its own)", () => {
  let own: TestApi; // enqueues only: the worker below is the only one on this database
  let ownKey: string;
  let ownProject: number;
  beforeAll(async () => {
    own = await startApi({ queue: true });
    ({ key: ownKey } = await workspaceWithKey(own.services, { plan: "pro" }));
    ownProject = (
      (await (await call(own.url, ownKey, "POST", "/app/projects", { name: "Retry" })).json()) as { id: number }
    ).id;
  });
  afterAll(() => own.close());

  const ownAsset = async (id: number) =>
    (await (await call(own.url, ownKey, "GET", `/app/assets/${id}`)).json()) as AssetDetail;
  async function addOwn(host: string) {
    dns.set(host, { A: ["127.0.0.2"] });
    const res = await call(own.url, ownKey, "POST", "/app/assets", {
      projectId: ownProject,
      type: "domain",
      value: host,
    });
    return ((await res.json()) as { id: number }).id;
  }
  async function ownChecked(id: number) {
    await assetChecked(own.services, id, 100_000); // by a worker process, which may still be starting
    return ownAsset(id);
  }

  it("a start is counted before the work: a worker killed mid-check leaves its attempt on the asset", async () => {
    web.route("hangs-site.com/", () => undefined); // never answers: the check is in flight until killed
    const worker = startCliProcess(["worker"], { ...env, DATABASE_URL: own.db.url, EMS_HTTP_TIMEOUT_MS: "20000" });
    try {
      const id = await addOwn("hangs-site.com");
      const attempts = () =>
        own.services.db.prisma.asset.findUniqueOrThrow({ where: { id } }).then((a) => a.checkAttempts);
      // The worker is its own Node process: seconds to start on a quiet machine, a minute and more on a saturated one.
      await until(async () => (await attempts()) > 0, "the worker to start the check", 100_000);
      worker.kill("SIGKILL");
      await new Promise((r) => setTimeout(r, 300));
      const after = await ownAsset(id);
      expect(after.status).toBe("pending");
      expect(after.check).toMatchObject({ attempts: 1, maxAttempts: 3 });
    } finally {
      worker.kill("SIGKILL");
    }
  });

  it("past the limit the check is given up with a reason, and revalidating starts afresh", async () => {
    web.route("given-up-site.com/", { body: "<h1>fine</h1>" });
    const id = await addOwn("given-up-site.com");
    const { workspaceId } = await own.services.db.prisma.asset.findUniqueOrThrow({ where: { id } });
    // As if three starts had died with their workers.
    await runInWorkspace(workspaceId, () =>
      own.services.scoped.asset.update({ where: { id }, data: { checkAttempts: 3 } }),
    );
    await runAssetCheck(own.services, { assetId: id, workspaceId, reason: "recovery" });
    const given = await ownAsset(id);
    expect(given.status).toBe("error");
    expect(given.failReason).toMatch(/did not finish in 3 attempts.*revalidate/);
    expect(given.check).toMatchObject({ attempts: 4, maxAttempts: 3 });

    const worker = startCliProcess(["worker"], { ...env, DATABASE_URL: own.db.url });
    try {
      expect((await call(own.url, ownKey, "POST", `/app/assets/${id}/revalidate`)).status).toBe(200);
      const again = await ownChecked(id);
      expect(again.status).toBe("reachable");
      expect(again.check.attempts).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it("a screenshot that fails leaves the check up, with the reason on the asset", async () => {
    web.route("no-browser-site.com/", { body: "<h1>no picture</h1>" });
    const worker = startCliProcess(["worker"], {
      ...env,
      DATABASE_URL: own.db.url,
      CHROMIUM_PATH: "/nonexistent/chromium",
    });
    try {
      const asset = await ownChecked(await addOwn("no-browser-site.com"));
      expect(asset.status).toBe("reachable");
      expect(asset.check.screenshotError).toMatch(/browser/);
    } finally {
      await worker.stop();
    }
  });
});
