import { describe, expect, it } from "vitest";
import { parseTarget, type AssetType } from "./targets.ts";
import { checkSuffixes, netConfigFromEnv } from "./config.ts";

const strict: { allowPrivate: boolean; allowedRanges: string[] } = { allowPrivate: false, allowedRanges: [] };
const ok = (type: AssetType, raw: string, opts = strict) => {
  const r = parseTarget(type, raw, opts);
  if (!r.ok) throw new Error(`expected ${type} "${raw}" to parse, got: ${r.message}`);
  return r.target;
};
const bad = (type: AssetType, raw: string, opts = strict) => {
  const r = parseTarget(type, raw, opts);
  if (r.ok) throw new Error(`expected ${type} "${raw}" to be refused, got ${JSON.stringify(r.target)}`);
  return r.message;
};

describe("parseTarget: domains and subdomains", () => {
  it.each([
    ["example.com", "example.com"],
    ["  Example.COM.  ", "example.com"],
    ["example.co.uk", "example.co.uk"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["XN--BCHER-KVA.DE", "xn--bcher-kva.de"],
    ["my-site.github.io", "my-site.github.io"],
    ["a1.io", "a1.io"],
  ])("accepts domain %j as %s", (raw, value) => {
    const t = ok("domain", raw);
    expect(t).toMatchObject({ type: "domain", value, registrableDomain: value });
  });

  it("keeps the Unicode form of an IDN", () => {
    expect(ok("domain", "bücher.de")).toMatchObject({ unicode: "bücher.de" });
    expect(ok("subdomain", "www.bücher.de")).toMatchObject({
      value: "www.xn--bcher-kva.de",
      registrableDomain: "xn--bcher-kva.de",
      unicode: "www.bücher.de",
    });
  });

  it.each([
    ["www.example.com", "example.com"],
    ["a.b.example.co.uk", "example.co.uk"],
    ["api.my-site.github.io", "my-site.github.io"],
  ])("accepts subdomain %s under %s", (raw, registrable) => {
    expect(ok("subdomain", raw)).toMatchObject({ type: "subdomain", value: raw, registrableDomain: registrable });
  });

  it.each([
    ["domain", "https://example.com", /without scheme or path/],
    ["domain", "example.com/path", /without scheme or path/],
    ["domain", "*.example.com", /wildcards are not allowed/],
    ["subdomain", "*.example.com", /wildcards are not allowed/],
    ["domain", "example.com:8080", /without a port/],
    ["domain", "user@example.com", /without a user name/],
    ["domain", "co.uk", /is a public suffix/],
    ["domain", "github.io", /is a public suffix/],
    ["domain", "com", /with a dot/],
    ["domain", "www.example.com", /subdomain of example.com; add it with type subdomain/],
    ["subdomain", "example.com", /not a subdomain; add it with type domain/],
    ["domain", "ex_ample.com", /underscores/],
    ["domain", "exa mple.com", /without spaces/],
    ["domain", `${"a".repeat(64)}.com`, /at most 63/],
    ["subdomain", `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`, /at most 253/],
    ["domain", "-bad.com", /invalid label/],
    ["domain", "a..com", /empty label/],
    ["domain", "8.8.8.8", /IP address; add it with type ipv4/],
    ["domain", "2001:db8::1", /IP address; add it with type ipv6/],
    ["domain", "example.notatld", /not a known public top-level domain/],
    ["domain", "", /must not be empty/],
    ["domain", "xn--zz.com", /not valid in a domain name/],
    ["domain", "bucket.s3.amazonaws.com", /type bucket/],
  ] as const)("%s %j is refused", (type, raw, message) => {
    expect(bad(type, raw)).toMatch(message);
  });
});

describe("parseTarget: IP addresses", () => {
  it.each([
    ["ipv4", "8.8.8.8", "8.8.8.8"],
    ["ipv4", " 93.184.216.34 ", "93.184.216.34"],
    ["ipv6", "2001:4860:4860:0:0:0:0:8888", "2001:4860:4860::8888"],
    ["ipv6", "[2606:4700::1111]", "2606:4700::1111"],
    ["ipv6", "2A00:1450:4001:0829::200E", "2a00:1450:4001:829::200e"],
  ] as const)("accepts %s %j as %s", (type, raw, value) => {
    expect(ok(type, raw)).toEqual({ type, value });
  });

  it.each([
    ["ipv4", "10.0.0.1", /private/],
    ["ipv4", "127.0.0.1", /loopback/],
    ["ipv4", "169.254.10.1", /link-local/],
    ["ipv4", "169.254.169.254", /cloud metadata/],
    ["ipv4", "100.64.1.1", /carrier-grade NAT/],
    ["ipv4", "224.0.0.1", /multicast/],
    ["ipv4", "0.0.0.0", /unspecified/],
    ["ipv4", "198.18.0.1", /reserved/],
    ["ipv4", "192.0.2.5", /reserved or documentation/],
    ["ipv4", "203.0.113.5", /reserved or documentation/],
    ["ipv4", "255.255.255.255", /broadcast/],
    ["ipv6", "::1", /loopback/],
    ["ipv6", "fd12:3456::1", /unique-local/],
    ["ipv6", "fe80::1", /link-local/],
    ["ipv6", "2001:db8::1", /reserved/],
    ["ipv6", "fd00:ec2::254", /cloud metadata/],
    ["ipv6", "::", /unspecified/],
    ["ipv6", "64:ff9b::a00:1", /private/], // NAT64 of 10.0.0.1
  ] as const)("refuses non-public %s %s", (type, raw, message) => {
    expect(bad(type, raw)).toMatch(message);
  });

  it.each([
    ["ipv4", "2001:4860::8888", /IPv6 address; add it with type ipv6/],
    ["ipv6", "8.8.8.8", /IPv4 address; add it with type ipv4/],
    ["ipv6", "::ffff:8.8.8.8", /IPv4-mapped address; add 8.8.8.8 with type ipv4/],
    ["ipv4", "1.2.3", /IPv4 address like/],
    ["ipv4", "010.0.0.1", /IPv4 address like/],
    ["ipv4", "0x7f.0.0.1", /IPv4 address like/],
    ["ipv4", "8.8.8.0/24", /single address/],
    ["ipv6", "fe80::1%eth0", /zone id/],
    ["ipv4", "example.com", /IPv4 address like/],
  ] as const)("%s %j is refused with a clear message", (type, raw, message) => {
    expect(bad(type, raw)).toMatch(message);
  });

  it("allows private addresses when the operator does", () => {
    expect(ok("ipv4", "10.1.2.3", { allowPrivate: true, allowedRanges: [] })).toEqual({
      type: "ipv4",
      value: "10.1.2.3",
    });
    expect(ok("ipv6", "fd00::1", { allowPrivate: true, allowedRanges: [] })).toEqual({
      type: "ipv6",
      value: "fd00::1",
    });
    // Metadata stays refused unless listed explicitly.
    expect(bad("ipv4", "169.254.169.254", { allowPrivate: true, allowedRanges: [] })).toMatch(/metadata/);
  });

  it("allows addresses inside allowedRanges only", () => {
    const opts = { allowPrivate: false, allowedRanges: ["127.0.0.0/8", "::1/128", "192.168.5.0/24"] };
    expect(ok("ipv4", "127.0.0.1", opts)).toEqual({ type: "ipv4", value: "127.0.0.1" });
    expect(ok("ipv4", "192.168.5.9", opts)).toEqual({ type: "ipv4", value: "192.168.5.9" });
    expect(ok("ipv6", "::1", opts)).toEqual({ type: "ipv6", value: "::1" });
    expect(bad("ipv4", "192.168.6.1", opts)).toMatch(/private/);
  });
});

describe("parseTarget: buckets", () => {
  it.each([
    ["s3://my-bucket", { provider: "s3", value: "s3://my-bucket", name: "my-bucket" }],
    ["s3://my-bucket/", { value: "s3://my-bucket" }],
    ["my-bucket.s3.amazonaws.com", { provider: "s3", value: "s3://my-bucket" }],
    ["https://my-bucket.s3.amazonaws.com/", { value: "s3://my-bucket" }],
    ["my.dotted.bucket.s3.eu-west-1.amazonaws.com", { value: "s3://my.dotted.bucket", region: "eu-west-1" }],
    ["my-bucket.s3-us-west-2.amazonaws.com", { value: "s3://my-bucket", region: "us-west-2" }],
    ["s3.amazonaws.com/my-bucket", { value: "s3://my-bucket" }],
    ["https://s3.eu-central-1.amazonaws.com/my-bucket", { value: "s3://my-bucket", region: "eu-central-1" }],
    ["arn:aws:s3:::my-bucket", { value: "s3://my-bucket" }],
    ["gs://my_gcs-bucket", { provider: "gcs", value: "gs://my_gcs-bucket", name: "my_gcs-bucket" }],
    ["storage.googleapis.com/my-bucket", { provider: "gcs", value: "gs://my-bucket" }],
    ["https://my-bucket.storage.googleapis.com", { provider: "gcs", value: "gs://my-bucket" }],
    [
      "azure://myaccount/my-container",
      {
        provider: "azure",
        value: "azure://myaccount/my-container",
        account: "myaccount",
        container: "my-container",
        name: "myaccount/my-container",
      },
    ],
    ["myaccount.blob.core.windows.net/my-container", { provider: "azure", value: "azure://myaccount/my-container" }],
    ["https://MyAccount.blob.core.windows.net/$web", { value: "azure://myaccount/$web" }],
  ] as const)("accepts %s", (raw, expected) => {
    expect(ok("bucket", raw)).toMatchObject({ type: "bucket", ...expected });
  });

  it.each([
    ["my-bucket", /bucket reference like s3:\/\/name/],
    ["s3://ab", /3 to 63 characters/],
    ["s3://My-Bucket", /lowercase/],
    ["s3://my..bucket", /two dots/],
    ["s3://192.168.1.1", /IP address/],
    ["s3://-bucket", /start and end/],
    ["s3://my_bucket", /only lowercase letters, digits, dots and hyphens/],
    ["s3://xn--bucket", /reserved by AWS/],
    ["s3://my-bucket/some/key.txt", /without an object path/],
    ["arn:aws:s3:::my-bucket/key", /not an object/],
    ["my-bucket.s3.nowhere.amazonaws.com", /not an AWS region/],
    ["gs://google-stuff", /google/],
    ["gs://goog-bucket", /goog/],
    [`gs://${"a".repeat(64)}`, /3 to 63/],
    ["azure://ab/container", /account name/],
    ["azure://myaccount/bad--name", /hyphens must be single/],
    ["azure://myaccount", /azure:\/\/account\/container/],
    ["myaccount.blob.core.windows.net/c1/blob.txt", /one container/],
    ["ftp://bucket", /unknown scheme/],
    ["s3://bucket?x=1", /query/],
  ] as const)("refuses %j", (raw, message) => {
    expect(bad("bucket", raw)).toMatch(message);
  });

  it("accepts long dotted GCS names up to 222 characters", () => {
    const name = Array.from({ length: 4 }, () => "a".repeat(50)).join(".");
    expect(ok("bucket", `gs://${name}`)).toMatchObject({ name });
  });
});

describe("parseTarget: operator suffixes (EMS_EXTRA_SUFFIXES)", () => {
  const internal = { ...strict, extraSuffixes: checkSuffixes([".internal", "Corp", "lab.test"]) };
  it("refuses internal names without the setting, even with private targets allowed", () => {
    expect(bad("domain", "app.internal", { allowPrivate: true, allowedRanges: [] })).toMatch(
      /"internal" is not a known public top-level domain.*EMS_EXTRA_SUFFIXES/,
    );
  });
  it("accepts domains and subdomains under a listed suffix, the longest suffix first", () => {
    expect(ok("domain", "app.internal", internal)).toMatchObject({
      value: "app.internal",
      registrableDomain: "app.internal",
    });
    expect(ok("subdomain", "www.app.corp", internal)).toMatchObject({ registrableDomain: "app.corp" });
    expect(ok("domain", "intranet.lab.test", internal)).toMatchObject({ registrableDomain: "intranet.lab.test" });
    expect(bad("domain", "www.app.internal", internal)).toMatch(/is a subdomain of app\.internal/);
    expect(bad("subdomain", "app.internal", internal)).toMatch(/registrable domain, not a subdomain/);
    expect(bad("domain", "internal", internal)).toMatch(/with a dot/);
    expect(bad("domain", "lab.test", internal)).toMatch(/"lab\.test" is a public suffix/);
    // Public names are judged by the public list as before.
    expect(ok("subdomain", "www.example.com", internal)).toMatchObject({ registrableDomain: "example.com" });
    expect(bad("domain", "app.other", internal)).toMatch(/not a known public top-level domain/);
  });
  it("reads the setting from the environment and refuses what is not a suffix", () => {
    expect(netConfigFromEnv({ EMS_EXTRA_SUFFIXES: " internal, .corp., Lab.Test " }).extraSuffixes).toEqual([
      "internal",
      "corp",
      "lab.test",
    ]);
    expect(netConfigFromEnv({}).extraSuffixes).toEqual([]);
    expect(() => netConfigFromEnv({ EMS_EXTRA_SUFFIXES: "corp,bad_suffix" })).toThrow(
      /EMS_EXTRA_SUFFIXES: "bad_suffix" is not a name suffix/,
    );
  });
});
