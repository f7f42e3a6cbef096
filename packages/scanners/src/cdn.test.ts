import { describe, expect, it } from "vitest";
import { detectCdn } from "./cdn.ts";

const none = { cnames: [], headers: {}, addresses: [] };

describe("detectCdn", () => {
  it.each([
    ["www.example.com.cdn.cloudflare.net", "cloudflare"],
    ["d111111abcdef8.cloudfront.net.", "cloudfront"],
    ["dualstack.example.map.fastly.net", "fastly"],
    ["e1234.a.akamaiedge.net", "akamai"],
    ["example.azurefd.net", "azure-front-door"],
    ["x.incapdns.net", "incapsula"],
    ["cloudproxy10001.sucuri.net", "sucuri"],
    ["my-site.netlify.app", "netlify"],
    ["cname.vercel-dns.com", "vercel"],
  ])("from CNAME %s → %s", (cname, cdn) => {
    expect(detectCdn({ ...none, cnames: ["intermediate.example.com", cname] })).toBe(cdn);
  });

  it.each([
    [{ "cf-ray": "8a1b2c3d4e5f-FRA" }, "cloudflare"],
    [{ server: "cloudflare" }, "cloudflare"],
    [{ "x-amz-cf-id": "abc==", via: "1.1 abc.cloudfront.net (CloudFront)" }, "cloudfront"],
    [{ "x-served-by": "cache-fra-eddf8230041-FRA", "x-cache": "HIT" }, "fastly"],
    [{ "x-akamai-transformed": "9 - 0 pmb=mRUM,1" }, "akamai"],
    [{ "x-azure-ref": "0abc" }, "azure-front-door"],
    [{ via: "1.1 google" }, "google-cloud-cdn"],
    [{ "x-sucuri-id": "11005" }, "sucuri"],
    [{ "x-iinfo": "10-1234-0 0NNN RT(1 2) q(0 -1 -1 -1) r(0 -1)" }, "incapsula"],
    [{ "x-vercel-id": "fra1::abc" }, "vercel"],
    [{ "x-nf-request-id": "01H..." }, "netlify"],
    [{ server: "nginx" }, null],
  ])("from headers %j → %s", (headers, cdn) => {
    expect(detectCdn({ ...none, headers })).toBe(cdn);
  });

  it.each([
    ["104.16.132.229", "cloudflare"],
    ["172.67.1.1", "cloudflare"],
    ["2606:4700:3030::6815:1", "cloudflare"],
    ["151.101.1.69", "fastly"],
    ["13.32.1.1", "cloudfront"],
    ["76.76.21.21", "vercel"],
    ["93.184.216.34", null],
  ])("from address %s → %s", (ip, cdn) => {
    expect(detectCdn({ ...none, addresses: [ip] })).toBe(cdn);
  });

  it("prefers the CNAME over headers and ranges", () => {
    expect(detectCdn({ cnames: ["x.cloudfront.net"], headers: { "cf-ray": "1" }, addresses: ["151.101.1.1"] })).toBe(
      "cloudfront",
    );
    expect(detectCdn({ cnames: [], headers: { "cf-ray": "1" }, addresses: ["151.101.1.1"] })).toBe("cloudflare");
    expect(detectCdn(none)).toBeNull();
  });
});
