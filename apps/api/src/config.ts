// Every setting comes from the environment (README lists them).
import { edgeSettingsFromEnv } from "@ems/core/http-edge";

export interface ApiConfig {
  host: string;
  port: number;
  /** Public base URL, used in the OpenAPI document's server list. */
  baseUrl: string;
  /** Largest accepted request body in bytes (EMS_BODY_LIMIT; core's edgeSettingsFromEnv, shared with the dashboard). */
  bodyLimit: number;
  /** X-Forwarded-For gives the client's address (EMS_TRUST_PROXY, behind a reverse proxy). */
  trustProxy: boolean;
  logLevel: string;
  /** Browser origins allowed to call the API cross-origin (EMS_CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /** The dashboard's URL (OAuth consent page). */
  webUrl: string;
  /** The start of share links (`<shareBaseUrl>/share/<token>`): EMS_SHARE_BASE_URL, else baseUrl. */
  shareBaseUrl: string;
  /**
   * What every worker in this process runs besides jobs (the scheduler and the scan watchdog), and how many scans it
   * runs at once (EMS_SCAN_SLOTS; default 2).
   */
  worker: {
    schedulerIntervalMs: number;
    watchdogIntervalMs: number;
    heartbeatTimeoutMs: number;
    scanConcurrency?: number;
  };
}

/** EMS_CORS_ORIGINS: exact origins (scheme://host[:port]), separated by commas or spaces. */
export function parseCorsOrigins(value = ""): string[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      let parsed: string | undefined;
      try {
        parsed = new URL(origin).origin;
      } catch {
        parsed = undefined;
      }
      if (parsed !== origin)
        throw new Error(`EMS_CORS_ORIGINS: "${origin}" is not an origin like https://dashboard.example.com`);
      return origin;
    });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.PORT ?? env.EMS_API_PORT ?? 4000);
  const host = env.HOST ?? "127.0.0.1";
  const baseUrl = env.EMS_BASE_URL ?? `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`;
  return {
    host,
    port,
    baseUrl,
    shareBaseUrl: (env.EMS_SHARE_BASE_URL ?? baseUrl).replace(/\/$/, ""),
    ...edgeSettingsFromEnv(env),
    logLevel: env.LOG_LEVEL ?? "info",
    corsOrigins: parseCorsOrigins(env.EMS_CORS_ORIGINS),
    webUrl: (env.EMS_WEB_URL ?? `http://127.0.0.1:${env.EMS_WEB_PORT ?? 3000}`).replace(/\/$/, ""),
    worker: {
      schedulerIntervalMs: Number(env.EMS_SCHEDULER_INTERVAL_MS ?? 20_000),
      watchdogIntervalMs: Number(env.EMS_WATCHDOG_INTERVAL_MS ?? 15_000),
      heartbeatTimeoutMs: Number(env.EMS_SCAN_HEARTBEAT_TIMEOUT_MS ?? 45_000),
      scanConcurrency: env.EMS_SCAN_SLOTS ? Number(env.EMS_SCAN_SLOTS) : undefined,
    },
  };
}
