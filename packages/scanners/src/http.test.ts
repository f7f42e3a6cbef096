import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "./config.ts";
import { FetchRefused, safeFetch, vetUrl } from "./http.ts";
import {
  startDnsServer,
  startHttpServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestServer,
  type TestWebServers,
} from "./testing/index.ts";

let dns: TestDnsServer;
let web: TestWebServers;
let cfg: NetConfig;
let hanging: TestServer;

const refusal = async (p: Promise<unknown>): Promise<FetchRefused> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FetchRefused)) throw new Error(`expected FetchRefused, got ${String(err)}`);
  return err;
};

beforeAll(async () => {
  dns = await startDnsServer({
    zone: {
      "site.example.com": { A: ["127.0.0.1"] },
      "other.example.net": { A: ["127.0.0.1"] },
      "intranet.example.com": { A: ["10.0.0.5"] },
      "mixed.example.com": { A: ["127.0.0.1", "192.168.1.10"] },
      "meta.example.com": { A: ["169.254.169.254"] },
    },
  });
  web = await startTestWebServers({
    routes: {
      "site.example.com/": { body: "<title>home</title>" },
      "site.example.com/a": { status: 301, headers: { location: "/b" } },
      "site.example.com/b": { status: 302, headers: { location: "https://site.example.com/c" } },
      "https://site.example.com/c": { body: "final" },
      "site.example.com/away": { status: 302, headers: { location: "http://other.example.net/" } },
      "other.example.net/": { body: "other" },
      "site.example.com/to-private-ip": { status: 302, headers: { location: "http://10.0.0.1/" } },
      "site.example.com/to-private-name": { status: 307, headers: { location: "http://intranet.example.com/admin" } },
      "site.example.com/to-metadata": {
        status: 302,
        headers: { location: "http://169.254.169.254/latest/meta-data/" },
      },
      "site.example.com/loop": { status: 302, headers: { location: "/loop" } },
      "site.example.com/big": { body: "x".repeat(100_000), headers: { "content-type": "text/plain" } },
      "site.example.com/endless": (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        const chunk = "y".repeat(16 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      },
      "site.example.com/sni": (req, res) => {
        res.end(JSON.stringify({ host: req.headers.host, sni: (req.socket as TLSSocket).servername ?? null }));
      },
    },
  });
  cfg = testNetConfig(dns, web, { httpTimeoutMs: 2000 });
  // Sends headers and a little body, then nothing: a slow body.
  hanging = await startHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("partial");
  });
});
afterAll(async () => {
  await Promise.all([dns.close(), web.close(), hanging.close()]);
});

