// Scan engine settings, separate from NetConfig (which says how to reach the
// network at all). Read from EMS_* variables; malformed values throw.
import { readFileSync } from "node:fs";
import { checksSettingsFromEnv, DEFAULT_CHECKS, type ChecksSettings } from "../checks/engine/settings.ts";
import { envInt, type Env } from "../config.ts";
import { DEFAULT_CRAWL, type CrawlLimits } from "./crawl.ts";

export interface ScanEngineConfig {
  /** A stage past it stops and the scan continues with a "scan.stage-timeout" info finding. */
  stageTimeoutMs: number;
  /** The most the services and HTTP stages' limits grow to (scaledStageLimit). */
  stageCeilingMs: number;
  /** Connection attempts in flight during a port scan. */
  portConcurrency: number;
  /** Connect timeout per port (an unanswered SYN counts as filtered). */
  portTimeoutMs: number;
  /** How long a banner is waited for on an open port; 0 = no banners (service from the port number only). */
  bannerTimeoutMs: number;
  /** Extra nuclei-format YAML templates (ours, in packages/scanners/templates, always run). */
  templatesDir?: string;
  /** If set, this nuclei binary is run (-jsonl) and its results imported. */
  nucleiBinary?: string;
  /** PEM certificates trusted in addition to Node's roots when judging certificate chains (private PKI, tests). */
  extraCaCerts?: string[];
  /** Link following below the home pages (crawl.ts); DEFAULT_CRAWL where unset, maxDepth 0 turns it off. */
  crawl?: Partial<CrawlLimits>;
  /** Where an imported advisory dataset lives (default <EMS_DATA_DIR>/advisories); the bundled one otherwise. */
  advisoriesDir?: string;
  /** The catalogue's checks: per-host rate and concurrency, byte cap, login budget… (DEFAULT_CHECKS where unset). */
  checks?: Partial<ChecksSettings>;
}

export const defaultScanEngineConfig: ScanEngineConfig = Object.freeze({
  stageTimeoutMs: 10 * 60_000,
  stageCeilingMs: 60 * 60_000,
  portConcurrency: 1000,
  portTimeoutMs: 1500,
  bannerTimeoutMs: 1500,
  crawl: Object.freeze({ ...DEFAULT_CRAWL }),
  checks: DEFAULT_CHECKS,
}) as ScanEngineConfig;

/**
 * EMS_SCAN_STAGE_TIMEOUT_MS, EMS_SCAN_STAGE_CEILING_MS, EMS_PORT_CONCURRENCY,
 * EMS_PORT_TIMEOUT_MS, EMS_BANNER_TIMEOUT_MS, EMS_TEMPLATES_DIR, EMS_NUCLEI_BIN, EMS_SCAN_CA_FILE,
 * EMS_CRAWL_MAX_DEPTH, EMS_CRAWL_MAX_PAGES, EMS_CRAWL_RESPECT_ROBOTS, and the checks' EMS_CHECKS_* and
 * EMS_TLS_EXPIRY_WARNING_DAYS (checks/engine/settings.ts).
 */
export function scanEngineConfigFromEnv(env: Env = process.env): ScanEngineConfig {
  const d = defaultScanEngineConfig;
  const templatesDir = env.EMS_TEMPLATES_DIR?.trim();
  const nucleiBinary = env.EMS_NUCLEI_BIN?.trim();
  const caFile = env.EMS_SCAN_CA_FILE?.trim();
  let extraCaCerts: string[] | undefined;
  if (caFile) {
    let pem: string;
    try {
      pem = readFileSync(caFile, "utf8");
    } catch (err) {
      throw new Error(`EMS_SCAN_CA_FILE: cannot read "${caFile}": ${(err as Error).message}`);
    }
    extraCaCerts = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (!extraCaCerts.length) throw new Error(`EMS_SCAN_CA_FILE: "${caFile}" holds no PEM certificate`);
  }
  return {
    stageTimeoutMs: envInt(env, "EMS_SCAN_STAGE_TIMEOUT_MS", d.stageTimeoutMs, 1000, 24 * 3_600_000),
    stageCeilingMs: envInt(env, "EMS_SCAN_STAGE_CEILING_MS", d.stageCeilingMs, 1000, 24 * 3_600_000),
    portConcurrency: envInt(env, "EMS_PORT_CONCURRENCY", d.portConcurrency, 1, 10_000),
    portTimeoutMs: envInt(env, "EMS_PORT_TIMEOUT_MS", d.portTimeoutMs, 50, 60_000),
    bannerTimeoutMs: envInt(env, "EMS_BANNER_TIMEOUT_MS", d.bannerTimeoutMs, 0, 60_000),
    ...(templatesDir ? { templatesDir } : {}),
    ...(nucleiBinary ? { nucleiBinary } : {}),
    ...(extraCaCerts ? { extraCaCerts } : {}),
    crawl: {
      maxDepth: envInt(env, "EMS_CRAWL_MAX_DEPTH", DEFAULT_CRAWL.maxDepth, 0, 5),
      maxPages: envInt(env, "EMS_CRAWL_MAX_PAGES", DEFAULT_CRAWL.maxPages, 1, 500),
      respectRobots: /^(1|true|yes)$/i.test(env.EMS_CRAWL_RESPECT_ROBOTS?.trim() ?? ""),
    },
    checks: checksSettingsFromEnv(env),
  };
}

/**
 * The time limit of a stage that works through `units` (open ports, web endpoints), `lanes` of them at once: the
 * engine's stage limit per round of `lanes` units, at most stageCeilingMs (never below the stage limit). With more
 * than one round, each unit gets `perUnitMs`, its round's share, so that one slow port or endpoint never holds the
 * others back; with one round there is no such share (the stage limit alone, as for every other stage).
 */
export function scaledStageLimit(
  engine: Pick<ScanEngineConfig, "stageTimeoutMs" | "stageCeilingMs">,
  units: number,
  lanes: number,
): { stageMs: number; perUnitMs?: number } {
  const rounds = Math.max(1, Math.ceil(units / Math.max(1, lanes)));
  const stageMs = Math.min(Math.max(engine.stageCeilingMs, engine.stageTimeoutMs), engine.stageTimeoutMs * rounds);
  return rounds > 1 ? { stageMs, perUnitMs: Math.floor(stageMs / rounds) } : { stageMs };
}
