// How discovery runs in this process: the engine's sources and limits
// (EMS_DISCOVERY_*, read by @ems/scanners) and the cadence.
import { discoveryConfigFromEnv, type DiscoveryConfig } from "@ems/scanners";

export interface DiscoverySettings {
  engine: DiscoveryConfig;
  /** EMS_DISCOVERY_INTERVAL_DAYS: days between runs under each proven domain; 0 turns the cadence off. */
  intervalDays: number;
}

export const DEFAULT_DISCOVERY_INTERVAL_DAYS = 7;

/**
 * What a process gets unless it is configured (tests, the CLI): no outside source (nothing leaves the
 * machine but DNS to the configured resolvers) and no cadence.
 */
export const quietDiscoverySettings: DiscoverySettings = Object.freeze({
  engine: Object.freeze({
    crtShUrl: null,
    certSpotterUrl: null,
    certSpotterToken: null,
    sourceTimeoutMs: 30_000,
    resolveConcurrency: 200,
    bruteforce: true,
    maxHosts: 20_000,
  }),
  intervalDays: 0,
});

export function discoverySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DiscoverySettings {
  const raw = env.EMS_DISCOVERY_INTERVAL_DAYS?.trim();
  const intervalDays = raw ? Number(raw) : DEFAULT_DISCOVERY_INTERVAL_DAYS;
  if (!/^\d+$/.test(raw ?? "0") || intervalDays > 365)
    throw new Error(`EMS_DISCOVERY_INTERVAL_DAYS must be a whole number of days from 0 (off) to 365, got "${raw}"`);
  return { engine: discoveryConfigFromEnv(env), intervalDays };
}