describe("safeFetch", () => {
  it("connects to the vetted address with the name as Host, on the configured port", async () => {
    const r = await safeFetch("http://site.example.com/", cfg);
    expect(r).toMatchObject({
      url: "http://site.example.com/",
      status: 200,
      body: "<title>home</title>",
      truncated: false,
      address: "127.0.0.1",
    });
    expect(r.headers["content-type"]).toMatch(/text\/html/);
    expect(web.http.requests.at(-1)).toMatchObject({ host: "site.example.com", path: "/" });
  });

  it("sends the host name as SNI and Host over HTTPS", async () => {
    const r = await safeFetch("https://site.example.com/sni", cfg);
    expect(JSON.parse(r.body)).toEqual({ host: "site.example.com", sni: "site.example.com" });
  });

  it("follows redirects, across schemes, and records every hop", async () => {
    const r = await safeFetch("http://site.example.com/a", cfg);
    expect(r.url).toBe("https://site.example.com/c");
    expect(r.body).toBe("final");
    expect(r.hops).toEqual([
      { url: "http://site.example.com/a", status: 301, location: "/b", address: "127.0.0.1" },
      { url: "http://site.example.com/b", status: 302, location: "https://site.example.com/c", address: "127.0.0.1" },
      { url: "https://site.example.com/c", status: 200, address: "127.0.0.1" },
    ]);
    expect(r.tls?.selfSigned).toBe(true);
  });

  it("returns the redirect itself when asked not to follow", async () => {
    const r = await safeFetch("http://site.example.com/a", cfg, { followRedirects: false });
    expect(r).toMatchObject({ status: 301, url: "http://site.example.com/a" });
    expect(r.hops).toHaveLength(1);
  });

  it("stops at a redirect to a host the caller does not cover", async () => {
    const err = await refusal(
      safeFetch("http://site.example.com/away", cfg, { allowHost: (h) => h.endsWith(".example.com") }),
    );
    expect(err.reason).toBe("redirect-not-covered");
    expect(err.host).toBe("other.example.net");
    expect(err.partial).toMatchObject({ status: 302, url: "http://site.example.com/away" });
    expect(web.http.requests.some((r) => r.host === "other.example.net")).toBe(false);
  });

  it("refuses too many redirects", async () => {
    const err = await refusal(safeFetch("http://site.example.com/loop", { ...cfg, maxRedirects: 3 }));
    expect(err.reason).toBe("too-many-redirects");
    expect(err.partial?.hops).toHaveLength(4);
  });

  describe("private addresses (allowPrivate=false)", () => {
    const none = () => ({ ...cfg, allowedRanges: [] });

    it("refuses a name that resolves to a private address, without contacting it", async () => {
      const err = await refusal(safeFetch("http://intranet.example.com/", none()));
      expect(err).toMatchObject({ reason: "private-address", host: "intranet.example.com" });
      expect(err.message).toBe("refused to connect to intranet.example.com: 10.0.0.5 is a private address");
    });

    it("refuses literal private, loopback and metadata URLs", async () => {
      for (const url of [
        "http://10.0.0.1/",
        "http://127.0.0.1:1/",
        "http://[::1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://2130706433/",
        "http://[::ffff:10.0.0.1]/",
      ]) {
        expect((await refusal(safeFetch(url, none()))).reason, url).toBe("private-address");
      }
    });

    it("refuses a name with any private address among public ones", async () => {
      const err = await refusal(safeFetch("http://mixed.example.com/", { ...cfg, allowedRanges: ["127.0.0.0/8"] }));
      expect(err.message).toMatch(/192\.168\.1\.10 is a private address/);
    });

    it("refuses a redirect to a private IP, keeping the answer that led there", async () => {
      const err = await refusal(safeFetch("http://site.example.com/to-private-ip", cfg));
      expect(err).toMatchObject({ reason: "private-address", host: "10.0.0.1" });
      expect(err.partial?.status).toBe(302);
    });

    it("refuses a redirect to a name that resolves to a private address", async () => {
      const err = await refusal(safeFetch("http://site.example.com/to-private-name", cfg));
      expect(err).toMatchObject({ reason: "private-address", host: "intranet.example.com" });
    });

    it("refuses a redirect to the metadata address even with allowPrivate", async () => {
      const err = await refusal(safeFetch("http://site.example.com/to-metadata", { ...cfg, allowPrivate: true }));
      expect(err.message).toMatch(/cloud metadata/);
    });

    it("allows private targets when the operator does", async () => {
      const r = await safeFetch("http://site.example.com/", { ...cfg, allowedRanges: [], allowPrivate: true });
      expect(r.status).toBe(200);
    });
  });

  it("caps the body at maxResponseBytes", async () => {
    const r = await safeFetch("http://site.example.com/big", { ...cfg, maxResponseBytes: 10_000 });
    expect(r).toMatchObject({ status: 200, truncated: true });
    expect(r.body).toHaveLength(10_000);
  });

  it("stops reading an endless body at the cap", async () => {
    const r = await safeFetch("http://site.example.com/endless", { ...cfg, maxResponseBytes: 50_000 });
    expect(r.truncated).toBe(true);
    expect(r.body).toHaveLength(50_000);
  });

  it("times out on a body that never finishes", async () => {
    const started = Date.now();
    const err = await refusal(safeFetch(`${hanging.url}/`, { ...cfg, httpTimeoutMs: 500 }));
    expect(err.reason).toBe("timeout");
    expect(err.message).toMatch(/no complete answer within 500 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("reports refused connections and unknown names", async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    expect(await refusal(safeFetch(`http://127.0.0.1:${closed.port}/`, cfg))).toMatchObject({
      reason: "connection",
      message: expect.stringMatching(/connection refused/),
    });
    expect(await refusal(safeFetch("http://missing.example.com/", cfg))).toMatchObject({
      reason: "dns",
      message: "missing.example.com has no A/AAAA record",
    });
    expect(await refusal(safeFetch("ftp://site.example.com/", cfg))).toMatchObject({ reason: "invalid-url" });
  });

  it("describes the certificate of a self-signed server", async () => {
    const r = await safeFetch("https://site.example.com/", cfg);
    expect(r.tls).toMatchObject({
      subject: "CN=localhost",
      issuer: "CN=localhost",
      selfSigned: true,
      authorized: false,
      authorizationError: "DEPTH_ZERO_SELF_SIGNED_CERT",
      altNames: expect.arrayContaining(["localhost", "127.0.0.1"]),
    });
    expect(r.tls?.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(new Date(r.tls!.validTo).getTime()).toBeGreaterThan(Date.now());
  });

  it("with verifyTls, refuses a certificate that does not verify (what we send, not what we observe)", async () => {
    const err = await refusal(safeFetch("https://site.example.com/", cfg, { verifyTls: true }));
    expect(err.reason).toBe("connection");
    expect(err.message).toMatch(/self[- ]signed/i);
  });

  it("vetUrl applies the address guard alone", async () => {
    await expect(vetUrl("http://site.example.com/hook", cfg)).resolves.toBeUndefined();
    expect((await refusal(vetUrl("http://site.example.com/", { ...cfg, allowedRanges: [] }))).reason).toBe(
      "private-address",
    );
    expect((await refusal(vetUrl("ftp://site.example.com/", cfg))).reason).toBe("invalid-url");
    expect((await refusal(vetUrl("http://user:pw@site.example.com/", cfg))).reason).toBe("invalid-url");
  });

  it("supports HEAD", async () => {
    const r = await safeFetch("http://site.example.com/big", cfg, { method: "HEAD" });
    expect(r).toMatchObject({ status: 200, body: "" });
    expect(web.http.requests.at(-1)?.method).toBe("HEAD");
  });
});
