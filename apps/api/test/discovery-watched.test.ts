// Discoveries that stay watched (issue 30, item 4), over REST with an API key and an OAuth token and through tRPC as
// a dashboard session: a host that is an asset already is shown as one (linked, not new), however the asset was
// made; "add" answers in words per host and links what it added; a domain set to add new hosts by itself does so
// within the plan's slots, and says what it could not add and why.
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { clientCredentialsToken, expectError, newOAuthApp, newUser } from "./harness.ts";
import {
  api,
  byHost,
  ct,
  DOMAIN,
  dns,
  domainId,
  hosts,
  projectId,
  req,
  runTo,
  setupDiscoveryStack,
  workspaceId,
} from "./discovery-fixture.ts";

setupDiscoveryStack();

async function newSubdomain(value: string) {
  const res = await req("POST", "/app/assets", { projectId, type: "subdomain", value });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; value: string };
}

/** Names that resolve (and one that does not), published to the CT look-alike for the next run. */
function publish(names: string[], silent: string[] = []) {
  for (const [i, n] of names.entries()) dns.set(n, { A: [`127.0.1.${i + 1}`] });
  ct.publish(DOMAIN, [...names, ...silent]);
}

async function assetCount() {
  return api.services.db.prisma.asset.count({ where: { workspaceId } });
}

describe("hosts that are assets already", () => {
  let www: { id: number; value: string };

  it("are shown as added and linked to their asset, and are not counted as new", async () => {
    www = await newSubdomain(`www.${DOMAIN}`);
    const run = await runTo({ assetId: domainId });
    const list = await hosts();
    expect(byHost(list, `www.${DOMAIN}`)).toMatchObject({ status: "added", assetId: { id: www.id, value: www.value } });
    expect(run.new).toBe(list.filter((h) => h.assetId === null).length);
    expect(run.new).toBe(run.found - 1);
  });

  it("link when the asset is made after the host was found, and unlink when the asset is renamed", async () => {
    expect(byHost(await hosts(), `login.${DOMAIN}`)).toMatchObject({ status: "new", assetId: null });
    const login = await newSubdomain(`login.${DOMAIN}`);
    expect(byHost(await hosts(), `login.${DOMAIN}`)).toMatchObject({ status: "added", assetId: { id: login.id } });
    const renamed = await req("PUT", `/app/assets/${login.id}`, { value: `login2.${DOMAIN}` });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(byHost(await hosts(), `login.${DOMAIN}`)).toMatchObject({ status: "new", assetId: null });
  });

  it("'add' answers in words per host and links each added host to its asset", async () => {
    const list = await hosts();
    const wwwHost = byHost(list, `www.${DOMAIN}`)!;
    const apiHost = byHost(list, `api.${DOMAIN}`)!;
    const res = await req("POST", "/app/discovery/hosts/add", { ids: [wwwHost.id, apiHost.id, 99_999_999] });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as {
      added: { id: number; host: string; asset: { id: number; value: string } }[];
      refused: { id: number; host: string | null; code: string; message: string; asset: unknown }[];
    };
    expect(body.added).toEqual([
      { id: apiHost.id, host: apiHost.host, asset: { id: expect.any(Number), value: apiHost.host } },
    ]);
    expect(byHost(await hosts(), apiHost.host)).toMatchObject({ status: "added", assetId: body.added[0]!.asset });
    expect(body.refused).toEqual([
      {
        id: wwwHost.id,
        host: wwwHost.host,
        code: "ALREADY_EXISTS",
        message: `${wwwHost.host} is already asset ${www.id}`,
        asset: { id: www.id, value: www.value },
      },
      { id: 99_999_999, host: null, code: "NOT_FOUND", message: "no such discovered hostname here", asset: null },
    ]);
  });
});

