// TLS and DNS checks: predicates over facts the engine gathers once per port
// (TLS: the certificate and chain from a handshake, the legacy protocols and
// weak suites a server accepts) or per domain (DNS: TXT, DMARC, MX, CAA, NS,
// zone transfers), and the fixtures that stand in for them.
import { z } from "zod";
import { checkCommon, fn, type Verdict } from "./common.ts";

// --- TLS ---------------------------------------------------------------------------------------------------------

export interface TlsCertificateFacts {
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** As X509Certificate spells it ("DNS:a.example, DNS:b.example"). */
  altNames: string;
  serialNumber: string;
  fingerprint256: string;
  /** "rsa", "ec", "dsa", "ed25519"… */
  keyType: string;
  /** Modulus length (RSA, DSA) or curve size (EC); null when unknown. */
  keyBits: number | null;
  /** OID name of the signature algorithm ("sha256WithRSAEncryption", "ecdsa-with-SHA1"…). */
  signatureAlgorithm: string;
  /** The hash the issuer signed with ("sha1", "sha256"…), null when it cannot be told. */
  signatureHash: string | null;
  selfSigned: boolean;
  /** Certificates in the chain as Node reports it: what the server sent, plus a trusted root when one was found. */
  presented: number;
  /** Authority Information Access as X509Certificate spells it ("CA Issuers - URI:http://…"); "" when absent. */
  infoAccess: string;
}

export interface TlsHandshakeFacts {
  protocol: string;
  cipher: string;
  /** The chain verifies to a trusted root (Node's roots plus EMS_SCAN_CA_FILE). */
  authorized: boolean;
  /** OpenSSL's verification error code, null when it verifies. */
  verifyError: string | null;
  /** Why the certificate does not match the asset's name; null when it does or the asset is an IP. */
  hostnameError: string | null;
  certificate: TlsCertificateFacts;
}

export interface TlsFacts {
  /** "host:port" for texts. */
  where: string;
  hostname: string | null;
  now: Date;
  /** EMS_TLS_EXPIRY_WARNING_DAYS. */
  expiryWarningDays: number;
  /** Null when no handshake completed (a port that only speaks legacy TLS may still show protocols). */
  handshake: TlsHandshakeFacts | null;
  /** SSL 3.0, TLS 1.0 and 1.1 accepted, with the suite the server chose (gathered when a check needs "protocols"). */
  legacyProtocols: Array<{ version: string; cipher: string }>;
  /** NULL, EXPORT, RC4, DES, 3DES and anonymous suites accepted over TLS 1.2 (when a check needs "ciphers"). */
  weakCiphers: Array<{ cipher: string; weakness: string; version: string }>;
}

export const TLS_NEEDS = ["handshake", "protocols", "ciphers"] as const;
export type TlsNeed = (typeof TLS_NEEDS)[number];
export type TlsPredicate = (facts: TlsFacts) => Verdict | null;

export const tlsFixture = z
  .object({
    certificate: z
      .object({
        selfSigned: z.boolean().optional(),
        /** Days from now to notAfter (negative: expired); default 90. */
        validDays: z.number().optional(),
        /** Days from now to notBefore (positive: not valid yet); default -1. */
        startsInDays: z.number().optional(),
        key: z.enum(["ec", "rsa-2048", "rsa-1024"]).optional(),
        signature: z.enum(["sha256", "sha1"]).optional(),
        /** Default: the fixture's host name. */
        hostnames: z.array(z.string()).optional(),
        /** Issued by an intermediate CA: "full" sends it along, "leaf-only" does not (the leaf names it by AIA). */
        chain: z.enum(["full", "leaf-only"]).optional(),
        /** The harness trusts its fixture root CA; "unknown" is issued by another that nobody trusts. */
        issuer: z.enum(["trusted", "unknown"]).optional(),
      })
      .strict()
      .optional(),
    /** Node's tls.createServer options: protocol range and OpenSSL cipher list. */
    tls: z
      .object({
        minVersion: z.enum(["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"]).optional(),
        maxVersion: z.enum(["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"]).optional(),
        ciphers: z.string().optional(),
      })
      .strict()
      .optional(),
    expect: z.object({ severity: checkCommon.severity.optional() }).strict().optional(),
  })
  .strict();
export type TlsFixture = z.infer<typeof tlsFixture>;

