import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTestCertificate, testCertificateAuthority, type TestPem } from "../testing/index.ts";
import { buildClientHello, COMMON_SUITES, helloProbe, parseServerResponse } from "./tls-hello.ts";
import { checkTls } from "./tls-checks.ts";

const HOST = "secure.example.test";
const DAY = 86_400_000;
const servers: tls.Server[] = [];
let ca: TestPem;

async function serve(pem: TestPem, options: tls.TlsOptions = {}): Promise<number> {
  const server = tls.createServer({ ...pem, ...options }, (s) => {
    s.on("error", () => undefined);
    s.end("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
  });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

const check = (port: number, hostname: string | null = HOST, extra = true) =>
  checkTls(
    { address: "127.0.0.1", port, hostname },
    { timeoutMs: 3000, ...(extra ? { extraCaCerts: [ca.cert] } : {}) },
  );

const kinds = (fs: Array<{ kind: string }>) => fs.map((f) => f.kind).sort();

let clean: number,
  expired: number,
  expiring: number,
  selfSigned: number,
  mismatch: number,
  oldProtocol: number,
  weak: number,
  nullOnly: number;

beforeAll(async () => {
  ca = await testCertificateAuthority();
  const good = await issueTestCertificate({ hostnames: [HOST] });
  [clean, expired, expiring, selfSigned, mismatch, oldProtocol, weak, nullOnly] = await Promise.all([
    serve(good),
    serve(
      await issueTestCertificate({
        hostnames: [HOST],
        notBefore: new Date(Date.now() - 400 * DAY),
        notAfter: new Date(Date.now() - 10 * DAY),
      }),
    ),
    serve(await issueTestCertificate({ hostnames: [HOST], notAfter: new Date(Date.now() + 5 * DAY) })),
    serve(await issueTestCertificate({ hostnames: [HOST], selfSigned: true })),
    serve(await issueTestCertificate({ hostnames: ["other.example.test"] })),
    serve(good, { minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" }),
    // Our OpenSSL has no RC4/3DES left, but NULL and anonymous suites still show the check works.
    serve(good, {
      maxVersion: "TLSv1.2",
      ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-NULL-SHA:AECDH-AES128-SHA:@SECLEVEL=0",
    }),
    serve(good, { maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-NULL-SHA:@SECLEVEL=0" }),
  ]);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe("checkTls", () => {
  it("reports nothing on a clean server (trusted chain, right name, TLS 1.2+, strong suites)", async () => {
    expect(await check(clean)).toEqual([]);
  });

  it("reports an expired certificate, and only that", async () => {
    const found = await check(expired);
    expect(kinds(found)).toEqual(["tls.expired-certificate"]);
    expect(found[0]).toMatchObject({
      scanner: "tls",
      severity: "high",
      port: expired,
      evidence: { url: `https://${HOST}:${expired}/` },
    });
    expect((found[0]!.evidence.certificate as { validTo: string }).validTo < new Date().toISOString()).toBe(true);
  });

  it("warns about a certificate that expires within 14 days", async () => {
    const found = await check(expiring);
    expect(kinds(found)).toEqual(["tls.expiring-certificate"]);
    expect(found[0]).toMatchObject({ severity: "medium", title: expect.stringMatching(/expires in [45] days/) });
  });

  it("reports a self-signed certificate", async () => {
    const found = await check(selfSigned);
    expect(kinds(found)).toEqual(["tls.self-signed"]);
    expect(found[0]!.severity).toBe("medium");
  });

  it("reports both on an expired self-signed certificate", async () => {
    const port = await serve(
      await issueTestCertificate({
        hostnames: [HOST],
        selfSigned: true,
        notBefore: new Date(Date.now() - 100 * DAY),
        notAfter: new Date(Date.now() - DAY),
      }),
    );
    expect(kinds(await check(port))).toEqual(["tls.expired-certificate", "tls.self-signed"]);
  });

  it("reports a chain to an unknown authority as untrusted", async () => {
    const found = await check(clean, HOST, false);
    expect(kinds(found)).toEqual(["tls.untrusted-certificate"]);
    expect(found[0]!.evidence.matched).toBe("UNABLE_TO_VERIFY_LEAF_SIGNATURE");
  });

  it("reports a certificate for another name", async () => {
    const found = await check(mismatch);
    expect(kinds(found)).toEqual(["tls.hostname-mismatch"]);
    expect(found[0]!.description).toContain(HOST);
    // IP assets are reached by address: no name to compare.
    expect(await check(mismatch, null)).toEqual([]);
  });

  it("reports TLS 1.0 and 1.1 accepted", async () => {
    const found = await check(oldProtocol);
    expect(kinds(found)).toEqual(["tls.old-protocol"]);
    expect(found[0]).toMatchObject({ severity: "medium", evidence: { matched: "TLSv1.0, TLSv1.1" } });
  });

  it("reports weak cipher suites accepted", async () => {
    // This server stops at TLS 1.2, which tls.no-tls13 rightly says too.
    const found = await check(weak);
    expect(kinds(found)).toEqual(["tls.no-tls13", "tls.weak-cipher"]);
    const weakCipher = found.find((f) => f.kind === "tls.weak-cipher")!;
    const accepted = (weakCipher.evidence.acceptedCiphers as Array<{ cipher: string }>).map((c) => c.cipher).sort();
    expect(accepted).toEqual(["TLS_ECDHE_ECDSA_WITH_NULL_SHA", "TLS_ECDH_anon_WITH_AES_128_CBC_SHA"]);
    // Anonymous suites let anyone in the middle impersonate the server: high, not medium.
    expect(weakCipher.severity).toBe("high");
    const withoutAnonymous = (await check(nullOnly)).filter((f) => f.kind !== "tls.no-tls13");
    expect(withoutAnonymous.map((f) => [f.kind, f.severity])).toEqual([["tls.weak-cipher", "medium"]]);
  });

  it("returns nothing for a port that does not speak TLS", async () => {
    const plain = await import("node:net").then((net) => net.createServer((s) => s.end("SSH-2.0-x\r\n")));
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    try {
      expect(await check((plain.address() as AddressInfo).port)).toEqual([]);
    } finally {
      plain.close();
    }
  });
});

describe("ClientHello probe", () => {
  it("builds a well-formed record", () => {
    const hello = buildClientHello(0x0303, [0x002f, 0x0035], "example.com");
    expect(hello[0]).toBe(0x16);
    expect(hello.readUInt16BE(3)).toBe(hello.length - 5);
    expect(hello[5]).toBe(1); // ClientHello
    expect(hello.readUIntBE(6, 3)).toBe(hello.length - 9);
    expect(hello.readUInt16BE(9)).toBe(0x0303);
    expect(hello.includes(Buffer.from("example.com"))).toBe(true);
  });

  it("parses alerts and ServerHellos, and waits for more bytes", () => {
    expect(parseServerResponse(Buffer.from([0x15, 3, 3, 0, 2, 2, 70]))).toEqual({ kind: "refused", alert: 70 });
    const body = Buffer.concat([
      Buffer.from([3, 1]),
      Buffer.alloc(32),
      Buffer.from([0]),
      Buffer.from([0xc0, 0x13]),
      Buffer.from([0]),
    ]);
    const hs = Buffer.concat([Buffer.from([2, 0, 0, body.length]), body]);
    const record = Buffer.concat([Buffer.from([0x16, 3, 1, 0, hs.length]), hs]);
    expect(parseServerResponse(record)).toEqual({ kind: "accepted", version: 0x0301, suite: 0xc013 });
    expect(parseServerResponse(record.subarray(0, 20))).toBeNull();
    expect(parseServerResponse(Buffer.from("HTTP/1.1 400 Bad Request\r\n"))).toMatchObject({ kind: "error" });
  });

  it("learns the version a live server picks", async () => {
    expect(
      await helloProbe("127.0.0.1", clean, 0x0301, COMMON_SUITES, { servername: HOST, timeoutMs: 2000 }),
    ).toMatchObject({ kind: "refused" });
    expect(
      await helloProbe("127.0.0.1", oldProtocol, 0x0301, COMMON_SUITES, { servername: HOST, timeoutMs: 2000 }),
    ).toMatchObject({ kind: "accepted", version: 0x0301 });
  });
});
