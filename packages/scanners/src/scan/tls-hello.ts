// A hand-built TLS ClientHello, sent to learn which protocol version and
// cipher suite a server picks, without completing the handshake. It lets us
// offer what our own OpenSSL can no longer speak (SSL 3.0, RC4, 3DES, DES,
// EXPORT, NULL, anonymous suites): the server's ServerHello (or its alert)
// is the answer, and we hang up right after it.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { settleOnce } from "../settle.ts";

export const TLS_VERSIONS: Record<number, string> = {
  0x0300: "SSLv3",
  0x0301: "TLSv1.0",
  0x0302: "TLSv1.1",
  0x0303: "TLSv1.2",
  0x0304: "TLSv1.3",
};

/** Weak suites by IANA number: name and why weak. */
export const WEAK_SUITES: ReadonlyMap<number, { name: string; weakness: string }> = new Map(
  (
    [
      // NULL encryption
      [0x0001, "TLS_RSA_WITH_NULL_MD5", "NULL"],
      [0x0002, "TLS_RSA_WITH_NULL_SHA", "NULL"],
      [0x003b, "TLS_RSA_WITH_NULL_SHA256", "NULL"],
      [0xc001, "TLS_ECDH_ECDSA_WITH_NULL_SHA", "NULL"],
      [0xc006, "TLS_ECDHE_ECDSA_WITH_NULL_SHA", "NULL"],
      [0xc00b, "TLS_ECDH_RSA_WITH_NULL_SHA", "NULL"],
      [0xc010, "TLS_ECDHE_RSA_WITH_NULL_SHA", "NULL"],
      [0xc015, "TLS_ECDH_anon_WITH_NULL_SHA", "NULL"],
      // EXPORT grade
      [0x0003, "TLS_RSA_EXPORT_WITH_RC4_40_MD5", "EXPORT"],
      [0x0006, "TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5", "EXPORT"],
      [0x0008, "TLS_RSA_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      [0x000b, "TLS_DH_DSS_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      [0x000e, "TLS_DH_RSA_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      [0x0011, "TLS_DHE_DSS_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      [0x0014, "TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      [0x0017, "TLS_DH_anon_EXPORT_WITH_RC4_40_MD5", "EXPORT"],
      [0x0019, "TLS_DH_anon_EXPORT_WITH_DES40_CBC_SHA", "EXPORT"],
      // RC4
      [0x0004, "TLS_RSA_WITH_RC4_128_MD5", "RC4"],
      [0x0005, "TLS_RSA_WITH_RC4_128_SHA", "RC4"],
      [0x0018, "TLS_DH_anon_WITH_RC4_128_MD5", "RC4"],
      [0xc002, "TLS_ECDH_ECDSA_WITH_RC4_128_SHA", "RC4"],
      [0xc007, "TLS_ECDHE_ECDSA_WITH_RC4_128_SHA", "RC4"],
      [0xc00c, "TLS_ECDH_RSA_WITH_RC4_128_SHA", "RC4"],
      [0xc011, "TLS_ECDHE_RSA_WITH_RC4_128_SHA", "RC4"],
      [0xc016, "TLS_ECDH_anon_WITH_RC4_128_SHA", "RC4"],
      // DES and 3DES (Sweet32)
      [0x0009, "TLS_RSA_WITH_DES_CBC_SHA", "DES"],
      [0x000c, "TLS_DH_DSS_WITH_DES_CBC_SHA", "DES"],
      [0x000f, "TLS_DH_RSA_WITH_DES_CBC_SHA", "DES"],
      [0x0012, "TLS_DHE_DSS_WITH_DES_CBC_SHA", "DES"],
      [0x0015, "TLS_DHE_RSA_WITH_DES_CBC_SHA", "DES"],
      [0x001a, "TLS_DH_anon_WITH_DES_CBC_SHA", "DES"],
      [0x000a, "TLS_RSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0x000d, "TLS_DH_DSS_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0x0010, "TLS_DH_RSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0x0013, "TLS_DHE_DSS_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0x0016, "TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0x001b, "TLS_DH_anon_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0xc003, "TLS_ECDH_ECDSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0xc008, "TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0xc00d, "TLS_ECDH_RSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0xc012, "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA", "3DES"],
      [0xc017, "TLS_ECDH_anon_WITH_3DES_EDE_CBC_SHA", "3DES"],
      // Anonymous key exchange (no server authentication)
      [0x0034, "TLS_DH_anon_WITH_AES_128_CBC_SHA", "anonymous"],
      [0x003a, "TLS_DH_anon_WITH_AES_256_CBC_SHA", "anonymous"],
      [0x006c, "TLS_DH_anon_WITH_AES_128_CBC_SHA256", "anonymous"],
      [0x006d, "TLS_DH_anon_WITH_AES_256_CBC_SHA256", "anonymous"],
      [0x00a6, "TLS_DH_anon_WITH_AES_128_GCM_SHA256", "anonymous"],
      [0x00a7, "TLS_DH_anon_WITH_AES_256_GCM_SHA384", "anonymous"],
      [0xc018, "TLS_ECDH_anon_WITH_AES_128_CBC_SHA", "anonymous"],
      [0xc019, "TLS_ECDH_anon_WITH_AES_256_CBC_SHA", "anonymous"],
    ] as const
  ).map(([id, name, weakness]) => [id, { name, weakness }]),
);

/**
 * What ordinary clients offered in the TLS 1.0–1.2 era (strong and legacy), so that any server finds one it supports.
 */
export const COMMON_SUITES: readonly number[] = [
  0xc02b, 0xc02f, 0xc02c, 0xc030, 0xcca9, 0xcca8, 0xc009, 0xc013, 0xc00a, 0xc014, 0x009c, 0x009d, 0x002f, 0x0035,
  0x0033, 0x0039, 0x009e, 0x009f, 0xc023, 0xc027, 0xc024, 0xc028, 0x003c, 0x003d, 0x0067, 0x006b, 0x0041, 0x0084,
  0x000a, 0xc012, 0xc008, 0x0016, 0x0005, 0x0004, 0xc011, 0xc007,
];

const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const vec16 = (b: Buffer) => Buffer.concat([u16(b.length), b]);
const ext = (type: number, data: Buffer) => Buffer.concat([u16(type), vec16(data)]);

export function buildClientHello(version: number, suites: readonly number[], servername: string | null): Buffer {
  const exts: Buffer[] = [];
  if (version >= 0x0301) {
    if (servername) {
      const name = Buffer.from(servername, "ascii");
      exts.push(ext(0x0000, vec16(Buffer.concat([Buffer.from([0]), vec16(name)]))));
    }
    // supported_groups: x25519, secp256r1, secp384r1, secp521r1; ec_point_formats: uncompressed; renegotiation_info
    // (empty).
    exts.push(ext(0x000a, vec16(Buffer.concat([0x001d, 0x0017, 0x0018, 0x0019].map(u16)))));
    exts.push(ext(0x000b, Buffer.from([1, 0])));
    exts.push(ext(0xff01, Buffer.from([0])));
    if (version >= 0x0303) {
      const algs = [
        0x0403, 0x0503, 0x0603, 0x0804, 0x0805, 0x0806, 0x0401, 0x0501, 0x0601, 0x0203, 0x0201, 0x0402, 0x0202,
      ];
      exts.push(ext(0x000d, vec16(Buffer.concat(algs.map(u16)))));
    }
  }
  const body = Buffer.concat([
    u16(version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    vec16(Buffer.concat(suites.map(u16))),
    Buffer.from([1, 0]), // compression: null only
    ...(exts.length ? [vec16(Buffer.concat(exts))] : []),
  ]);
  const handshake = Buffer.concat([Buffer.from([1]), u24(body.length), body]);
  // Record layer version: 3.0 for an SSLv3 hello, 3.1 otherwise (what real clients send).
  return Buffer.concat([
    Buffer.from([0x16]),
    u16(version === 0x0300 ? 0x0300 : 0x0301),
    u16(handshake.length),
    handshake,
  ]);
}

export type HelloResult =
  | { kind: "accepted"; version: number; suite: number }
  | { kind: "refused"; alert?: number }
  | { kind: "error"; message: string };

/** Reads records until a ServerHello (or an alert, or the end). Null while more bytes are needed. */
export function parseServerResponse(data: Buffer): HelloResult | null {
  let off = 0;
  let handshake = Buffer.alloc(0);
  while (off + 5 <= data.length) {
    const type = data[off]!;
    const len = data.readUInt16BE(off + 3);
    if (off + 5 + len > data.length) break;
    const frag = data.subarray(off + 5, off + 5 + len);
    off += 5 + len;
    if (type === 0x15) return { kind: "refused", ...(frag.length >= 2 ? { alert: frag[1]! } : {}) };
    if (type !== 0x16) return { kind: "error", message: `unexpected TLS record type ${type}` };
    handshake = Buffer.concat([handshake, frag]);
    if (handshake.length >= 1 && handshake[0] !== 2)
      return { kind: "error", message: `expected a ServerHello, got handshake type ${handshake[0]}` };
    // type (1), length (3), version (2), random (32), session id (1 + n), cipher suite (2)
    if (handshake.length < 4 + 2 + 32 + 1) continue;
    const at = 4 + 2 + 32 + 1 + handshake[4 + 2 + 32]!;
    if (handshake.length < at + 2) continue;
    return { kind: "accepted", version: handshake.readUInt16BE(4), suite: handshake.readUInt16BE(at) };
  }
  if (data.length >= 1 && data[0] !== 0x15 && data[0] !== 0x16)
    return { kind: "error", message: "the port does not speak TLS" };
  return null;
}

/** Sends one ClientHello and reports what the server chose. */
export function helloProbe(
  address: string,
  port: number,
  version: number,
  suites: readonly number[],
  opts: { servername: string | null; timeoutMs: number; signal?: AbortSignal },
): Promise<HelloResult> {
  let socket: net.Socket | undefined;
  return settleOnce<HelloResult>(
    {
      timeoutMs: opts.timeoutMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
      onTimeout: (s) => s.resolve({ kind: "error", message: `no answer within ${opts.timeoutMs} ms` }),
      onAbort: (s) => s.resolve({ kind: "error", message: "aborted" }),
      cleanup: () => socket?.destroy(),
    },
    (settle) => {
      const sock = net.connect({ host: address, port });
      socket = sock;
      let data = Buffer.alloc(0);
      sock.on("connect", () => sock.write(buildClientHello(version, suites, opts.servername)));
      sock.on("data", (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        const r = parseServerResponse(data);
        if (r) settle.resolve(r);
        else if (data.length > 64 * 1024) settle.resolve({ kind: "error", message: "oversized answer" });
      });
      // A server that hangs up on a hello it does not like has refused it.
      const hangup = () => settle.resolve(parseServerResponse(data) ?? { kind: "refused" });
      sock.on("end", hangup);
      sock.on("close", hangup);
      sock.on("error", (err: NodeJS.ErrnoException) =>
        settle.resolve(err.code === "ECONNRESET" ? { kind: "refused" } : { kind: "error", message: err.message }),
      );
    },
  );
}
