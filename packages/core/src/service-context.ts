// What services are given: the long-lived parts of a process (`Services`, built by the composition root context.ts)
// and, per call, the `ServiceContext` a workspace service takes (built by the door's `actAs`). Types and one factory
// only: nothing here reads the database.
import type { Pool } from "pg";
import type { Database } from "@ems/db";
import type { NetConfig, ScanEngineConfig } from "@ems/scanners";
import type { Actor } from "./actors.ts";
import type { KeyCache } from "./auth/key-cache.ts";
import type { PaymentProvider } from "./billing/payment-provider.ts";
import type { ScopedClient } from "./db/scoped.ts";
import type { DiscoverySettings } from "./discovery/discovery.settings.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Budget, Limiter } from "./rate-limit/budgets.ts";
import type { WebhookConfig } from "./webhooks/webhooks.config.ts";

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
  /**
   * The one clock: every time core decides something by (expiries, TTLs, cut-offs, periods, schedules, retries, the
   * time reports and snapshots are taken at) comes from here; tests set it. Timestamps that only record when something
   * happened (startedAt, finishedAt, heartbeats, revokedAt…) and those the database writes (now()) do not.
   */
  now: () => Date;
  /**
   * Pages of a list that start past this many rows are found from the list marks where the list has them
   * (db/marks.ts), else ask for the total first and, past the middle, are read from the end (paging.ts). Tests set 0,
   * so that every list's deep pages go that way.
   */
  walkFromStart: number;
}

/** What every service may reach of `Services` without declaring it: the clock and the paging setting. */
export type AlwaysGiven = "now" | "walkFromStart";

/**
 * What a service needs: the workspace-scoped client, raw SQL for hot paths, who is acting, and of the process's
 * long-lived parts only those it declares, e.g. `ServiceContext<"jobs" | "net">` (the clock and `walkFromStart`
 * always). A service that did not declare a part cannot reach it: `sc.services` has no such field, so the type check
 * refuses it, and a caller must itself declare what the services it calls use.
 */
export interface ServiceContext<Uses extends keyof Services = never> {
  db: ScopedClient;
  pool: Pool;
  actor: Actor;
  workspaceId: number;
  services: Pick<Services, Uses | AlwaysGiven>;
}

/** What a context is built from: the scoped client and the pool, with the parts always given. */
export type ContextParts = Pick<Services, "scoped" | "db" | AlwaysGiven>;

/** The parts of `Services` an `S` holds. */
export type PartsOf<S> = keyof S & keyof Services;

/** A context with the parts of `services` (`actAs` builds one per call; a service narrows it by what it declares). */
export const serviceContext = <S extends ContextParts>(services: S, actor: Actor): ServiceContext<PartsOf<S>> => ({
  db: services.scoped,
  pool: services.db.pool,
  actor,
  workspaceId: actor.workspaceId,
  // S holds every part it names, with the type Services gives it (S extends a Pick of Services).
  services: services as unknown as Pick<Services, PartsOf<S>>,
});
