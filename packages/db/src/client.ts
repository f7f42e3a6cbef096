// The one way to get a database handle: a pg pool (shared with the rate
// limiter and raw queries), a Prisma client over the same pool, and a
// LISTEN connection opened only if something subscribes.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";
import { createNotifications, type Notifications } from "./notifications.ts";

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  notifications: Notifications;
  url: string;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { max?: number } = {}): Database {
  // Custom plans only: the hot lists are named (prepared) statements, and after five runs PostgreSQL may switch a
  // connection to one generic plan for every workspace. One planned on deep pages of a big workspace is a hash join
  // over the whole table, ~150 times slower for page 1 of a small one (docs/benchmarks.md, "plan cache").
  // No parallel workers: starting them cost more than they saved in every report measured (a scan of 200,000 issues
  // 87 -> 21 ms, the 12-month SLA report 161 -> 82, vulnerable assets at 70,000 assets 94 -> 64), and concurrent
  // requests already use the cores.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: "-c plan_cache_mode=force_custom_plan -c max_parallel_workers_per_gather=0",
  });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const notifications = createNotifications(url);
  return {
    prisma,
    pool,
    notifications,
    url,
    async close() {
      await notifications.close();
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
