// How hard the catalogue's checks may press on one host, and their bounds:
// requests per second and in flight (p-queue, one per scan: a scan is one
// host), bytes read per answer, the default-login budget, the TLS expiry
// warning, the port name servers are asked zone transfers on.
import PQueue from "p-queue";
import { envInt, type Env } from "../../config.ts";
import { settleOnce } from "../../settle.ts";

export interface ChecksSettings {
  /** Requests (HTTP requests, TCP conversations, TLS handshakes) started per second on the host. */
  rps: number;
  /** Of those, at most this many at once. */
  concurrency: number;
  /** Bytes of each answer a check reads (answers are cut there). */
  maxBytes: number;
  /** Time limit of one TCP conversation. */
  conversationTimeoutMs: number;
  /** Credential pairs tried per service and endpoint per scan; never more than 3. */
  loginAttempts: number;
  /** A certificate expiring within this many days is reported. */
  expiryWarningDays: number;
  /** Port name servers are asked zone transfers (AXFR over TCP) on. */
  dnsPort: number;
}

export const DEFAULT_CHECKS: Readonly<ChecksSettings> = Object.freeze({
  rps: 50,
  concurrency: 10,
  maxBytes: 65_536,
  conversationTimeoutMs: 3000,
  loginAttempts: 3,
  expiryWarningDays: 14,
  dnsPort: 53,
});

export const MAX_LOGIN_ATTEMPTS = 3;

/**
 * EMS_CHECKS_RPS, EMS_CHECKS_CONCURRENCY, EMS_CHECKS_MAX_BYTES, EMS_CHECKS_CONVERSATION_TIMEOUT_MS,
 * EMS_CHECKS_LOGIN_ATTEMPTS (0 turns default logins off), EMS_TLS_EXPIRY_WARNING_DAYS, EMS_CHECKS_DNS_PORT.
 */
export function checksSettingsFromEnv(env: Env = process.env): ChecksSettings {
  const d = DEFAULT_CHECKS;
  return {
    rps: envInt(env, "EMS_CHECKS_RPS", d.rps, 1, 10_000),
    concurrency: envInt(env, "EMS_CHECKS_CONCURRENCY", d.concurrency, 1, 500),
    maxBytes: envInt(env, "EMS_CHECKS_MAX_BYTES", d.maxBytes, 1024, 16 * 1024 * 1024),
    conversationTimeoutMs: envInt(env, "EMS_CHECKS_CONVERSATION_TIMEOUT_MS", d.conversationTimeoutMs, 100, 60_000),
    loginAttempts: envInt(env, "EMS_CHECKS_LOGIN_ATTEMPTS", d.loginAttempts, 0, MAX_LOGIN_ATTEMPTS),
    expiryWarningDays: envInt(env, "EMS_TLS_EXPIRY_WARNING_DAYS", d.expiryWarningDays, 1, 365),
    dnsPort: envInt(env, "EMS_CHECKS_DNS_PORT", d.dnsPort, 1, 65_535),
  };
}

/** The rate and concurrency limit of one host: every request a check makes waits its turn here. */
export class HostLimiter {
  private readonly queue: PQueue;
  /** Requests started so far (for reports and benchmarks). */
  started = 0;

  constructor(settings: Pick<ChecksSettings, "rps" | "concurrency">) {
    // Spread the rate over tenths of a second rather than letting a whole second's worth start at once.
    const smooth = settings.rps >= 10;
    this.queue = new PQueue({
      concurrency: settings.concurrency,
      intervalCap: smooth ? Math.round(settings.rps / 10) : 1,
      interval: smooth ? 100 : Math.round(1000 / settings.rps),
    });
  }

  /**
   * Runs fn in its turn; a signal aborted while it waits rejects at once with the signal's reason (settleOnce: one
   * abort listener per signal however many requests wait on it), and the turn, when it comes, is skipped.
   */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return settleOnce<T>(signal ? { signal } : {}, (settle) => {
      void this.queue.add(async () => {
        if (settle.settled) return;
        this.started++;
        try {
          settle.resolve(await fn());
        } catch (err) {
          settle.reject(err);
        }
      });
    });
  }
}