export const tlsCheck = z
  .object({
    ...checkCommon,
    protocol: z.literal("tls"),
    /** The facts the predicate reads; each is gathered once per port, only when some check needs it. */
    needs: z.array(z.enum(TLS_NEEDS)).min(1),
    test: fn<TlsPredicate>("test"),
    fixtures: z.object({ vulnerable: z.union([tlsFixture, z.array(tlsFixture).min(1)]), clean: tlsFixture }).strict(),
  })
  .strict();
export type TlsCheck = z.infer<typeof tlsCheck>;

// --- DNS ---------------------------------------------------------------------------------------------------------

export interface AxfrAttempt {
  nameserver: string;
  address: string;
  /** The server sent the zone (SOA first). */
  allowed: boolean;
  /** Records received (at most what fits the cap). */
  records: number;
  /** A few record names, for the evidence. */
  sample: string[];
}

export interface DnsFacts {
  domain: string;
  /** TXT records of the domain (null: the lookup failed, so nothing can be said). */
  txt: string[] | null;
  /** TXT records of _dmarc.<domain>. */
  dmarc: string[] | null;
  mx: Array<{ exchange: string; priority: number }> | null;
  caa: Array<{ tag: string; value: string; critical: boolean }> | null;
  ns: string[] | null;
  /** The domain's own addresses (A and AAAA). */
  addresses: string[] | null;
  /** The addresses of localhost.<domain>. */
  localhost: string[] | null;
  /** The addresses of a made-up name under the domain: some when the zone has a wildcard. */
  wildcard: string[] | null;
  /** TXT records of _mta-sts.<domain> (RFC 8461). */
  mtaSts: string[] | null;
  /** TXT records of _smtp._tls.<domain> (RFC 8460). */
  tlsRpt: string[] | null;
  /** DKIM keys found at the common selectors (DKIM_SELECTORS); null when every lookup failed. */
  dkim: Array<{ selector: string; records: string[] }> | null;
  /** One attempt per name server (at most 3), when a check needs "axfr". */
  axfr: AxfrAttempt[] | null;
}

export const DNS_NEEDS = [
  "txt",
  "dmarc",
  "mx",
  "caa",
  "ns",
  "axfr",
  "addresses",
  "localhost",
  "wildcard",
  "mtaSts",
  "tlsRpt",
  "dkim",
] as const;
/** Selectors mail services and MTAs use by default (Google, Microsoft 365, Mailchimp, cPanel, Postfix setups). */
export const DKIM_SELECTORS = ["default", "google", "selector1", "selector2", "k1", "s1", "dkim", "mail"] as const;
export type DnsNeed = (typeof DNS_NEEDS)[number];
export type DnsPredicate = (facts: DnsFacts) => Verdict | null;

export const zoneRecords = z
  .object({
    A: z.array(z.string()).optional(),
    AAAA: z.array(z.string()).optional(),
    CNAME: z.string().optional(),
    TXT: z.array(z.string()).optional(),
    MX: z.array(z.object({ priority: z.number().int(), exchange: z.string() }).strict()).optional(),
    NS: z.array(z.string()).optional(),
    CAA: z.array(z.object({ tag: z.string(), value: z.string() }).strict()).optional(),
  })
  .strict();
export type FixtureZoneRecords = z.infer<typeof zoneRecords>;

export const dnsFixture = z
  .object({
    /** "@" is the domain itself, other keys are names under it ("_dmarc", "mail"). */
    records: z.record(z.string().regex(/^(@|[a-z0-9_*-]+(\.[a-z0-9_-]+)*)$/), zoneRecords),
    /** The name servers answer a zone transfer (AXFR) to anyone. */
    axfr: z.boolean().optional(),
    /** For a stand-in: the severity its finding must have (a predicate's worse or milder variant). */
    expect: z.object({ severity: checkCommon.severity.optional() }).strict().optional(),
  })
  .strict();
export type DnsFixture = z.infer<typeof dnsFixture>;

export const dnsCheck = z
  .object({
    ...checkCommon,
    protocol: z.literal("dns"),
    needs: z.array(z.enum(DNS_NEEDS)).min(1),
    test: fn<DnsPredicate>("test"),
    fixtures: z.object({ vulnerable: z.union([dnsFixture, z.array(dnsFixture).min(1)]), clean: dnsFixture }).strict(),
  })
  .strict();
export type DnsCheck = z.infer<typeof dnsCheck>;
