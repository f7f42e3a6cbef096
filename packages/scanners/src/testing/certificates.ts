// Certificates for TLS tests: a private CA, leaves it signs (valid, expired,
// for another name…) and self-signed leaves, all with chosen validity dates.
import { generate } from "selfsigned";

export interface TestPem {
  key: string;
  cert: string;
}

let ca: Promise<TestPem> | undefined;

/** A test certificate authority (EC P-256), one per process. Trust it with ScanEngineConfig.extraCaCerts. */
export function testCertificateAuthority(): Promise<TestPem> {
  ca ??= generate([{ name: "commonName", value: "EMS Test Root CA" }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate: new Date(Date.now() - 30 * 86_400_000),
    notAfterDate: new Date(Date.now() + 3650 * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  }).then((p) => ({ key: p.private, cert: p.cert }));
  return ca;
}

export interface IssueOptions {
  /** DNS names (the first is also the common name). */
  hostnames: string[];
  /** Include 127.0.0.1 and ::1 as IP names. */
  loopbackIps?: boolean;
  notBefore?: Date;
  notAfter?: Date;
  /** Signed by the test CA (default) or by its own key. */
  selfSigned?: boolean;
}

/** A leaf certificate for TLS test servers. */
export async function issueTestCertificate(opts: IssueOptions): Promise<TestPem> {
  const notBefore = opts.notBefore ?? new Date(Date.now() - 86_400_000);
  const notAfter = opts.notAfter ?? new Date(Date.now() + 90 * 86_400_000);
  const pems = await generate([{ name: "commonName", value: opts.hostnames[0] ?? "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate: notBefore,
    notAfterDate: notAfter,
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          ...opts.hostnames.map((value) => ({ type: 2 as const, value })),
          ...(opts.loopbackIps
            ? [
                { type: 7 as const, ip: "127.0.0.1" },
                { type: 7 as const, ip: "::1" },
              ]
            : []),
        ],
      },
    ],
    ...(opts.selfSigned ? {} : { ca: await testCertificateAuthority() }),
  });
  return { key: pems.private, cert: pems.cert };
}
