// The composition root: builds a process's long-lived parts (`Services`, typed in service-context.ts) from a
// database and options. Nothing imports this module but the public surface (index.ts) and tests.
import { createDatabase, type Database } from "@ems/db";
import { defaultNetConfig, defaultScanEngineConfig, type NetConfig, type ScanEngineConfig } from "@ems/scanners";
import { createKeyCache } from "./auth/key-cache.ts";
import { builtInPaymentProvider, type PaymentProvider } from "./billing/payment-provider.ts";
import { scopedClient } from "./db/scoped.ts";
import { quietDiscoverySettings, type DiscoverySettings } from "./discovery/discovery.settings.ts";
import { createJobQueue } from "./jobs/jobs.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { WALK_FROM_START } from "./paging.ts";
import { createLimiter, createRequestBudgets } from "./rate-limit/budgets.ts";
import type { Services } from "./service-context.ts";
import { defaultWebhookConfig, type WebhookConfig } from "./webhooks/webhooks.config.ts";

export const REVALIDATIONS_PER_HOUR = 30;
export const ASSESSMENTS_PER_HOUR = 10;
export const SHARE_VIEWS_PER_MINUTE = 60;
export const DEFAULT_SHARE_BASE_URL = "http://127.0.0.1:4000";

export interface ServiceOptions {
  payments?: PaymentProvider;
  net?: NetConfig;
  scanEngine?: ScanEngineConfig;
  discovery?: DiscoverySettings;
  jobs?: JobQueue | null;
  webhooks?: WebhookConfig;
  shareBaseUrl?: string;
  now?: () => Date;
  walkFromStart?: number;
}

export function createServices(db: Database, opts: ServiceOptions = {}): Services {
  return {
    db,
    scoped: scopedClient(db.prisma),
    keys: createKeyCache(db.notifications),
    budgets: createRequestBudgets(db.pool),
    revalidations: createLimiter(db.pool, "revalidate", REVALIDATIONS_PER_HOUR, 3600),
    payments: opts.payments ?? builtInPaymentProvider,
    net: opts.net ?? defaultNetConfig,
    scanEngine: opts.scanEngine ?? defaultScanEngineConfig,
    discovery: opts.discovery ?? quietDiscoverySettings,
    jobs: opts.jobs ?? null,
    webhooks: opts.webhooks ?? defaultWebhookConfig,
    assessmentCreations: createLimiter(db.pool, "assessment", ASSESSMENTS_PER_HOUR, 3600),
    shareViews: createLimiter(db.pool, "share-view", SHARE_VIEWS_PER_MINUTE, 60),
    shareBaseUrl: (opts.shareBaseUrl ?? DEFAULT_SHARE_BASE_URL).replace(/\/$/, ""),
    now: opts.now ?? (() => new Date()),
    walkFromStart: opts.walkFromStart ?? WALK_FROM_START,
  };
}

/**
 * Services on a database that is already migrated (the dashboard: the API
 * migrates), with a job queue to enqueue checks and scans on.
 */
export function connectServices(url: string, opts: Omit<ServiceOptions, "jobs"> = {}): Services {
  return createServices(createDatabase(url), { ...opts, jobs: createJobQueue(url) });
}

/** Whether the database answers (the health check). */
export const databaseReachable = (services: Services): Promise<boolean> =>
  services.db.pool.query("select 1").then(
    () => true,
    () => false,
  );
