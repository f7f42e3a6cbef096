// Request budgets per credential and minute, kept in PostgreSQL (table
// ratelimit.budgets, created by a migration) so that every API process
// shares them. rate-limiter-flexible does the counting.
import type { Pool } from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError, ErrorCode } from "../errors.ts";

export const BUDGETS = { read: 120, write: 60 } as const;
export type Budget = keyof typeof BUDGETS;

export interface BudgetState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export type RateLimitHeaders = Record<"RateLimit-Limit" | "RateLimit-Remaining" | "RateLimit-Reset", string>;

export const rateLimitHeaders = (s: BudgetState): RateLimitHeaders => ({
  "RateLimit-Limit": String(s.limit),
  "RateLimit-Remaining": String(s.remaining),
  "RateLimit-Reset": String(s.resetSeconds),
});

/** A named limiter in the shared table: `points` per `seconds` per key. */
export function createLimiter(pool: Pool, name: string, points: number, seconds: number) {
  const limiter = new RateLimiterPostgres({
    storeClient: pool,
    storeType: "pool",
    schemaName: "ratelimit",
    tableName: "budgets",
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: name,
    points,
    duration: seconds,
  });
  return {
    /** Takes one point or throws 429 RATE_LIMITED with Retry-After. */
    async consume(key: string, what = "requests"): Promise<BudgetState> {
      try {
        const res = await limiter.consume(key);
        return { limit: points, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          `Too many ${what}: at most ${points} per ${seconds} seconds; retry in ${retryAfter} s`,
          {
            headers: {
              "Retry-After": String(retryAfter),
              ...rateLimitHeaders({ limit: points, remaining: 0, resetSeconds: retryAfter }),
            },
          },
        );
      }
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

export function createRequestBudgets(pool: Pool): Record<Budget, Limiter> {
  return {
    read: createLimiter(pool, "read", BUDGETS.read, 60),
    write: createLimiter(pool, "write", BUDGETS.write, 60),
  };
}
