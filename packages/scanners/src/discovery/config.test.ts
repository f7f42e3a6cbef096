import { describe, expect, it } from "vitest";
import { defaultDiscoveryConfig, discoveryConfigFromEnv } from "./config.ts";

describe("discoveryConfigFromEnv", () => {
  it("keeps the defaults when nothing is set", () => {
    expect(discoveryConfigFromEnv({})).toEqual({
      crtShUrl: "https://crt.sh",
      certSpotterUrl: "https://api.certspotter.com",
      certSpotterToken: null,
      sourceTimeoutMs: 30000,
      resolveConcurrency: 200,
      bruteforce: true,
      maxHosts: 20000,
    });
    expect(defaultDiscoveryConfig.crtShUrl).toBe("https://crt.sh");
  });

  it("reads every setting; an empty URL turns its source off", () => {
    expect(
      discoveryConfigFromEnv({
        EMS_DISCOVERY_CRTSH_URL: "",
        EMS_DISCOVERY_CERTSPOTTER_URL: "http://127.0.0.1:8080/ct/",
        EMS_DISCOVERY_CERTSPOTTER_TOKEN: " k-123 ",
        EMS_DISCOVERY_SOURCE_TIMEOUT_MS: "5000",
        EMS_DISCOVERY_CONCURRENCY: "50",
        EMS_DISCOVERY_BRUTEFORCE: "false",
        EMS_DISCOVERY_MAX_HOSTS: "500",
      }),
    ).toEqual({
      crtShUrl: null,
      certSpotterUrl: "http://127.0.0.1:8080/ct",
      certSpotterToken: "k-123",
      sourceTimeoutMs: 5000,
      resolveConcurrency: 50,
      bruteforce: false,
      maxHosts: 500,
    });
  });

  it("stops on a bad value, naming the setting", () => {
    expect(() => discoveryConfigFromEnv({ EMS_DISCOVERY_CRTSH_URL: "ftp://crt.sh" })).toThrow(
      'EMS_DISCOVERY_CRTSH_URL must be an http(s) base URL or empty (off), got "ftp://crt.sh"',
    );
    expect(() => discoveryConfigFromEnv({ EMS_DISCOVERY_CONCURRENCY: "0" })).toThrow(/EMS_DISCOVERY_CONCURRENCY/);
    expect(() => discoveryConfigFromEnv({ EMS_DISCOVERY_SOURCE_TIMEOUT_MS: "soon" })).toThrow(
      /EMS_DISCOVERY_SOURCE_TIMEOUT_MS/,
    );
    expect(() => discoveryConfigFromEnv({ EMS_DISCOVERY_BRUTEFORCE: "maybe" })).toThrow(
      'EMS_DISCOVERY_BRUTEFORCE must be true or false, got "maybe"',
    );
  });
});
