import { describe, expect, it } from "vitest";
import { defaultNetConfig, netConfigFromEnv } from "./config.ts";
import { classifyAddress, isAllowedAddress } from "./safety.ts";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", true, "unicast"],
    ["2606:4700::1111", true, "unicast"],
    ["10.1.2.3", false, "private"],
    ["172.16.0.1", false, "private"],
    ["192.168.1.1", false, "private"],
    ["127.0.0.1", false, "loopback"],
    ["::1", false, "loopback"],
    ["169.254.1.1", false, "linkLocal"],
    ["fe80::1", false, "linkLocal"],
    ["100.64.0.1", false, "carrierGradeNat"],
    ["224.0.0.251", false, "multicast"],
    ["ff02::1", false, "multicast"],
    ["0.0.0.0", false, "unspecified"],
    ["::", false, "unspecified"],
    ["198.18.0.1", false, "reserved"],
    ["240.0.0.1", false, "reserved"],
    ["fc00::1", false, "uniqueLocal"],
    ["169.254.169.254", false, "metadata"],
    ["fd00:ec2::254", false, "metadata"],
    ["::ffff:10.0.0.1", false, "private"],
    ["::ffff:169.254.169.254", false, "metadata"],
    ["::ffff:8.8.8.8", true, "unicast"],
    ["2002:0a00:0001::1", false, "private"], // 6to4 of 10.0.0.1
    ["::808:808", false, "reserved"], // deprecated IPv4-compatible
    ["not-an-ip", false, "invalid"],
  ])("%s → public %s (%s)", (ip, isPublic, range) => {
    expect(classifyAddress(ip)).toEqual({ public: isPublic, range });
  });
});

describe("isAllowedAddress", () => {
  const strict = { allowPrivate: false, allowedRanges: [] };
  it("allows public and refuses the rest with a reason", () => {
    expect(isAllowedAddress("8.8.8.8", strict)).toEqual({ allowed: true });
    expect(isAllowedAddress("10.0.0.1", strict)).toEqual({ allowed: false, reason: "10.0.0.1 is a private address" });
    expect(isAllowedAddress("169.254.169.254", strict).reason).toMatch(/metadata/);
  });
  it("honours allowPrivate, but not for metadata", () => {
    const lax = { allowPrivate: true, allowedRanges: [] };
    expect(isAllowedAddress("10.0.0.1", lax).allowed).toBe(true);
    expect(isAllowedAddress("::1", lax).allowed).toBe(true);
    expect(isAllowedAddress("169.254.169.254", lax).allowed).toBe(false);
  });
  it("honours allowedRanges, mapped addresses included", () => {
    const cfg = { allowPrivate: false, allowedRanges: ["127.0.0.0/8", "::1/128", "169.254.169.254"] };
    expect(isAllowedAddress("127.0.0.2", cfg).allowed).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", cfg).allowed).toBe(true);
    expect(isAllowedAddress("::1", cfg).allowed).toBe(true);
    expect(isAllowedAddress("169.254.169.254", cfg).allowed).toBe(true);
    expect(isAllowedAddress("10.0.0.1", cfg).allowed).toBe(false);
  });
});

describe("netConfigFromEnv", () => {
  it("uses the defaults when nothing is set", () => {
    expect(netConfigFromEnv({})).toEqual(defaultNetConfig);
  });
  it("reads every variable", () => {
    const cfg = netConfigFromEnv({
      EMS_DNS_SERVERS: "127.0.0.1:5353, [::1]:53",
      EMS_DNS_TIMEOUT_MS: "500",
      EMS_HTTP_TIMEOUT_MS: "2000",
      EMS_MAX_RESPONSE_BYTES: "4096",
      EMS_MAX_REDIRECTS: "2",
      EMS_ALLOW_PRIVATE_TARGETS: "true",
      EMS_ALLOWED_RANGES: "127.0.0.0/8,::1/128",
      EMS_HTTP_PORT: "8080",
      EMS_HTTPS_PORT: "8443",
      EMS_S3_ENDPOINT: "http://127.0.0.1:9000/",
      EMS_GCS_ENDPOINT: "http://127.0.0.1:9001",
      EMS_AZURE_ENDPOINT: "http://127.0.0.1:9002/{account}",
      CHROMIUM_PATH: "/opt/chromium",
      EMS_SCREENSHOT_TIMEOUT_MS: "5000",
    });
    expect(cfg).toMatchObject({
      dnsServers: ["127.0.0.1:5353", "[::1]:53"],
      dnsTimeoutMs: 500,
      httpTimeoutMs: 2000,
      maxResponseBytes: 4096,
      maxRedirects: 2,
      allowPrivate: true,
      allowedRanges: ["127.0.0.0/8", "::1/128"],
      httpPort: 8080,
      httpsPort: 8443,
      bucketEndpoints: {
        s3: "http://127.0.0.1:9000",
        gcs: "http://127.0.0.1:9001",
        azure: "http://127.0.0.1:9002/{account}",
      },
      chromiumPath: "/opt/chromium",
      screenshotTimeoutMs: 5000,
    });
  });
  it("refuses malformed values instead of guessing", () => {
    expect(() => netConfigFromEnv({ EMS_HTTP_TIMEOUT_MS: "fast" })).toThrow(/EMS_HTTP_TIMEOUT_MS must be an integer/);
    expect(() => netConfigFromEnv({ EMS_ALLOWED_RANGES: "10.0.0.0/33" })).toThrow(/not a CIDR/);
    expect(() => netConfigFromEnv({ EMS_S3_ENDPOINT: "s3.local" })).toThrow(/http\(s\) base URL/);
  });
});
