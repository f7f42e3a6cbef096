// The contract between the discovery engine and packages/core
// (/work/briefs/discovery-interface.md): core stores `resolves`, `resolvedIp`,
// `cname`, `wildcard` and `takeover` as they are, so these are wire shapes too.
import type { NetConfig } from "../config.ts";

export type DiscoverySource = "crtsh" | "certspotter" | "bruteforce" | "certificate" | "cname" | "redirect";

export interface DiscoveryConfig {
  /** EMS_DISCOVERY_CRTSH_URL, default "https://crt.sh"; null = off. */
  crtShUrl: string | null;
  /** EMS_DISCOVERY_CERTSPOTTER_URL, default "https://api.certspotter.com"; null = off. */
  certSpotterUrl: string | null;
  /** EMS_DISCOVERY_CERTSPOTTER_TOKEN (optional bearer token). */
  certSpotterToken: string | null;
  /** EMS_DISCOVERY_SOURCE_TIMEOUT_MS, default 30000: the whole of one source (all its pages). */
  sourceTimeoutMs: number;
  /** EMS_DISCOVERY_CONCURRENCY, default 200: names being resolved at once. */
  resolveConcurrency: number;
  /** EMS_DISCOVERY_BRUTEFORCE, default true. */
  bruteforce: boolean;
  /**
   * EMS_DISCOVERY_MAX_HOSTS, default 20000: the most hosts one run returns (and core stores). Past it the names the
   * product itself saw are kept first, then the shallowest (fewest labels), then in alphabetical order.
   */
  maxHosts: number;
}

export interface DiscoveryProgress {
  phase: "sources" | "resolve";
  done: number;
  total: number;
}

export interface DiscoveryInput {
  /** A proven registrable domain or subdomain, lower-case. */
  domain: string;
  /** Names the product already saw (TLS SANs from checks/scans, CNAME targets, redirect hosts). */
  seen: Array<{ host: string; source: "certificate" | "cname" | "redirect" }>;
  /** The scanners' NetConfig (DNS servers, guard settings, timeouts). */
  net: NetConfig;
  config: DiscoveryConfig;
  signal?: AbortSignal;
  onProgress?: (p: DiscoveryProgress) => void;
}

export interface DiscoveredHost {
  /** Lower-case, no trailing dot, never "*.", always under the domain. */
  host: string;
  /** Sorted, unique. */
  sources: DiscoverySource[];
  /** null when the name does not resolve (NXDOMAIN / no A/AAAA at the end of the chain). */
  resolves: { a: string[]; aaaa: string[] } | null;
  /** First address (IPv4 first), with its family; null when not resolving. */
  resolvedIp: { address: string; family: 4 | 6 } | null;
  /** The CNAME chain, in order; null when the name has no CNAME. */
  cname: { chain: string[]; target: string } | null;
  /** Set when the name's answer equals the zone's wildcard answer (the name may not really exist). */
  wildcard: { zone: string; addresses: string[] } | null;
  /** Set when the CNAME points at a cloud/SaaS target that no longer exists (subdomain takeover risk). */
  takeover: { service: string; target: string; evidence: string } | null;
}

export interface DiscoveryResult {
  domain: string;
  /**
   * Unique by host. Names matching only the wildcard are included with `wildcard` set, except names
   * found ONLY by brute force that match the wildcard: those are dropped.
   */
  hosts: DiscoveredHost[];
  wildcardZones: Array<{ zone: string; addresses: string[] }>;
  /** A source that failed (timeout, 5xx, bad JSON) does not fail the run; it is reported here. */
  sourceErrors: Array<{ source: DiscoverySource; message: string }>;
  /** Set when the run found more than `maxHosts`: the cap and how many names it left out. */
  capped: { limit: number; dropped: number } | null;
}
