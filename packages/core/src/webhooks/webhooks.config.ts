// Settings of change alerts (README, Configuration) and the address guard an
// endpoint URL passes when it is saved; safeFetch applies the same guard again
// at every delivery, since DNS can change in between.
import { FetchRefused, envInt, vetUrl, type Env, type NetConfig } from "@ems/scanners";
import { validationError } from "../errors.ts";
import { describeDeliveryError } from "./webhooks.failure.ts";

export interface WebhookConfig {
  /** The dashboard's public URL: the links in every message. */
  webUrl: string;
  /** Attempts per message (the first and its retries). */
  attempts: number;
  /** Retry n waits between retryDelaySeconds × 2^(n-1) and twice that (pg-boss's backoff with jitter). */
  retryDelaySeconds: number;
  /** One attempt: connect, send, and the receiver's answer. */
  timeoutMs: number;
  /** Messages in a row failing after every attempt before the endpoint is disabled. */
  disableAfter: number;
}

export const defaultWebhookConfig: WebhookConfig = Object.freeze({
  webUrl: "http://127.0.0.1:3000",
  attempts: 8,
  retryDelaySeconds: 30,
  timeoutMs: 10_000,
  disableAfter: 15,
});

/** Reads EMS_WEBHOOK_* and the dashboard URL (EMS_WEB_URL, else NEXTAUTH_URL); bad values throw with their name. */
export function webhookConfigFromEnv(env: Env = process.env): WebhookConfig {
  const d = defaultWebhookConfig;
  const webUrl = env.EMS_WEB_URL?.trim() || env.NEXTAUTH_URL?.trim() || `http://127.0.0.1:${env.EMS_WEB_PORT ?? 3000}`;
  return {
    webUrl: webUrl.replace(/\/+$/, ""),
    attempts: envInt(env, "EMS_WEBHOOK_ATTEMPTS", d.attempts, 1, 20),
    retryDelaySeconds: envInt(env, "EMS_WEBHOOK_RETRY_DELAY_SECONDS", d.retryDelaySeconds, 1, 3600),
    timeoutMs: envInt(env, "EMS_WEBHOOK_TIMEOUT_MS", d.timeoutMs, 100, 60_000),
    disableAfter: envInt(env, "EMS_WEBHOOK_DISABLE_AFTER", d.disableAfter, 1, 1000),
  };
}

/** The queue's retry policy: a few spare retries, so that a worker that died mid-attempt does not end a message. */
export const retryPolicy = (cfg: WebhookConfig) => ({
  retryLimit: cfg.attempts + 2,
  retryDelaySeconds: cfg.retryDelaySeconds,
  expireInSeconds: Math.ceil(cfg.timeoutMs / 1000) + 60,
});

/** The network settings of one delivery attempt: its own timeout, no redirects, a small answer. */
export const deliveryNet = (net: NetConfig, cfg: WebhookConfig): NetConfig => ({
  ...net,
  httpTimeoutMs: cfg.timeoutMs,
  maxRedirects: 0,
  maxResponseBytes: 4096,
});

/**
 * A 400 naming `url` unless the URL is http(s) and its host resolves only to addresses the operator allows; else the
 * URL as stored, normalised (WHATWG URL: what a request uses, so that its mask shows the host messages go to).
 */
export async function checkWebhookUrl(url: string, net: NetConfig): Promise<string> {
  try {
    await vetUrl(url, net);
  } catch (err) {
    // In the delivery log's words: a refusal never says which address the host resolved to.
    if (err instanceof FetchRefused)
      throw validationError("url", describeDeliveryError(err, net.httpTimeoutMs).message);
    throw err;
  }
  return new URL(url).href;
}
