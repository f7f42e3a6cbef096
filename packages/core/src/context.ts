// What every procedure call starts from. Built per request by the REST
// adapter (apps/api), the dashboard's tRPC handler (apps/web) or a test.
import type { Database } from "@ems/db";
import { defaultNetConfig, defaultScanEngineConfig, type NetConfig, type ScanEngineConfig } from "@ems/scanners";
import { builtInPaymentProvider, type PaymentProvider } from "./billing/payment-provider.ts";
import { scopedClient, type ScopedClient } from "./db/scoped.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { createLimiter, createRequestBudgets, type Budget, type Limiter } from "./rate-limit/budgets.ts";

/** Long-lived things shared by all requests of a process. */
export interface Services {
  db: Database;
  /** The workspace-scoped Prisma client (see db/scoped.ts). */
  scoped: ScopedClient;
  budgets: Record<Budget, Limiter>;
  /** Asset revalidations: 30 an hour per workspace. */
  revalidations: Limiter;
  payments: PaymentProvider;
  /** Resolvers, ports, timeouts and allowed ranges of every network check. */
  net: NetConfig;
  /** Stage time limits, port-scan concurrency, templates, nuclei. */
  scanEngine: ScanEngineConfig;
  /** Background jobs; null in processes that only read (the CLI): checks then wait for a worker's recovery sweep. */
  jobs: JobQueue | null;
}

export const REVALIDATIONS_PER_HOUR = 30;

export function createServices(
  db: Database,
  opts: { payments?: PaymentProvider; net?: NetConfig; scanEngine?: ScanEngineConfig; jobs?: JobQueue | null } = {},
): Services {
  return {
    db,
    scoped: scopedClient(db.prisma),
    budgets: createRequestBudgets(db.pool),
    revalidations: createLimiter(db.pool, "revalidate", REVALIDATIONS_PER_HOUR, 3600),
    payments: opts.payments ?? builtInPaymentProvider,
    net: opts.net ?? defaultNetConfig,
    scanEngine: opts.scanEngine ?? defaultScanEngineConfig,
    jobs: opts.jobs ?? null,
  };
}

export interface RequestContext {
  services: Services;
  /** "rest": Bearer credentials; "trpc": a dashboard session. */
  channel: "rest" | "trpc";
  authorization?: string;
  session?: { userId: number; workspaceId: number } | null;
  ip?: string;
  userAgent?: string;
  /** Filled by middlewares, written by the REST adapter: status and headers. */
  response: { status?: number; headers: Record<string, string> };
}

export function createRestContext(
  services: Services,
  req: { headers: Record<string, string | string[] | undefined>; ip?: string },
): RequestContext {
  const ua = req.headers["user-agent"];
  const auth = req.headers.authorization;
  return {
    services,
    channel: "rest",
    authorization: Array.isArray(auth) ? auth[0] : auth,
    ip: req.ip,
    userAgent: Array.isArray(ua) ? ua[0] : ua,
    response: { headers: {} },
  };
}

export function createSessionContext(
  services: Services,
  session: RequestContext["session"],
  req: { ip?: string; userAgent?: string } = {},
): RequestContext {
  return { services, channel: "trpc", session, ip: req.ip, userAgent: req.userAgent, response: { headers: {} } };
}
