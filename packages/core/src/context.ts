// The long-lived parts of a process (Services) and what every procedure call
// starts from (RequestContext).
import { createDatabase, type Database } from "@ems/db";
import type { Actor, Client, Credential, DashboardSession } from "./door.ts";
import { defaultNetConfig, defaultScanEngineConfig, type NetConfig, type ScanEngineConfig } from "@ems/scanners";
import { createKeyCache, type KeyCache } from "./auth/key-cache.ts";
import { builtInPaymentProvider, type PaymentProvider } from "./billing/payment-provider.ts";
import { scopedClient, type ScopedClient } from "./db/scoped.ts";
import { quietDiscoverySettings, type DiscoverySettings } from "./discovery/discovery.settings.ts";
import { createJobQueue, type JobQueue } from "./jobs/queue.ts";
import { WALK_FROM_START } from "./paging.ts";
import { createLimiter, createRequestBudgets, type Budget, type Limiter } from "./rate-limit/budgets.ts";
import { defaultWebhookConfig, type WebhookConfig } from "./webhooks/webhooks.config.ts";

/** Long-lived things shared by all requests of a process. */
export interface Services {
  db: Database;
  /** The workspace-scoped Prisma client (see db/scoped.ts). */
  scoped: ScopedClient;
  /** API keys authenticated lately, kept exact by notifications (auth/key-cache.ts). */
  keys: KeyCache;
  budgets: Record<Budget, Limiter>;
  /** Asset revalidations: 30 an hour per workspace. */
  revalidations: Limiter;
  payments: PaymentProvider;
  /** Resolvers, ports, timeouts and allowed ranges of every network check. */
  net: NetConfig;
  /** Stage time limits, port-scan concurrency, templates, nuclei. */
  scanEngine: ScanEngineConfig;
  /** Discovery's sources, limits and cadence (discovery/discovery.settings.ts). */
  discovery: DiscoverySettings;
  /** Background jobs; null in processes that only read (the CLI): checks then wait for a worker's recovery sweep. */
  jobs: JobQueue | null;
  /** Change alerts: the dashboard URL for links, retries, timeout, when to disable an endpoint. */
  webhooks: WebhookConfig;
  /** Assessment report creations: 10 an hour per workspace. */
  assessmentCreations: Limiter;
  /** Views of one share link: 60 a minute. */
  shareViews: Limiter;
  /** Where the public share pages are served (the API's /share/…): the start of every shareUrl. */
  shareBaseUrl: string;
  /** The time reports are taken at (tests fix it to make a report's bytes repeatable). */
  now: () => Date;
  /**
   * Pages of a list that start past this many rows are found from the list marks where the list has them
   * (db/marks.ts), else ask for the total first and, past the middle, are read from the end (paging.ts). Tests set 0,
   * so that every list's deep pages go that way.
   */
  walkFromStart: number;
}

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

/**
 * What every procedure call starts from, built per request by requestContext:
 * the credential to identify (door.ts), or the actor an edge already admitted
 * (the REST edge admits before it calls, to send the RateLimit-* headers).
 */
export interface RequestContext {
  services: Services;
  credential: Credential;
  client: Client;
  admitted?: Actor;
  /** What a procedure tells the edge about its answer: a status other than its meta's (200 for a found duplicate). */
  reply: { status?: 200 | 201 };
}

/** The one context factory: the dashboard's tRPC handler and file routes, the REST edge and tests use it. */
export const requestContext = (
  services: Services,
  credential: Credential,
  client: Client = {},
  admitted?: Actor,
): RequestContext => ({ services, credential, client, admitted, reply: {} });

/** A dashboard request: the session (or null when signed out). */
export const sessionContext = (services: Services, session: DashboardSession | null, client: Client = {}) =>
  requestContext(services, { kind: "session", session }, client);
