// Scan settings for tests: loopback fixtures take the whole catalogue at once, so tests do not wait out the
// per-host politeness (50 requests/s) a real host gets; everything else is the product's default.
import { DEFAULT_CHECKS, type ChecksSettings } from "../checks/engine/settings.ts";
import { defaultScanEngineConfig, type ScanEngineConfig } from "../scan/config.ts";

export const testChecksSettings: ChecksSettings = Object.freeze({ ...DEFAULT_CHECKS, rps: 5000, concurrency: 32 });

export const testScanEngineConfig: ScanEngineConfig = Object.freeze({
  ...defaultScanEngineConfig,
  checks: testChecksSettings,
});
