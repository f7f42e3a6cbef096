-- Request budgets (rate-limiter-flexible's RateLimiterPostgres layout), in a
-- schema of their own so that Prisma's diffing of "public" ignores them.
CREATE SCHEMA IF NOT EXISTS "ratelimit";

CREATE TABLE "ratelimit"."budgets" (
    "key" VARCHAR(255) PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);

CREATE INDEX "budgets_expire_idx" ON "ratelimit"."budgets" ("expire");