describe("a domain that adds new hosts by itself", () => {
  let byOAuth: (body: object) => Promise<Response>;
  let bySession: (discoveryAutoAdd: boolean) => Promise<{ discoveryAutoAdd: boolean }>;

  beforeAll(async () => {
    const app = await newOAuthApp(api.services, workspaceId, ["assets:write", "assets:read"]);
    const token = (await clientCredentialsToken(api.url, app, "assets:write assets:read")).access_token;
    byOAuth = (body) => req("PUT", `/app/assets/${domainId}`, body, token);
    const admin = await newUser(api.services, workspaceId, "admin");
    const caller = createCaller(sessionContext(api.services, { userId: admin.user.id, workspaceId }));
    bySession = (discoveryAutoAdd) => caller.assets.update({ id: domainId, discoveryAutoAdd });
  });

  const setters = [
    [
      "an API key",
      async (on: boolean) => (await req("PUT", `/app/assets/${domainId}`, { discoveryAutoAdd: on })).json(),
    ],
    ["an OAuth token", async (on: boolean) => (await byOAuth({ discoveryAutoAdd: on })).json()],
    ["a dashboard session", (on: boolean) => bySession(on)],
  ] as const;

  for (const [i, [who, set]] of setters.entries()) {
    it(`set with ${who}: the run adds the new hosts that answer, and only those`, async () => {
      expect(await set(true)).toMatchObject({ discoveryAutoAdd: true });
      const [fresh, silent] = [`auto${i}.${DOMAIN}`, `silent${i}.${DOMAIN}`];
      publish([fresh], [silent]);
      const before = await assetCount();
      const run = await runTo({ assetId: domainId });
      expect(run.autoAdd).toEqual({ added: 1, refused: [] });
      const list = await hosts();
      expect(byHost(list, fresh)).toMatchObject({ status: "added", assetId: { value: fresh } });
      expect(byHost(list, silent)).toMatchObject({ status: "new", assetId: null });
      expect(await assetCount()).toBe(before + 1);
      const asset = await api.services.db.prisma.asset.findFirstOrThrow({ where: { workspaceId, value: fresh } });
      expect(asset).toMatchObject({ projectId, type: "subdomain" });
      // Off again: the next new host stays for a person to add.
      expect(await set(false)).toMatchObject({ discoveryAutoAdd: false });
      publish([`manual${i}.${DOMAIN}`]);
      expect((await runTo({ assetId: domainId })).autoAdd).toBeNull();
      expect(byHost(await hosts(), `manual${i}.${DOMAIN}`)).toMatchObject({ status: "new", assetId: null });
    });
  }

  it("within the plan's slots: the hosts past them are counted with the reason, and stay to be added", async () => {
    await api.services.db.prisma.workspace.update({ where: { id: workspaceId }, data: { plan: "essential" } });
    try {
      const free = 10 - (await assetCount());
      expect(free).toBeGreaterThan(0);
      const names = Array.from({ length: free + 2 }, (_, n) => `slot${n}.${DOMAIN}`);
      publish(names);
      await req("PUT", `/app/assets/${domainId}`, { discoveryAutoAdd: true });
      const run = await runTo({ assetId: domainId });
      expect(run.autoAdd).toEqual({
        added: free,
        refused: [{ code: "ASSET_SLOT_REQUIRED", message: expect.stringContaining("asset slots"), count: 2 }],
      });
      expect(await assetCount()).toBe(10);
      const list = await hosts();
      expect(names.filter((n) => byHost(list, n)?.status === "new")).toHaveLength(2);
    } finally {
      await req("PUT", `/app/assets/${domainId}`, { discoveryAutoAdd: false });
      await api.services.db.prisma.workspace.update({ where: { id: workspaceId }, data: { plan: "pro" } });
    }
  });

  it("is refused on an asset no host is found under, with the field named, and changes nothing", async () => {
    const ip = (await (await req("POST", "/app/assets", { projectId, type: "ipv4", value: "127.0.0.77" })).json()) as {
      id: number;
    };
    const res = await req("PUT", `/app/assets/${ip.id}`, { discoveryAutoAdd: true, name: "edge" });
    await expectError(res, 400, "VALIDATION_ERROR", "discoveryAutoAdd");
    expect(await (await req("GET", `/app/assets/${ip.id}`)).json()).toMatchObject({
      name: null,
      discoveryAutoAdd: false,
    });
  });
});
