// TLS checks of one port: the catalogue's TLS checks (checks/catalogue/tls/)
// over the facts of one handshake and the hand-built ClientHellos of
// tls-hello.ts (checks/engine/tls-facts.ts gathers them).
import { catalogue } from "../checks/catalogue.ts";
import { runTlsChecks } from "../checks/engine/facts-run.ts";
import { DEFAULT_CHECKS, type HostLimiter } from "../checks/engine/settings.ts";
import type { TlsCheck } from "../checks/format/index.ts";
import type { TlsCheckOptions, TlsTarget } from "./tls-scan.ts";
import type { ScanFinding } from "./types.ts";

export interface CheckTlsOptions extends TlsCheckOptions {
  /** A certificate expiring within this many days is reported (EMS_TLS_EXPIRY_WARNING_DAYS, 14). */
  expiryWarningDays?: number;
  /** The scan's per-host limit (every handshake and ClientHello waits its turn). */
  limiter?: HostLimiter;
  /** Which checks (the catalogue's TLS checks by default). */
  checks?: readonly TlsCheck[];
}

/** All TLS findings for one port; empty when it does not speak TLS. */
export async function checkTls(t: TlsTarget, opts: CheckTlsOptions): Promise<ScanFinding[]> {
  const { checks = catalogue().tls, expiryWarningDays = DEFAULT_CHECKS.expiryWarningDays, ...rest } = opts;
  return runTlsChecks(t, checks, { ...rest, expiryWarningDays });
}
