// A resolver that answers A but refuses or SERVFAILs another record type (the test DNS server does it on request):
// the check uses what answered and says what did not (checkWarnings, the outside view), a TXT proof that cannot be
// looked up is "could not check" without touching the asset, and proving ownership runs the check again. Over REST
// and tRPC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import type { TestDnsServer } from "@ems/scanners/testing";
import { assetChecked, newUser, type TestApi } from "./harness.ts";
import { addAsset, checked, LOOPBACK, req, startAssetsEnvironment, type Asset } from "./assets-fixture.ts";

let api: TestApi;
let dns: TestDnsServer;
let workspaceId: number;
let close: () => Promise<void>;
let trpc: ReturnType<typeof createCaller>;
let asset: Asset;

beforeAll(async () => {
  ({ api, dns, close, workspaceId } = await startAssetsEnvironment());
  const owner = await newUser(api.services, workspaceId, "owner");
  trpc = createCaller(sessionContext(api.services, { userId: owner.user.id, workspaceId }));
  dns.set("acme-corp.com", LOOPBACK);
});
afterAll(() => close());

type Ownership = {
  state: string;
  token: string;
  lastAttempt: { success: boolean; outcome: string; detail: string; method: string | null };
};
const ownership = async (body: unknown) => {
  const res = await req("POST", `/app/assets/${asset.id}/ownership/verify`, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Ownership;
};
const audit = (action: string) =>
  runInWorkspace(workspaceId, () =>
    api.services.scoped.auditEntry.findMany({ where: { action, resourceId: String(asset.id) } }),
  );

describe("a resolver that refuses AAAA", () => {
  it("leaves the asset reachable over IPv4, the refusal a warning in the API", async () => {
    dns.failing = { AAAA: "refused", CNAME: "servfail" };
    try {
      asset = await checked((await addAsset("domain", "acme-corp.com")).id);
    } finally {
      dns.failing = {};
    }
    expect(asset).toMatchObject({ status: "reachable", resolvedIp: "127.0.0.1", failReason: null });
    expect(asset.checkWarnings).toEqual([
      expect.stringMatching(
        /^The AAAA lookup of acme-corp\.com failed: the DNS server refused the query \(via [\d.:]+\); checked over/,
      ),
      expect.stringMatching(
        /^The CNAME lookup of acme-corp\.com failed: the DNS server answered SERVFAIL.*CNAME chain/,
      ),
    ]);
    expect((asset.checkWarnings as string[])[0]).toMatch(/; checked over IPv4 only$/);
    const listed = (await (await req("GET", "/app/assets")).json()) as Asset[];
    expect(listed.find((a) => a.id === asset.id)?.checkWarnings).toEqual(asset.checkWarnings);
    const outside = (await (await req("GET", `/app/assets/${asset.id}/outside-view`)).json()) as {
      dns: { a: string[]; aaaa: string[]; failures: { type: string; code: string }[] };
    };
    expect(outside.dns).toMatchObject({ a: ["127.0.0.1"], aaaa: [] });
    expect(outside.dns.failures.map((f) => [f.type, f.code])).toEqual([
      ["AAAA", "EREFUSED"],
      ["CNAME", "ESERVFAIL"],
    ]);
    expect((await trpc.assets.get({ id: asset.id })).checkWarnings).toHaveLength(2);
  });

  it("a TXT lookup refused is 'could not check, try again', not a failed proof; the asset stays as is", async () => {
    dns.failing = { TXT: "refused" };
    try {
      const o = await ownership({ method: "dns-txt" });
      expect(o.state).toBe("pending");
      expect(o.lastAttempt).toMatchObject({ success: false, outcome: "could-not-check", method: "dns-txt" });
      expect(o.lastAttempt.detail).toMatch(
        /^dns-txt: could not check, try again: DNS lookup of _ems-verify\.acme-corp\.com failed: the DNS server/,
      );
      expect((await trpc.assets.ownership({ id: asset.id })).lastAttempt).toMatchObject({ outcome: "could-not-check" });
      expect(await audit("asset.ownership-unchecked")).toHaveLength(1);
      expect(await audit("asset.ownership-failed")).toHaveLength(0);
      // Every method: the page answers (404), so that one is a verdict and the attempt a failure.
      const all = await ownership({});
      expect(all.lastAttempt).toMatchObject({ outcome: "failed" });
      expect(all.lastAttempt.detail).toMatch(/dns-txt: could not check, try again: .* · http-file: HTTP 404/);
    } finally {
      dns.failing = {};
    }
    const now = (await (await req("GET", `/app/assets/${asset.id}`)).json()) as Asset;
    expect(now).toMatchObject({ status: "reachable", ownershipVerifiedAt: null });
  });

  it("proving ownership runs the reachability check again (without warnings now: DNS is whole again)", async () => {
    const before = (await (await req("GET", `/app/assets/${asset.id}`)).json()) as Asset & { lastCheckedAt: string };
    const { token } = (await (await req("GET", `/app/assets/${asset.id}/ownership`)).json()) as Ownership;
    dns.set("_ems-verify.acme-corp.com", { TXT: [`ems-verify=${token}`] });
    const o = await ownership({ method: "dns-txt" });
    expect(o).toMatchObject({ state: "proven", lastAttempt: { outcome: "proven" } });
    await assetChecked(api.services, asset.id);
    const after = (await (await req("GET", `/app/assets/${asset.id}`)).json()) as Asset & { lastCheckedAt: string };
    expect(new Date(after.lastCheckedAt).getTime()).toBeGreaterThan(new Date(before.lastCheckedAt).getTime());
    expect(after).toMatchObject({ status: "reachable", checkWarnings: [] });
  });
});
