// Scan targets under example.test, the name the scan tests serve from their DNS server.
import type { ParsedTarget } from "../targets.ts";

/** A subdomain of example.test as the asset parser returns it. */
export const exampleHost = (value: string): ParsedTarget => ({
  type: "subdomain",
  value,
  registrableDomain: "example.test",
  unicode: value,
});

/** What a proof of example.test covers: its subdomains. */
export const coversExample = (host: string) => host.endsWith(".example.test");
