// The one way to get a database handle: a pg pool (shared with the rate
// limiter and raw queries) and a Prisma client over the same pool.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client.ts";

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    url,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
