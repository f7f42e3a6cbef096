// Ownership proofs and reachability over REST against real DNS and HTTP servers on
// 127.0.0.1 (see assets-fixture.ts). Only 127.0.0.1 is allowed here, so that
// 127.0.0.2 stands for a private address: listeners there count what reaches them.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDnsServer, TestWebServers } from "@ems/scanners/testing";
import { expectError, type TestApi } from "./harness.ts";
import { addAsset, checked, LOOPBACK, req, type Asset, startAssetsEnvironment } from "./assets-fixture.ts";

let api: TestApi;
let dns: TestDnsServer;
let web: TestWebServers;
let close: () => Promise<void>;
const FORBIDDEN = "127.0.0.2";
let tripwires: Server[] = [];
let tripped = 0;

beforeAll(async () => {
  ({ api, dns, web, close } = await startAssetsEnvironment({ allowedRanges: ["127.0.0.1/32", "::1/128"] }));
  // On the web servers' ports (where checks connect), at the forbidden address.
  tripwires = await Promise.all(
    [web.ports.httpPort, web.ports.httpsPort].map(
      (port) =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer((socket) => {
            tripped++;
            socket.destroy();
          });
          server.once("error", reject).listen(port, FORBIDDEN, () => resolve(server));
        }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(tripwires.map((t) => new Promise((r) => t.close(r))));
  await close();
});

describe("ownership", () => {
  it("tells what to publish, refuses until published, and records the method and why it failed", async () => {
    dns.set("proof-dns.com", LOOPBACK);
    const a = await addAsset("domain", "proof-dns.com");
    const o = (await (await req("GET", `/app/assets/${a.id}/ownership`)).json()) as {
      state: string;
      token: string;
      methods: { method: string; record: Record<string, string> }[];
      lastAttempt: unknown;
    };
    expect(o.state).toBe("pending");
    expect(o.methods.map((m) => m.method)).toEqual(["dns-txt", "http-file", "html-meta"]);
    const txt = o.methods[0]!.record;
    expect(txt).toEqual({ type: "TXT", name: "_ems-verify.proof-dns.com", value: `ems-verify=${o.token}` });
    expect(o.lastAttempt).toBeNull();

    const failed = (await (
      await req("POST", `/app/assets/${a.id}/ownership/verify`, { method: "dns-txt" })
    ).json()) as { state: string; lastAttempt: { success: boolean; detail: string; method: string } };
    expect(failed.state).toBe("pending");
    expect(failed.lastAttempt).toMatchObject({ success: false, method: "dns-txt" });
    expect(failed.lastAttempt.detail).toContain("_ems-verify.proof-dns.com");

    dns.set("_ems-verify.proof-dns.com", { TXT: ["something else", txt.value!] });
    const ok = (await (await req("POST", `/app/assets/${a.id}/ownership/verify`)).json()) as {
      state: string;
      method: string;
      verifiedAt: string;
    };
    expect(ok).toMatchObject({ state: "proven", method: "dns-txt" });
    const asset = (await (await req("GET", `/app/assets/${a.id}`)).json()) as Asset;
    expect(asset).toMatchObject({ ownershipMethod: "dns-txt" });
    expect(asset.ownershipVerifiedAt).not.toBeNull();
  });

  it("accepts a file under /.well-known/ and an HTML meta tag, each failing first", async () => {
    dns.set("proof-file.com", LOOPBACK);
    dns.set("proof-meta.com", LOOPBACK);
    const file = await addAsset("domain", "proof-file.com");
    const meta = await addAsset("domain", "proof-meta.com");
    const token = (id: number) =>
      req("GET", `/app/assets/${id}/ownership`)
        .then((r) => r.json() as Promise<{ token: string }>)
        .then((o) => o.token);

    const f1 = (await (
      await req("POST", `/app/assets/${file.id}/ownership/verify`, { method: "http-file" })
    ).json()) as { state: string; lastAttempt: { detail: string } };
    expect(f1.state).toBe("pending");
    expect(f1.lastAttempt.detail).toMatch(/404/);
    web.route("proof-file.com/.well-known/ems-verify.txt", {
      status: 200,
      headers: { "content-type": "text/plain" },
      body: `${await token(file.id)}\n`,
    });
    expect(
      (
        (await (await req("POST", `/app/assets/${file.id}/ownership/verify`, { method: "http-file" })).json()) as {
          method: string;
        }
      ).method,
    ).toBe("http-file");

    web.route("proof-meta.com/", {
      status: 200,
      body: `<html><head><meta name="ems-verify" content="wrong"></head></html>`,
    });
    const m1 = (await (
      await req("POST", `/app/assets/${meta.id}/ownership/verify`, { method: "html-meta" })
    ).json()) as { state: string; lastAttempt: { detail: string } };
    expect(m1.state).toBe("pending");
    web.route("proof-meta.com/", {
      status: 200,
      body: `<html><head><title>x</title><meta name="ems-verify" content="${await token(meta.id)}"></head></html>`,
    });
    expect(
      (
        (await (await req("POST", `/app/assets/${meta.id}/ownership/verify`, { method: "html-meta" })).json()) as {
          method: string;
        }
      ).method,
    ).toBe("html-meta");
  });

  it("covers a subdomain by its proven parent domain, and refuses methods that do not apply", async () => {
    dns.set("acme-corp.com", LOOPBACK);
    dns.set("shop.acme-corp.com", LOOPBACK);
    const parent = await addAsset("domain", "acme-corp.com");
    const tok = ((await (await req("GET", `/app/assets/${parent.id}/ownership`)).json()) as { token: string }).token;
    dns.set("_ems-verify.acme-corp.com", { TXT: [`ems-verify=${tok}`] });
    await req("POST", `/app/assets/${parent.id}/ownership/verify`);
    const sub = await addAsset("subdomain", "shop.acme-corp.com");
    expect(sub).toMatchObject({ ownershipMethod: "parent-domain" });
    const o = (await (await req("GET", `/app/assets/${sub.id}/ownership`)).json()) as {
      state: string;
      coveredBy: { value: string };
    };
    expect(o).toMatchObject({ state: "proven", coveredBy: { value: "acme-corp.com" } });
    expect(await (await req("GET", `/app/assets/${sub.id}`)).json()).toMatchObject({
      ownershipMethod: "parent-domain",
      ownershipProvenBy: { id: parent.id, value: "acme-corp.com" },
    });

    const ip = await addAsset("ipv4", "127.0.0.1");
    await expectError(
      await req("POST", `/app/assets/${ip.id}/ownership/verify`, { method: "dns-txt" }),
      400,
      "VALIDATION_ERROR",
      "method",
    );
  });
});

describe("proof coverage", () => {
  it("proves the subdomains already there when their domain is proven, in the same step, audited", async () => {
    const shop = await addAsset("subdomain", "shop.covered-later.com");
    const deep = await addAsset("subdomain", "a.b.covered-later.com");
    const lookalike = await addAsset("domain", "notcovered-later.com");
    const domain = await addAsset("domain", "covered-later.com");
    for (const a of [shop, deep, lookalike]) expect(a.ownershipVerifiedAt).toBeNull();
    const tok = ((await (await req("GET", `/app/assets/${domain.id}/ownership`)).json()) as { token: string }).token;
    dns.set("_ems-verify.covered-later.com", { TXT: [`ems-verify=${tok}`] });

    const proof = await (await req("POST", `/app/assets/${domain.id}/ownership/verify`)).json();
    expect(proof).toMatchObject({ state: "proven", method: "dns-txt", covers: 2 });
    for (const a of [shop, deep]) {
      expect(await (await req("GET", `/app/assets/${a.id}`)).json()).toMatchObject({
        ownershipMethod: "parent-domain",
        ownershipProvenBy: { id: domain.id, value: "covered-later.com" },
      });
      expect(await (await req("GET", `/app/assets/${a.id}/ownership`)).json()).toMatchObject({
        state: "proven",
        coveredBy: { assetId: domain.id, value: "covered-later.com" },
      });
    }
    const other = (await (await req("GET", `/app/assets/${lookalike.id}`)).json()) as Asset;
    expect(other.ownershipVerifiedAt).toBeNull();

    const audit = (await (await req("GET", `/app/audit-log?action=asset.ownership-verified&order=asc`)).json()) as {
      resourceId: string;
      actorName: string;
      changes: Record<string, { after: unknown }>;
    }[];
    const mine = audit.filter((e) => [shop.id, deep.id, domain.id].map(String).includes(e.resourceId));
    expect(mine.map((e) => e.resourceId).sort()).toEqual([shop.id, deep.id, domain.id].map(String).sort());
    expect(mine.find((e) => e.resourceId === String(shop.id))!.changes.provenBy!.after).toBe(domain.id);
    expect(mine.find((e) => e.resourceId === String(domain.id))!.changes.coveredSubdomains!.after).toBe(2);

    // A subdomain added afterwards is proven when added (the other order).
    const later = await addAsset("subdomain", "api.covered-later.com");
    expect(later).toMatchObject({ ownershipMethod: "parent-domain" });
    expect(later.ownershipVerifiedAt).not.toBeNull();
  });
});

describe("reachability details", () => {
  it("stops at a redirect to a host the proof does not cover and records it", async () => {
    dns.set("leaky-redirect.com", LOOPBACK);
    dns.set("elsewhere-cdn.net", LOOPBACK);
    web.route("https://leaky-redirect.com/", {
      status: 302,
      headers: { location: `https://elsewhere-cdn.net:${web.ports.httpsPort}/landing` },
    });
    web.route("http://leaky-redirect.com/", {
      status: 302,
      headers: { location: `https://elsewhere-cdn.net:${web.ports.httpsPort}/landing` },
    });
    const a = await checked((await addAsset("domain", "leaky-redirect.com")).id);
    expect(a).toMatchObject({ skippedRedirectHost: "elsewhere-cdn.net", status: "reachable" });
    const detail = (await (await req("GET", `/app/assets/${a.id}`)).json()) as { uncoveredRedirectHost: string };
    expect(detail.uncoveredRedirectHost).toBe("elsewhere-cdn.net");
  });

  it("refuses private addresses reached through DNS or a redirect, and never connects to them", async () => {
    dns.set("internal-only.com", { A: [FORBIDDEN] });
    const viaDns = await checked((await addAsset("domain", "internal-only.com")).id);
    expect(viaDns.status).toBe("error");
    expect(String(viaDns.failReason)).toMatch(/refused to connect to internal-only\.com: .*127\.0\.0\.2/);

    // A name under the asset (so the check follows the redirect) that resolves to the forbidden address.
    dns.set("bouncer.com", LOOPBACK);
    dns.set("meta.bouncer.com", { A: [FORBIDDEN] });
    for (const scheme of ["http", "https"]) {
      web.route(`${scheme}://bouncer.com/`, {
        status: 302,
        headers: { location: `http://meta.bouncer.com:${web.ports.httpPort}/latest/meta-data/` },
      });
    }
    const viaRedirect = await checked((await addAsset("domain", "bouncer.com")).id);
    // The redirect answer is kept; following it was refused, and why is kept with the outside view.
    const { rows } = await api.db.pool.query(`select "outsideView" -> 'errors' as errors from "Asset" where id = $1`, [
      viaRedirect.id,
    ]);
    expect(JSON.stringify(rows[0].errors)).toMatch(/refused to connect to meta\.bouncer\.com: .*127\.0\.0\.2/);
    expect(tripped).toBe(0);
  });

  it("marks a name without addresses unreachable", async () => {
    const a = await checked((await addAsset("domain", "no-such-host.com")).id);
    expect(a.status).toBe("unreachable");
    expect(a.failReason).toBeTruthy();
  });

  it("finds a bucket's provider, reaches it through the configured endpoint, and proves it by an object", async () => {
    const bucket = await checked((await addAsset("bucket", "s3://acme-open-data")).id);
    expect(bucket).toMatchObject({ bucketProvider: "s3" });
    expect(bucket.status).toBe("reachable");
    const o = (await (await req("GET", `/app/assets/${bucket.id}/ownership`)).json()) as {
      token: string;
      methods: { method: string; record: { url: string } }[];
    };
    expect(o.methods.map((m) => m.method)).toEqual(["http-file"]);
    expect(o.methods[0]!.record.url).toBe(`http://127.0.0.1:${web.ports.httpPort}/s3/acme-open-data/ems-verify.txt`);
    const failed = (await (await req("POST", `/app/assets/${bucket.id}/ownership/verify`)).json()) as {
      state: string;
      lastAttempt: { detail: string };
    };
    expect(failed.state).toBe("pending");
    expect(failed.lastAttempt.detail).toContain("404");
    web.route("/s3/acme-open-data/ems-verify.txt", {
      status: 200,
      headers: { "content-type": "text/plain" },
      body: o.token,
    });
    expect(await (await req("POST", `/app/assets/${bucket.id}/ownership/verify`)).json()).toMatchObject({
      state: "proven",
      method: "http-file",
    });
  });
});
