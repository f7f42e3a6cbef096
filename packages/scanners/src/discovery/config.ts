// EMS_DISCOVERY_* settings. Unset ones keep the defaults; bad ones stop the start with their name.
import { envInt, type Env } from "../config.ts";
import type { DiscoveryConfig } from "./types.ts";

export const defaultDiscoveryConfig: DiscoveryConfig = Object.freeze({
  crtShUrl: "https://crt.sh",
  certSpotterUrl: "https://api.certspotter.com",
  certSpotterToken: null,
  sourceTimeoutMs: 30_000,
  resolveConcurrency: 200,
  bruteforce: true,
  maxHosts: 20_000,
});

/** A base URL, or null when set to "" (the source is off); unset keeps the default. */
function sourceUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const v = raw.trim();
  if (!v) return null;
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new Error(`${name} must be an http(s) base URL or empty (off), got "${raw}"`);
  return v.replace(/\/+$/, "");
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = env[name]?.trim().toLowerCase();
  if (!v) return fallback;
  if (["1", "true", "yes", "on"].includes(v)) return true;
  if (["0", "false", "no", "off"].includes(v)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

export function discoveryConfigFromEnv(env: Env = process.env): DiscoveryConfig {
  const d = defaultDiscoveryConfig;
  return {
    crtShUrl: sourceUrl(env, "EMS_DISCOVERY_CRTSH_URL", d.crtShUrl),
    certSpotterUrl: sourceUrl(env, "EMS_DISCOVERY_CERTSPOTTER_URL", d.certSpotterUrl),
    certSpotterToken: env.EMS_DISCOVERY_CERTSPOTTER_TOKEN?.trim() || null,
    sourceTimeoutMs: envInt(env, "EMS_DISCOVERY_SOURCE_TIMEOUT_MS", d.sourceTimeoutMs, 100, 600_000),
    resolveConcurrency: envInt(env, "EMS_DISCOVERY_CONCURRENCY", d.resolveConcurrency, 1, 5000),
    bruteforce: flag(env, "EMS_DISCOVERY_BRUTEFORCE", d.bruteforce),
    maxHosts: envInt(env, "EMS_DISCOVERY_MAX_HOSTS", d.maxHosts, 1, 1_000_000),
  };
}
