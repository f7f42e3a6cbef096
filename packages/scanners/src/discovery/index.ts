// Discovery: hostnames under a proven domain, from CT logs, what the product
// already saw, and DNS brute force; resolved, wildcard-checked, takeover-checked.
export * from "./types.ts";
export * from "./config.ts";
export { discoverHostnames } from "./discover.ts";
export { forEachPooled } from "./pool.ts";
export { DnsClient, DnsQueryError, type NameAnswer, type QueryAnswer } from "./resolver.ts";
export { TAKEOVER_SERVICES, type TakeoverService } from "./takeover-services.ts";
export { bundledWordlist } from "./wordlist.ts";
