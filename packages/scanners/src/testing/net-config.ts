// A NetConfig for tests: our DNS server, loopback allowed, short timeouts.
import { defaultNetConfig, type NetConfig } from "../config.ts";
import type { TestDnsServer } from "./dns-server.ts";
import type { TestWebServers } from "./http-servers.ts";

export function testNetConfig(
  dns: TestDnsServer | null,
  web: TestWebServers | null,
  overrides: Partial<NetConfig> = {},
): NetConfig {
  return {
    ...defaultNetConfig,
    dnsServers: dns ? [dns.address] : [],
    dnsTimeoutMs: 1000,
    httpTimeoutMs: 3000,
    allowedRanges: ["127.0.0.0/8", "::1/128"],
    ...(web ? web.ports : {}),
    screenshotTimeoutMs: 15000,
    ...overrides,
  };
}
