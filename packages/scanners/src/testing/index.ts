// Test doubles of the outside world, shared with core's and the web app's tests.
export * from "./dns-server.ts";
export * from "./http-servers.ts";
export * from "./net-config.ts";
export * from "./certificates.ts";
export * from "./tripwire.ts";
export * from "./ct-server.ts";
export * from "./fast-dns-server.ts";
export * from "./scan-settings.ts";
export * from "./targets.ts";
export * from "./port-host.ts";
