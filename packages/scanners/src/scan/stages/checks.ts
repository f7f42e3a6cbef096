// What the catalogue's checks share across the stages of one scan: their
// settings, one rate and concurrency limiter for the host (a scan is one
// host), and the default-login budget.
import { DEFAULT_CHECKS, HostLimiter, type ChecksSettings } from "../../checks/engine/settings.ts";
import type { Shared, StageContext } from "./stage.ts";

interface ScanChecks {
  settings: ChecksSettings;
  limiter: HostLimiter;
  loginAttempts: Map<string, number>;
  /** The target's vetted addresses by name: checks' requests skip the lookup. */
  resolved?: Record<string, string[]>;
}

const perScan = new WeakMap<Shared, ScanChecks>();

/** The scan's (keyed by its shared state, so every stage of one scan gets the same). */
export function scanChecks(ctx: StageContext): ScanChecks {
  let v = perScan.get(ctx.shared);
  if (!v) {
    const settings = { ...DEFAULT_CHECKS, ...ctx.engine.checks };
    const { target } = ctx;
    v = {
      settings,
      limiter: new HostLimiter(settings),
      loginAttempts: new Map(),
      ...(target.kind === "host" && !target.isIp ? { resolved: { [target.host]: target.addresses } } : {}),
    };
    perScan.set(ctx.shared, v);
  }
  return v;
}
